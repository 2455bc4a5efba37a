import PanTraceModel
import PanTraceStore

/// The changes a team has accepted on purpose (`regress --allow FILE`,
/// docs/spec-readings.md "regress --allow"): a text file kept in git beside
/// the corpus, so that a pull request's diff shows what was accepted and why.
///
/// One trace name per line, optionally followed by `#` and the reason; blank
/// lines and lines whose first non-blank character is `#` are ignored; the
/// blanks around a name and a reason are not part of them. A name with a `#`
/// or blanks at its edges is written in double quotes (`\"` and `\\` inside);
/// a UTF-8 byte order mark at the start is ignored:
///
/// ```
/// # threshold 0.35: accepted in review #412
/// flick-s7-0031   # a flick this short should close the sheet
/// peek-s7-0102    # agreed with design: a 38 % pull closes now
/// "take #2 "      # a name with a `#` and a blank at its end
/// ```
///
/// A listed trace's change does not count against the regression, and its
/// JUnit case passes with the reason (``Regression``).
public struct AllowList: Sendable, Hashable {
    /// One accepted trace.
    public struct Entry: Sendable, Hashable, CustomStringConvertible {
        /// The trace's name.
        public var trace: String
        /// The reason after `#`; `nil` when the line gives none.
        public var reason: String?
        /// The 1-based line of the file.
        public var line: Int

        /// An entry for `trace`, on `line`, with its `reason`.
        public init(trace: String, reason: String? = nil, line: Int) {
            self.trace = trace
            self.reason = reason
            self.line = line
        }

        /// The reason, or `no reason given`.
        public var description: String { reason ?? "no reason given" }
    }

    /// The file, as named (`gestures/allow.txt`), for messages.
    public var file: String
    /// The entries in the file's order.
    public private(set) var entries: [Entry]
    /// Entry indexes by the name's UTF-8 bytes: names are exact scalar
    /// sequences (docs/spec-readings.md), and `String`'s `==` would take the
    /// NFC and NFD spellings of `café` for one name.
    private var index: [[UInt8]: Int]

    /// The list of `entries`, read from `file`.
    ///
    /// - Throws: ``AllowListError`` when a trace is listed twice.
    public init(file: String, entries: [Entry]) throws(AllowListError) {
        self.file = file
        self.entries = []
        self.index = [:]
        for entry in entries {
            if let first = index[Array(entry.trace.utf8)] {
                throw AllowListError(
                    file: file, line: entry.line, trace: entry.trace,
                    reason: "listed twice (first on line \(self.entries[first].line))")
            }
            index[Array(entry.trace.utf8)] = self.entries.count
            self.entries.append(entry)
        }
    }

    /// Reads the lines of `bytes`, the content of `file`.
    ///
    /// - Throws: ``AllowListError`` naming the line: text that is not UTF-8,
    ///   or a trace listed twice.
    public init(bytes: [UInt8], file: String) throws(AllowListError) {
        var entries: [Entry] = []
        var lineNumber = 0
        for rawLine in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = rawLine[...]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            let text = String(decoding: line, as: UTF8.self)
            guard text.utf8.elementsEqual(line) else {
                throw AllowListError(file: file, line: lineNumber, trace: "", reason: "the line is not UTF-8 text")
            }
            // A byte order mark that an editor put before the first line is not part of a name.
            let content = Self.trimmed(lineNumber == 1 && text.hasPrefix("\u{FEFF}") ? text.dropFirst() : text[...])
            if content.isEmpty || content.hasPrefix("#") { continue }
            var name: String
            var rest: Substring
            if content.hasPrefix("\"") {
                // A quoted name keeps its `#` and its edge blanks: `\"` and `\\` inside.
                guard let (quoted, after) = Self.quotedName(content) else {
                    throw AllowListError(file: file, line: lineNumber, trace: "", reason: "a quoted name has no closing quote")
                }
                name = quoted
                rest = Self.trimmed(after)
                guard rest.isEmpty || rest.hasPrefix("#") else {
                    throw AllowListError(file: file, line: lineNumber, trace: name, reason: "only a `#` and a reason may follow a quoted name")
                }
            } else if let hash = content.firstIndex(of: "#") {
                name = String(Self.trimmed(content[..<hash]))
                rest = content[hash...]
            } else {
                name = String(content)
                rest = ""
            }
            let said = rest.isEmpty ? "" : Self.trimmed(rest.dropFirst())
            entries.append(Entry(trace: name, reason: said.isEmpty ? nil : String(said), line: lineNumber))
        }
        try self.init(file: file, entries: entries)
    }

    /// Reads the file at `path` (`-` is standard input).
    ///
    /// - Throws: `InputFileError` when it cannot be read or holds more than
    ///   8 MiB (exit 66); ``AllowListError`` for its content (exit 65).
    public static func load(path: String) throws -> AllowList {
        let bytes = try InputFile.bytes(atPath: path, maximumBytes: InputLimits.maximumTraceLineBytes)
        return try AllowList(bytes: bytes, file: path == "-" ? "<stdin>" : path)
    }

    /// The entry of the trace named `trace`, or `nil` when it is not listed.
    public func entry(for trace: String) -> Entry? {
        index[Array(trace.utf8)].map { entries[$0] }
    }

    /// Checks that every listed name is a stored trace.
    ///
    /// - Throws: ``AllowListError`` naming the file and line of the first
    ///   name that is not (exit 65): a misspelt name must never accept
    ///   nothing in silence.
    public func checkTraces(in store: Store) throws {
        for entry in entries where try store.trace(named: entry.trace) == nil {
            throw AllowListError(
                file: file, line: entry.line, trace: entry.trace, reason: "no stored trace has this name")
        }
    }

    /// The name in the quotes that open `text`, and what follows the closing quote.
    private static func quotedName(_ text: Substring) -> (String, Substring)? {
        var name = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" { return (name, text[text.index(after: index)...]) }
            if character == "\\" {
                index = text.index(after: index)
                guard index < text.endIndex else { return nil }
            }
            name.append(text[index])
            index = text.index(after: index)
        }
        return nil
    }

    /// `text` without the spaces and tabs around it.
    private static func trimmed(_ text: Substring) -> Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) }) else {
            return text[text.endIndex...]
        }
        return text[first...last]
    }
}

/// An allow list (`regress --allow FILE`) that cannot be used: invalid input
/// data (exit 65) naming the file, the line and the trace.
///
/// ```
/// allow.txt:3: "flick-s7-0301": no stored trace has this name
/// ```
public struct AllowListError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The file, as named.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The trace name on that line (empty when the line has none).
    public var trace: String
    /// What is wrong.
    public var reason: String

    /// An error about `trace` on `line` of `file`.
    public init(file: String, line: Int, trace: String, reason: String) {
        self.file = file
        self.line = line
        self.trace = trace
        self.reason = reason
    }

    /// The message: a name longer than 120 characters is cut there, with its length.
    public var description: String {
        let shown = trace.count > 120 ? JSONWriter.string(String(trace.prefix(120))) + "… (\(trace.utf8.count) bytes)" : JSONWriter.string(trace)
        return "\(file):\(line): " + (trace.isEmpty ? "" : shown + ": ") + reason
    }
}
