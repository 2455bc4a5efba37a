import CSQLite
import PanTraceModel

/// An enumeration stored as TEXT: its words are its raw values, and they are
/// written and read without creating a Swift `String` per row.
///
/// The one list of an enumeration's words is its cases' raw values, in
/// Core (`Phase`, `Decision`, …) or here (``RunKind``); ``WordTable``
/// derives from `allCases` the C strings the store binds and compares, and
/// `SchemaWordTests` proves that schema.sql's CHECK constraints allow exactly
/// these words.
protocol StoredWord: ColumnValue, CaseIterable, Equatable, RawRepresentable, Sendable where RawValue == String {
    /// The enumeration's words as C strings, built once from `allCases`.
    static var wordTable: WordTable<Self> { get }
}

extension StoredWord {
    static var storedWords: [String]? { allCases.map(\.rawValue) }

    /// Binds the word as a static C string (`SQLITE_STATIC`): no copy, no allocation.
    @inline(__always)
    func bind(to statement: Statement, at index: Int32) throws {
        try Self.wordTable.withWord(of: self) { text, count in try statement.bind(staticText: text, count: count, at: index) }
    }

    /// Reads the word by comparing bytes (no `String`).
    ///
    /// - Throws: ``SQLiteError`` with `SQLITE_CORRUPT` for NULL or a word
    ///   the enumeration does not know (the CHECK constraints prevent both).
    @inline(__always)
    init(column index: Int32, of statement: Statement) throws {
        guard let word = try statement.word(Self.self, at: index) else {
            throw SQLiteError(code: SQLITE_CORRUPT, message: "unexpected NULL in column \(index)", sql: statement.sql)
        }
        self = word
    }

    @inline(__always)
    static func readOptional(column index: Int32, of statement: Statement) throws -> Self? {
        try statement.word(Self.self, at: index)
    }
}

/// The words of a ``StoredWord`` enumeration as NUL-terminated C strings, in `allCases` order.
///
/// SQLite may keep a pointer bound with `SQLITE_STATIC` as long as the
/// statement lives: the strings are allocated once, by the enumeration's
/// `wordTable` constant, and never freed.
struct WordTable<Word: StoredWord>: @unchecked Sendable {
    // Immutable after init: safe to share between threads. A struct, not a
    // class (no generic metadata to build at run time), and the words behind
    // plain pointers, not arrays: binding a word retains nothing.
    private let cases: [Word]
    private let texts: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>>
    private let counts: UnsafeMutablePointer<Int>
    /// True when a case's one byte in memory is its index in `allCases` (checked here, once).
    private let tagIsIndex: Bool

    init() {
        let cases = Array(Word.allCases)
        self.cases = cases
        texts = .allocate(capacity: cases.count)
        counts = .allocate(capacity: cases.count)
        for (index, word) in cases.enumerated() {
            let bytes = Array(word.rawValue.utf8)
            let text = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count + 1)
            text.initialize(from: bytes, count: bytes.count)
            text[bytes.count] = 0
            (texts + index).initialize(to: text)
            (counts + index).initialize(to: bytes.count)
        }
        tagIsIndex =
            MemoryLayout<Word>.size == 1
            && cases.indices.allSatisfy { index in withUnsafeBytes(of: cases[index]) { $0[0] } == UInt8(index) }
    }

    /// Calls `body` with the word of `word` and its length in bytes.
    @inline(__always)
    func withWord<T>(of word: Word, _ body: (UnsafePointer<UInt8>, Int) throws -> T) rethrows -> T {
        var index = 0
        if tagIsIndex {
            // The case's tag: no search (Swift numbers a payload-free enum's cases in declaration order).
            index = Int(withUnsafeBytes(of: word) { $0[0] })
        } else {
            while index < cases.count - 1 && cases[index] != word { index += 1 }
        }
        return try body(texts[index], counts[index])
    }

    /// The case whose word is the `count` bytes at `bytes`, or `nil`.
    @inline(__always)
    func matching(_ bytes: UnsafePointer<UInt8>, count: Int) -> Word? {
        for index in cases.indices where counts[index] == count {
            let text = texts[index]
            var offset = 0
            while offset < count && text[offset] == bytes[offset] { offset += 1 }
            if offset == count { return cases[index] }
        }
        return nil
    }
}

extension Phase: StoredWord {
    static let wordTable = WordTable<Phase>()
}

/// An intent is a word of `word` or the name of one of its trace's detents:
/// stored as its text.
extension Intent: ColumnValue {
    @inline(__always)
    func bind(to statement: Statement, at index: Int32) throws {
        try statement.bind(rawValue, at: index)
    }

    @inline(__always)
    init(column index: Int32, of statement: Statement) throws {
        let text = statement.string(at: index) ?? ""
        self = Intent(rawValue: text) ?? Intent(word: text)
    }
}

/// A trace's detents, stored as the JSON text of its `detents` object.
extension Array: ColumnValue where Element == Detent {
    func bind(to statement: Statement, at index: Int32) throws {
        try statement.bind(Trace.detentsJSON(self), at: index)
    }

    /// The detents of the row before, by their JSON text: a corpus's traces
    /// mostly share one set, and parsing it for every trace cost a replay of
    /// sheets a twentieth of its time (docs/performance.md).
    private final class Memo {
        var text: [UInt8] = []
        var detents: [Detent] = []
    }

    init(column index: Int32, of statement: Statement) throws {
        let bytes = statement.bytes(at: index)
        let memo = statement.columnMemo as? Memo ?? Memo()
        statement.columnMemo = memo
        if !memo.text.isEmpty, memo.text.elementsEqual(bytes) {
            self = memo.detents
            return
        }
        self = try Self.parse(String(decoding: bytes, as: UTF8.self), of: statement)
        memo.text = [UInt8](bytes)
        memo.detents = self
    }

    private static func parse(_ text: String, of statement: Statement) throws -> [Detent] {
        guard let node = try? JSONParser.parse(text), let members = node.members else {
            throw SQLiteError(code: SQLITE_CORRUPT, message: "trace.detents is not a JSON object: \(text)", sql: statement.sql)
        }
        return try members.map { member in
            guard let height = member.node.number?.value else {
                throw SQLiteError(
                    code: SQLITE_CORRUPT, message: "trace.detents: the height of \(member.key) is not a number",
                    sql: statement.sql)
            }
            return Detent(name: member.key, height: height)
        }
    }
}

/// What the app did is a word of `word` or the name of one of its trace's
/// detents: stored as its text.
extension Observed: ColumnValue {
    @inline(__always)
    func bind(to statement: Statement, at index: Int32) throws {
        try statement.bind(rawValue, at: index)
    }

    @inline(__always)
    init(column index: Int32, of statement: Statement) throws {
        self = Observed(word: statement.string(at: index) ?? "")
    }
}

extension ObservedSource: StoredWord {
    static let wordTable = WordTable<ObservedSource>()
}

extension IntentSource: StoredWord {
    static let wordTable = WordTable<IntentSource>()
}

extension Decision: StoredWord {
    static let wordTable = WordTable<Decision>()
}

extension Reason: StoredWord {
    static let wordTable = WordTable<Reason>()
}

extension GestureState: StoredWord {
    static let wordTable = WordTable<GestureState>()
}

extension Owner: StoredWord {
    static let wordTable = WordTable<Owner>()
}

extension RunKind: StoredWord {
    static let wordTable = WordTable<RunKind>()
}

extension Preference.Side: StoredWord {
    static let wordTable = WordTable<Preference.Side>()
}

extension Preference.Choice: StoredWord {
    static let wordTable = WordTable<Preference.Choice>()
}
