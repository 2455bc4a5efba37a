/// Reads traces from JSON Lines (docs/model.md §3), one line at a time.
///
/// Each call to ``next()`` reads one more line, skipping blank lines (empty or
/// only spaces, tabs and a `\r`), and returns the trace on it with its
/// 1-based line number, or `nil` at the end of the input. Reading is
/// streaming: a file is read in 64 KiB chunks with POSIX `read`, so memory
/// grows with the longest line, never with the file, and a line longer than
/// ``InputLimits/maximumTraceLineBytes`` is refused (a ``TraceError``) without
/// being kept: an endless input without a newline is read in bounded memory.
/// Every returned trace
/// passes ``Trace/validate()``: `meta` is the verbatim text of the line's
/// `meta` object and `family` is `meta.family` when that is a string.
///
/// Duplicate names are not checked here (the store does it).
///
/// ```swift
/// let reader = try TraceReader(path: "traces.jsonl")
/// while let (line, trace) = try reader.next() { … }
/// ```
public final class TraceReader {
    private enum Source {
        case bytes([UInt8], next: Int)
        case file(FileLines)
    }

    private var source: Source
    /// The name put in front of error messages (`traces.jsonl:3: …`); the path
    /// for a file, `nil` for bytes unless given.
    public var file: String?
    /// The 1-based number of the last line read (0 before the first).
    public private(set) var lineNumber = 0

    /// The longest line read, in bytes (``InputLimits/maximumTraceLineBytes``
    /// unless a test gives a smaller one).
    public let maximumLineBytes: Int

    /// A reader over JSON Lines text held in memory.
    public init(bytes: [UInt8], file: String? = nil, maximumLineBytes: Int = InputLimits.maximumTraceLineBytes) {
        source = .bytes(bytes, next: 0)
        self.file = file
        self.maximumLineBytes = maximumLineBytes
    }

    /// A reader over JSON Lines text held in memory.
    public convenience init(text: String, file: String? = nil, maximumLineBytes: Int = InputLimits.maximumTraceLineBytes) {
        self.init(bytes: Array(text.utf8), file: file, maximumLineBytes: maximumLineBytes)
    }

    /// Opens the file at `path` (`-` reads standard input) for streaming.
    ///
    /// - Throws: ``InputFileError`` when the file cannot be opened.
    public init(path: String, maximumLineBytes: Int = InputLimits.maximumTraceLineBytes) throws(InputFileError) {
        source = .file(try FileLines(path: path, maximumLineLength: maximumLineBytes))
        file = path
        self.maximumLineBytes = maximumLineBytes
    }

    /// The next trace and its line number, or `nil` at the end of the input.
    ///
    /// - Throws: ``TraceError`` for a line that is not a valid trace (the
    ///   reader can go on with the next line afterwards), or
    ///   ``InputFileError`` when the file cannot be read.
    public func next() throws -> (line: Int, trace: Trace)? {
        while true {
            let decoded: Result<Trace?, TraceIssue>
            switch source {
            case .file(let lines):
                switch try lines.nextLine() {
                case .end: return nil
                case .tooLong:
                    lineNumber += 1
                    throw tooLong()
                case .line(let line):
                    lineNumber += 1
                    decoded = Result { () throws(TraceIssue) in try TraceDecoder.decode(line: line) }
                }
            case .bytes(let bytes, let start):
                guard start < bytes.count else { return nil }
                lineNumber += 1
                let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
                source = .bytes(bytes, next: end + 1)
                guard end - start <= maximumLineBytes else { throw tooLong() }
                decoded = bytes.withUnsafeBufferPointer { buffer in
                    Result { () throws(TraceIssue) in
                        try TraceDecoder.decode(line: UnsafeBufferPointer(rebasing: buffer[start..<end]))
                    }
                }
            }
            switch decoded {
            case .success(let trace?): return (lineNumber, trace)
            case .success(nil): continue
            case .failure(let issue): throw issue.at(line: lineNumber, file: file)
            }
        }
    }

    private func tooLong() -> TraceError {
        TraceError(
            file: file, line: lineNumber, keyPath: "",
            reason: "the line is longer than \(InputLimits.describe(maximumLineBytes)), the limit for one trace")
    }

    /// Reads every remaining trace; stops at the first invalid line.
    public func readAll() throws -> [(line: Int, trace: Trace)] {
        var traces: [(line: Int, trace: Trace)] = []
        while let entry = try next() { traces.append(entry) }
        return traces
    }
}
