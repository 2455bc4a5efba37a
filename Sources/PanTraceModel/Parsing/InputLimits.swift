/// The documented limits on what pantrace reads, so that no input (an endless
/// `/dev/zero`, a file without a newline) can make it use unbounded memory.
///
/// Past a limit, reading stops at once and the input is refused as invalid
/// data (SPEC 7.4: exit 65) naming the file and the line:
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
    public static let maximumTraceLineBytes = 8 << 20

    /// The largest config file (SPEC 5): 1 MiB, 1 048 576 bytes. A config
    /// with every key is under 500 bytes.
    public static let maximumConfigBytes = 1 << 20

    /// `16 MiB (16777216 bytes)` for whole mebibytes, else `100 bytes`.
    public static func describe(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB (\(bytes) bytes)" : "\(bytes) bytes"
    }
}
