import Foundation

/// A pantrace database read as a user reads it, with SQL (``SQLiteShell``):
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

    /// What `sqlite3 path sql` prints.
    public func sqlite(_ sql: String) -> String {
        SQLiteShell.run(path, sql)
    }

    /// The rows of a query, each split at `|` (the shell's list mode); trace names here never hold one.
    public func rows(_ sql: String) -> [[String]] {
        let text = sqlite(sql)
        guard !text.isEmpty else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        }
    }

    /// A query's single integer.
    public func integer(_ sql: String) throws -> Int {
        let text = sqlite(sql)
        guard let value = Int(text) else { throw QueryError(description: "not an integer from \(sql): \(text)") }
        return value
    }

    /// The first column of every row, as a set (trace names).
    public func names(_ sql: String) -> Set<String> {
        Set(rows(sql).map { $0[0] })
    }

    /// The newest run's id.
    public func newestRun() throws -> Int { try integer("SELECT max(id) FROM run") }

    /// The stored decision, reason, percent and velocity of every result of `run`, by trace name.
    /// `quote()` prints a REAL with every digit it needs to read back exactly.
    public func summaries(ofRun run: Int) -> [String: Summary] {
        var result: [String: Summary] = [:]
        for row in rows("SELECT trace, decision, reason, quote(percent), quote(velocity) FROM decisions WHERE run = \(run)") {
            result[row[0]] = Summary(decision: row[1], reason: row[2], percent: Double(row[3]), velocity: Double(row[4]))
        }
        return result
    }

    /// The traces whose decision differs between two runs (docs/commands.md §7.3), from the `decisions` view.
    public func changedTraces(baseline: Int, candidate: Int) -> Set<String> {
        names(
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
    public func positionSamples(of trace: String) -> [Int] {
        rows(
            """
            SELECT seq FROM (
              SELECT seq, phase, x, y, lag(x) OVER w AS px, lag(y) OVER w AS py
              FROM sample JOIN trace ON trace.id = sample.trace_id WHERE trace.name = '\(trace)'
              WINDOW w AS (ORDER BY seq))
            WHERE phase IN ('down', 'move') OR (phase = 'up' AND (x <> px OR y <> py)) ORDER BY seq
            """
        ).compactMap { Int($0[0]) }
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
