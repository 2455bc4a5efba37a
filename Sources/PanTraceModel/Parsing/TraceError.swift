/// Why a trace breaks docs/model.md §3 (docs/commands.md §7.4: invalid input data, exit 65).
///
/// It locates the problem as precisely as the input allows: the file (when the
/// caller attaches it), the 1-based line of the JSON Lines input, the key path
/// inside the trace (`samples[3].t`, `width`, `meta`; empty for the line as a
/// whole) and a reason for a person:
///
/// ```
/// traces.jsonl:3: samples[2].t: time goes backwards (0.016 after 0.024)
/// ```
public struct TraceError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file the trace came from, when known (`-` for standard input).
    public var file: String?
    /// 1-based line number in the input; `nil` for a trace checked outside a file.
    public var line: Int?
    /// Where in the trace: `samples[3].t`, `width`, `meta`, or `""` for the whole line.
    public var keyPath: String
    /// What is wrong, for a person (`time goes backwards (0.016 after 0.024)`).
    public var reason: String

    /// An error about the value at `keyPath`, on `line` of `file` when known.
    public init(file: String? = nil, line: Int? = nil, keyPath: String, reason: String) {
        self.file = file
        self.line = line
        self.keyPath = keyPath
        self.reason = reason
    }

    /// `file:line: keyPath: reason`, leaving out the parts that are unknown
    /// (`line 3: …` when there is no file name).
    public var description: String {
        var text = ""
        switch (file, line) {
        case (let file?, let line?): text = "\(file):\(line): "
        case (let file?, nil): text = "\(file): "
        case (nil, let line?): text = "line \(line): "
        case (nil, nil): break
        }
        if !keyPath.isEmpty { text += keyPath + ": " }
        return text + reason
    }

    /// The same error attributed to `file`.
    public func inFile(_ file: String) -> TraceError {
        var copy = self
        copy.file = file
        return copy
    }
}

/// A rule violation found while decoding or validating, before the line is known.
struct TraceIssue: Error {
    var keyPath: String
    var reason: String

    func at(line: Int?, file: String?) -> TraceError {
        TraceError(file: file, line: line, keyPath: keyPath, reason: reason)
    }
}
