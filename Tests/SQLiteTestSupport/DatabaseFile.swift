import Foundation

/// A pantrace database read as a user reads it, with SQL, each value typed
/// as SQLite stores it (``SQLValue``), through a connection of its own:
/// the expected values of the workflow and end-to-end tests come from these
/// queries, never from the output under test.
public struct DatabaseFile: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// A query that did not give what the caller needs.
    public struct QueryError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Every row of `sql` (every statement's), each value with its storage class.
    public func rows(_ sql: String) throws -> [[SQLValue]] {
        try SQLiteShell.rows(path, sql)
    }

    /// Runs every statement of `sql` (a write, a pragma, a hand edit), as
    /// the `sqlite3` shell would; SQLite's error throws.
    public func execute(_ sql: String) throws {
        _ = try rows(sql)
    }

    /// The single value of `sql`: one row of one column.
    public func scalar(_ sql: String) throws -> SQLValue {
        let rows = try rows(sql)
        guard rows.count == 1, rows[0].count == 1 else {
            throw QueryError(description: "not one value from \(sql): \(rows)")
        }
        return rows[0][0]
    }

    /// A query's single integer.
    public func integer(_ sql: String) throws -> Int {
        let value = try scalar(sql)
        guard let integer = value.int else { throw QueryError(description: "not an integer from \(sql): \(value)") }
        return integer
    }

    /// The first column of every row, each an integer.
    public func ints(_ sql: String) throws -> [Int] {
        try rows(sql).map { row in
            guard let value = row.first?.int else { throw QueryError(description: "not an integer from \(sql): \(row)") }
            return value
        }
    }

    /// The first column of every row, each a text.
    public func texts(_ sql: String) throws -> [String] {
        try rows(sql).map { row in
            guard let value = row.first?.text else { throw QueryError(description: "not a text from \(sql): \(row)") }
            return value
        }
    }

    /// The first column of every row, as a set (trace names).
    public func names(_ sql: String) throws -> Set<String> {
        Set(try texts(sql))
    }

    /// The newest run's id.
    public func newestRun() throws -> Int { try integer("SELECT max(id) FROM run") }

    /// The stored decision, reason, percent and velocity of every result of `run`, by trace name.
    public func summaries(ofRun run: Int) throws -> [String: Summary] {
        var result: [String: Summary] = [:]
        for row in try rows("SELECT trace, decision, reason, percent, velocity FROM decisions WHERE run = \(run)") {
            guard let trace = row[0].text, let decision = row[1].text, let reason = row[2].text else {
                throw QueryError(description: "a result without its trace, decision or reason: \(row)")
            }
            result[trace] = Summary(decision: decision, reason: reason, percent: row[3].double, velocity: row[4].double)
        }
        return result
    }

    /// The traces whose decision differs between two runs (docs/commands.md §7.3), from the `decisions` view.
    public func changedTraces(baseline: Int, candidate: Int) throws -> Set<String> {
        try names(
            """
            SELECT b.trace FROM decisions AS b JOIN decisions AS c ON c.trace = b.trace
            WHERE b.run = \(baseline) AND c.run = \(candidate) AND b.decision <> c.decision
            """)
    }

    /// Candidate results that have a result in the baseline run too (what a report compares).
    public func comparedCount(baseline: Int, candidate: Int) throws -> Int {
        try integer(
            """
            SELECT count(*) FROM result AS c JOIN result AS b ON b.trace_id = c.trace_id
            WHERE b.run_id = \(baseline) AND c.run_id = \(candidate)
            """)
    }

    /// docs/model.md §4.1, from the samples: the `seq` of every position sample of
    /// `trace` (`down`, `move`, and an `up` that moved), in order.
    public func positionSamples(of trace: String) throws -> [Int] {
        try ints(
            """
            SELECT seq FROM (
              SELECT seq, phase, x, y, lag(x) OVER w AS px, lag(y) OVER w AS py
              FROM sample JOIN trace ON trace.id = sample.trace_id WHERE trace.name = '\(trace)'
              WINDOW w AS (ORDER BY seq))
            WHERE phase IN ('down', 'move') OR (phase = 'up' AND (x <> px OR y <> py)) ORDER BY seq
            """)
    }
}

/// A database file and its `-wal` and `-journal` beside it, as bytes (`nil`: no such file).
public struct DatabaseFiles: Equatable, CustomStringConvertible {
    public var main: Data?
    public var wal: Data?
    public var journal: Data?

    public init(path: String) {
        main = FileManager.default.contents(atPath: path)
        wal = FileManager.default.contents(atPath: path + "-wal")
        journal = FileManager.default.contents(atPath: path + "-journal")
    }

    public var description: String {
        [("file", main), ("-wal", wal), ("-journal", journal)].map { "\($0.0) \($0.1.map { "\($0.count) bytes" } ?? "absent")" }
            .joined(separator: ", ")
    }
}

/// The four values a report shows of a result (docs/commands.md §7.3), as stored or as reported.
public struct Summary: Equatable, CustomStringConvertible, Sendable {
    public var decision: String
    public var reason: String
    public var percent: Double?
    public var velocity: Double?

    /// From a report's `{"decision", "reason", "percent", "velocity"}` object.
    public init?(json: Any?) {
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
    public static func exact(_ value: Any?) -> Double? {
        guard let number = value as? NSNumber else { return nil }
        return Double(number.stringValue) ?? number.doubleValue
    }

    public init(decision: String, reason: String, percent: Double?, velocity: Double?) {
        self.decision = decision
        self.reason = reason
        self.percent = percent
        self.velocity = velocity
    }

    public var description: String {
        "\(decision)/\(reason) \(percent.map { "\($0)" } ?? "nil") \(velocity.map { "\($0)" } ?? "nil")"
    }
}

/// A JSON report (`--format json`, `RunComparison.jsonReport()`) parsed with Foundation.
public struct JSONReport {
    public var object: [String: Any]

    public init(_ text: String) throws {
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8))
        guard let object = parsed as? [String: Any] else {
            throw DatabaseFile.QueryError(description: "not a JSON object: \(text.prefix(200))")
        }
        self.object = object
    }

    public func run(_ side: String) -> Int? { ((object[side] as? [String: Any])?["run"] as? NSNumber)?.intValue }
    public func config(_ side: String) -> String? { (object[side] as? [String: Any])?["config"] as? String }
    public var traces: Int? { (object["traces"] as? NSNumber)?.intValue }
    public var changed: Int? { (object["changed"] as? NSNumber)?.intValue }
    public var changes: [[String: Any]] { object["changes"] as? [[String: Any]] ?? [] }
    public var changedNames: [String] { changes.compactMap { $0["trace"] as? String } }
}
