import Foundation
import Testing

/// What the replay, regress, runs and show end-to-end tests share: running a
/// command that must succeed, and reading the database as a user would, with
/// the sqlite3 shell. Expected values come from these queries, never from the
/// output under test.
extension CommandRunner {
    static let configs = repositoryRoot.appending(path: "Fixtures/configs")

    /// The path of `Fixtures/configs/NAME.json`.
    static func config(_ name: String) -> String { configs.appending(path: "\(name).json").path }

    /// Runs `arguments` and requires `status`, showing standard error when it differs.
    @discardableResult
    func expect(
        _ status: Int32, _ arguments: [String], environment: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Output {
        let output = try run(arguments, environment: environment, sourceLocation: sourceLocation)
        try #require(
            output.status == status,
            "pantrace \(arguments.joined(separator: " ")) exited \(output.status), expected \(status); stderr: \(output.stderr)",
            sourceLocation: sourceLocation)
        return output
    }

    /// Records a synthetic corpus as run 1 (SPEC 8); `extra` adds `--set`/`--config` options.
    ///
    /// The binary records each distinct corpus once per test process; later
    /// tests asking for the same one get a copy of that database (the same
    /// bytes a new record would write, but for `created_at`).
    func recordCorpus(count: Int = 200, seed: Int = 7, _ extra: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let arguments = ["record", "--count", "\(count)", "--seed", "\(seed)"] + extra
        let key = arguments.joined(separator: "\u{0}")
        let database = URL(fileURLWithPath: db)
        if !FileManager.default.fileExists(atPath: db), let recorded = CorpusCache.shared.database(for: key) {
            try recorded.write(to: database)
            return
        }
        let existed = FileManager.default.fileExists(atPath: db)
        try expect(0, arguments, sourceLocation: sourceLocation)
        // Only a corpus recorded into a new database is the corpus alone.
        if !existed { CorpusCache.shared.store(try Data(contentsOf: database), for: key) }
    }

    /// The rows of a query, each split at `|` (the shell's list mode); trace names here never hold one.
    func rows(_ sql: String) throws -> [[String]] {
        let text = try sqlite(sql)
        guard !text.isEmpty else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        }
    }

    /// A query's single integer.
    func integer(_ sql: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let text = try sqlite(sql)
        return try #require(Int(text), "not an integer from \(sql): \(text)", sourceLocation: sourceLocation)
    }

    /// The first column of every row, as a set (trace names).
    func names(_ sql: String) throws -> Set<String> {
        Set(try rows(sql).map { $0[0] })
    }

    /// The newest run's id.
    func newestRun() throws -> Int { try integer("SELECT max(id) FROM run") }

    /// The database's files byte for byte, to prove that a refused command
    /// wrote nothing: equal bytes are an equal `.dump`, and a journal or WAL
    /// left behind shows too.
    func files() throws -> DatabaseFiles { DatabaseFiles(path: db) }

    /// The stored decision, reason, percent and velocity of every result of `run`, by trace name.
    /// `quote()` prints a REAL with every digit it needs to read back exactly.
    func summaries(ofRun run: Int) throws -> [String: Summary] {
        var result: [String: Summary] = [:]
        for row in try rows(
            "SELECT trace, decision, reason, quote(percent), quote(velocity) FROM decisions WHERE run = \(run)")
        {
            result[row[0]] = Summary(decision: row[1], reason: row[2], percent: Double(row[3]), velocity: Double(row[4]))
        }
        return result
    }

    /// The traces whose decision differs between two runs (SPEC 7.3), from the `decisions` view.
    func changedTraces(baseline: Int, candidate: Int) throws -> Set<String> {
        try names(
            """
            SELECT b.trace FROM decisions AS b JOIN decisions AS c ON c.trace = b.trace
            WHERE b.run = \(baseline) AND c.run = \(candidate) AND b.decision <> c.decision
            """)
    }

    /// Candidate results that have a result in the baseline run too (what a report compares).
    func comparedCount(baseline: Int, candidate: Int) throws -> Int {
        try integer(
            """
            SELECT count(*) FROM result AS c JOIN result AS b ON b.trace_id = c.trace_id
            WHERE b.run_id = \(baseline) AND c.run_id = \(candidate)
            """)
    }
}

/// A database file and its `-wal` and `-journal` beside it, as bytes (`nil`: no such file).
struct DatabaseFiles: Equatable, CustomStringConvertible {
    var main: Data?
    var wal: Data?
    var journal: Data?

    init(path: String) {
        main = FileManager.default.contents(atPath: path)
        wal = FileManager.default.contents(atPath: path + "-wal")
        journal = FileManager.default.contents(atPath: path + "-journal")
    }

    var description: String {
        [("file", main), ("-wal", wal), ("-journal", journal)].map { "\($0.0) \($0.1.map { "\($0.count) bytes" } ?? "absent")" }
            .joined(separator: ", ")
    }
}

/// The four values a report shows of a result (SPEC 7.3), as stored or as reported.
struct Summary: Equatable, CustomStringConvertible {
    var decision: String
    var reason: String
    var percent: Double?
    var velocity: Double?

    /// From a report's `{"decision", "reason", "percent", "velocity"}` object.
    init?(json: Any?) {
        guard let object = json as? [String: Any], let decision = object["decision"] as? String,
            let reason = object["reason"] as? String
        else { return nil }
        self.init(
            decision: decision, reason: reason, percent: Self.exact(object["percent"]),
            velocity: Self.exact(object["velocity"]))
    }

    /// A JSON number as the Double its text names. On Linux JSONSerialization
    /// returns an NSDecimalNumber whose `doubleValue` can be off by an ulp;
    /// its decimal text is exact.
    static func exact(_ value: Any?) -> Double? {
        guard let number = value as? NSNumber else { return nil }
        return Double(number.stringValue) ?? number.doubleValue
    }

    init(decision: String, reason: String, percent: Double?, velocity: Double?) {
        self.decision = decision
        self.reason = reason
        self.percent = percent
        self.velocity = velocity
    }

    var description: String {
        "\(decision)/\(reason) \(percent.map { "\($0)" } ?? "nil") \(velocity.map { "\($0)" } ?? "nil")"
    }
}

/// A JSON report (`--format json`) parsed with Foundation.
struct JSONReport {
    var object: [String: Any]

    init(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8))
        object = try #require(parsed as? [String: Any], "not a JSON object: \(text.prefix(200))", sourceLocation: sourceLocation)
    }

    func run(_ side: String) -> Int? { ((object[side] as? [String: Any])?["run"] as? NSNumber)?.intValue }
    func config(_ side: String) -> String? { (object[side] as? [String: Any])?["config"] as? String }
    var traces: Int? { (object["traces"] as? NSNumber)?.intValue }
    var changed: Int? { (object["changed"] as? NSNumber)?.intValue }
    var changes: [[String: Any]] { object["changes"] as? [[String: Any]] ?? [] }
    var changedNames: [String] { changes.compactMap { $0["trace"] as? String } }
}

/// What several tests make the same way, made once per test process: a
/// help text, the README's database.
final class ProcessCache: @unchecked Sendable {
    static let shared = ProcessCache()
    private var values: [String: Any] = [:]
    private var making: Set<String> = []
    private let made = NSCondition()

    /// The value for `key`, made by `make` on first use (a failure is not kept).
    func value<Value>(for key: String, _ make: () throws -> Value) throws -> Value {
        made.lock()
        while making.contains(key) { made.wait() }
        if let value = values[key] as? Value {
            made.unlock()
            return value
        }
        making.insert(key)
        made.unlock()
        defer {
            made.lock()
            making.remove(key)
            made.broadcast()
            made.unlock()
        }
        let value = try make()
        made.lock()
        values[key] = value
        made.unlock()
        return value
    }
}

/// Databases of recorded corpora, by the record's arguments (see ``CommandRunner/recordCorpus(count:seed:_:sourceLocation:)``).
final class CorpusCache: @unchecked Sendable {
    static let shared = CorpusCache()
    private let lock = NSLock()
    private var databases: [String: Data] = [:]

    func database(for key: String) -> Data? {
        lock.lock()
        defer { lock.unlock() }
        return databases[key]
    }

    func store(_ data: Data, for key: String) {
        lock.lock()
        defer { lock.unlock() }
        databases[key] = data
    }
}
