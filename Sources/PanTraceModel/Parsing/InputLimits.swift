/// The documented limits on what pantrace reads, so that no input (an endless
/// `/dev/zero`, a file without a newline) can make it use unbounded memory.
///
/// Past a limit, reading stops at once and the input is refused as invalid
/// data (docs/commands.md §7.4: exit 65) naming the file and the line:
///
/// ```
/// traces.jsonl:3: the line is longer than 8 MiB (8388608 bytes), the limit for one trace
/// base.json:1: the file is longer than 1 MiB (1048576 bytes), the limit for a config
/// ```
public enum InputLimits {
    /// The longest line of JSON Lines input (one trace, from a file or
    /// standard input): 8 MiB, 8 388 608 bytes, not counting the `\n`.
    ///
    /// A real gesture is far below it (a minute sampled at 240 Hz is about
    /// 1 MB). The reader keeps at most one line and its parsed values; for
    /// the worst shapes of JSON tried (8 MiB of `[0]`, of `{"":0}`, of `0`
    /// in `meta`) a whole `pantrace record` peaked at 280 MB resident.
    ///
    /// It is also the limit of a trace as `export traces` writes it
    /// (``Trace/jsonLine()``, which spells out every default and writes
    /// numbers in their shortest round-trip text, so it can be longer than
    /// the line read): `record` refuses a trace whose exported line would be
    /// longer, and `export` never writes one, so that what export writes,
    /// record reads.
    public static let maximumTraceLineBytes = 8 << 20

    /// Lines up to this length need no check of their exported length: an
    /// exported sample is at most 5 times the shortest one that can be read
    /// (`{"t":0,"x":0,"y":0,"phase":"up"}`, 33 bytes, against at most 141:
    /// three numbers of 24 characters, `cancel` and 16 digits of `touches`),
    /// and the rest of the line grows by at most 200 bytes (`scrollOffset`,
    /// `scrollContent` and the separators), so 1 MiB read is under 8 MiB written.
    static let exportCheckedAboveBytes = 1 << 20

    /// Throws when `trace`'s exported line would pass ``maximumTraceLineBytes``.
    static func requireExportable(_ trace: Trace) throws(TraceIssue) {
        let length = trace.jsonLine().utf8.count
        guard length <= maximumTraceLineBytes else {
            throw TraceIssue(
                keyPath: "",
                reason: "the trace would be \(length) bytes on the line export writes, longer than "
                    + "\(describe(maximumTraceLineBytes)), the limit for one trace")
        }
    }

    /// The error `export traces` gives for a stored trace whose line would pass
    /// ``maximumTraceLineBytes`` (stored before the limit was checked, or
    /// through the library); `nil` when it fits.
    public static func exportIssue(_ trace: Trace, lineBytes length: Int) -> TraceError? {
        guard length > maximumTraceLineBytes else { return nil }
        return TraceError(
            keyPath: "",
            reason: "trace \(JSONWriter.string(trace.name)) would be \(length) bytes on one line, longer than "
                + "\(describe(maximumTraceLineBytes)), the limit record reads: it cannot be exported")
    }

    /// The largest config file (docs/configs.md): 1 MiB, 1 048 576 bytes. A config
    /// with every key is under 500 bytes.
    public static let maximumConfigBytes = 1 << 20

    /// `16 MiB (16777216 bytes)` for whole mebibytes, else `100 bytes`.
    public static func describe(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB (\(bytes) bytes)" : "\(bytes) bytes"
    }
}
