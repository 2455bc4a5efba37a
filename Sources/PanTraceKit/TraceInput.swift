import PanTraceModel

/// One source of JSON Lines traces for ``Recorder``: a file, standard input,
/// or text in memory. A file is opened when the input is made, so that a
/// missing file fails before any database is opened or created.
public struct TraceInput {
    /// The name in error messages (`traces.jsonl:3: …`); `<stdin>` for standard input.
    public let name: String
    let reader: TraceReader

    /// Opens the file at `path`; `-` reads standard input.
    ///
    /// - Throws: `InputFileError` when the file cannot be opened.
    public init(path: String) throws {
        reader = try TraceReader(path: path)
        name = path == "-" ? "<stdin>" : path
    }

    /// JSON Lines text held in memory, named `name` in error messages.
    public init(text: String, name: String = "<text>") {
        reader = TraceReader(text: text, file: name)
        self.name = name
    }

    /// The next trace and its line, with errors attributed to this input.
    func next() throws -> (line: Int, trace: Trace)? {
        do {
            return try reader.next()
        } catch let error as TraceError {
            throw error.inFile(name)
        }
    }
}
