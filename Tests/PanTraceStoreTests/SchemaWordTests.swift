import PanTraceModel
import Testing

@testable import PanTraceStore

/// schema.sql, the store's column descriptions and Core's enumerations agree: by a test, not by care.
@Suite struct SchemaWordTests {
    /// Every table the store writes, by its description.
    static var tables: [any TableRow.Type] {
        [TraceRow.self, SampleRow.self, ConfigRow.self, RunRow.self, ResultRow.self, FrameRow.self, PreferenceRow.self]
    }

    /// schema.sql without its `--` comments.
    static func schemaSQL() throws -> String {
        try SchemaTests.schemaFile().split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.range(of: "--").map { line[..<$0.lowerBound] } ?? line }
            .joined(separator: "\n")
    }

    /// The text between the parenthesis that opens at `open` and the one that closes it.
    static func parenthesized(_ text: Substring, from open: String.Index) -> Substring? {
        var depth = 0
        var index = open
        while index < text.endIndex {
            switch text[index] {
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth == 0 { return text[text.index(after: open)..<index] }
            default: break
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// For each table of schema.sql, each column whose CHECK constraint lists words, and those words.
    static func schemaWords() throws -> [String: [String: [String]]] {
        let sql = try schemaSQL()
        var words: [String: [String: [String]]] = [:]
        for match in sql.matches(of: /CREATE TABLE (\w+) \(/) {
            let table = String(match.output.1)
            let open = sql.index(before: match.range.upperBound)
            let body = try #require(parenthesized(sql[...], from: open))
            for check in body.matches(of: /CHECK \(/) {
                let expression = try #require(parenthesized(body, from: body.index(before: check.range.upperBound)))
                let literals = expression.matches(of: /'([^']*)'/).map { String($0.output.1) }
                // A JSON type check (`trace.detents`) is no list of words.
                guard !literals.isEmpty, !expression.contains("json_type") else { continue }
                let columns = Set(expression.matches(of: /(\w+)\s*(?:=|IN)\s*\(?\s*'/).map { String($0.output.1) })
                #expect(columns.count == 1, "\(table): one column per CHECK of words: \(expression)")
                // schema.sql's rule: no IN list of more than two constants (SQLite builds a b-tree per row).
                for list in expression.matches(of: /IN\s*\(([^)]*)\)/) {
                    #expect(list.output.1.split(separator: ",").count <= 2, "\(table): \(expression)")
                }
                for column in columns { words[table, default: [:]][column] = literals }
            }
        }
        return words
    }

    /// The words each column of `Row`'s description holds, from its Swift type.
    struct WordColumns: ColumnVisitor {
        var words: [String: [String]] = [:]
        mutating func visit<Value: ColumnValue>(_ name: StaticString, _ value: inout Value, _ role: ColumnRole) {
            if let list = Value.storedWords { words[name.description] = list }
        }
    }

    static func descriptionWords<Row: TableRow>(_ row: Row.Type) throws -> [String: [String]] {
        var visitor = WordColumns()
        var blank = Row.blank
        try blank.visitColumns(&visitor)
        return visitor.words
    }

    /// The rows of the `word` table of a new store, by table and column.
    static func wordTableWords() throws -> [String: [String: [String]]] {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let rows = try store.database.prepare("SELECT kind, word FROM word")
        var words: [String: [String: [String]]] = [:]
        while try rows.step() {
            let kind = (rows.string(at: 0) ?? "").split(separator: ".").map(String.init)
            words[kind[0], default: [:]][kind[1], default: []].append(rows.string(at: 1) ?? "")
        }
        return words
    }

    @Test func checksAndTheWordTableHoldExactlyTheWordsOfTheEnumerations() throws {
        var schema = try Self.schemaWords()
        for (table, columns) in try Self.wordTableWords() {
            for (column, words) in columns {
                #expect(schema[table]?[column] == nil, "\(table).\(column): a CHECK and word rows")
                // trace.intent's words are the two every trace may use; a detent's name is checked by trigger.
                if table == "trace" && column == "intent" {
                    #expect(words.sorted() == Intent.allCases.map(\.rawValue).sorted())
                    continue
                }
                // trace.observed's words are the three of a trace without detents; with detents a name, checked by trigger.
                if table == "trace" && column == "observed" {
                    #expect(words.sorted() == Observed.allCases.map(\.rawValue).sorted())
                    continue
                }
                schema[table, default: [:]][column] = words
            }
        }
        var described: [String: [String: [String]]] = [:]
        for table in Self.tables {
            let words = try Self.descriptionWords(table)
            if !words.isEmpty { described[table.table] = words }
        }
        // Ten word columns: trace.intent_source and observed_source, sample.phase, run.kind, result.decision and reason,
        // frame.state and owner, preference.shown_first and choice (trace.intent is any text the word
        // table or the trace's detents allow, and trace.observed likewise).
        #expect(described.values.map(\.count).reduce(0, +) == 10)
        #expect(Set(schema.keys) == Set(described.keys))
        for (table, columns) in described {
            #expect(Set(schema[table, default: [:]].keys) == Set(columns.keys), "\(table)")
            for (column, words) in columns {
                let checked = schema[table]?[column] ?? []
                // Exactly the words, each once (order is free in SQL).
                #expect(checked.sorted() == words.sorted(), "\(table).\(column)")
            }
        }
        // And the Swift side is Core's raw values.
        #expect(described["sample"]?["phase"] == Phase.allCases.map(\.rawValue))
        #expect(described["result"]?["reason"] == Reason.allCases.map(\.rawValue))
        #expect(described["frame"]?["owner"] == Owner.allCases.map(\.rawValue))
        #expect(described["run"]?["kind"] == RunKind.allCases.map(\.rawValue))
        #expect(described["trace"]?["intent_source"] == IntentSource.allCases.map(\.rawValue))
        #expect(described["trace"]?["observed_source"] == ObservedSource.allCases.map(\.rawValue))
        #expect(described["preference"]?["shown_first"] == ["a", "b"])
        #expect(described["preference"]?["choice"] == ["a", "b", "same"])
    }

    @Test func aWordMissingFromACheckIsFound() throws {
        // The parser itself: a CHECK that lacks a word does not equal the list.
        let sql = "CREATE TABLE t (\n    phase TEXT CHECK (phase = 'down' OR phase = 'up')\n);"
        let open = try #require(sql.firstIndex(of: "("))
        let body = try #require(Self.parenthesized(sql[...], from: open))
        let check = try #require(body.firstMatch(of: /CHECK \(/))
        let expression = try #require(Self.parenthesized(body, from: body.index(before: check.range.upperBound)))
        let literals = expression.matches(of: /'([^']*)'/).map { String($0.output.1) }
        #expect(literals == ["down", "up"])
        #expect(literals.sorted() != Phase.allCases.map(\.rawValue).sorted())
    }

    @Test func descriptionsNameEveryColumnOfTheirTables() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        for table in Self.tables {
            let statement = try store.database.prepare("SELECT name FROM pragma_table_info('\(table.table)') ORDER BY cid")
            var columns: [String] = []
            while try statement.step() { columns.append(statement.string(at: 0) ?? "") }
            #expect(table.columnNames() == columns, "\(table.table)")
        }
    }

    @Test func insertsLeaveSQLiteItsRowidsAndDefaults() throws {
        // What SQLite fills in (schema.sql): the INTEGER PRIMARY KEYs of trace,
        // config and run, and run.created_at; result.id is assigned by the session.
        let generated: [String: Set<String>] = ["trace": ["id"], "config": ["id"], "run": ["id", "created_at"]]
        for table in Self.tables {
            let all = table.columnNames()
            let written = table.columnNames(includingGenerated: false)
            #expect(Set(all).subtracting(written) == generated[table.table, default: []], "\(table.table)")
            #expect(written == all.filter { !(generated[table.table]?.contains($0) ?? false) })
        }
        #expect(RunRow.insertSQL == "INSERT INTO run (config_id, kind, trace_count, baseline) VALUES (?, ?, ?, ?)")
    }

    @Test func phaseCodesAreTheOnesSchemaFileDocuments() throws {
        // "the phase as one byte (0 'down', 1 'move', 2 'up', 3 'cancel')", across comment lines.
        let text = try SchemaTests.schemaFile().split(separator: "\n")
            .map { $0.trimmingPrefix(/\s*--\s*/) }.joined(separator: " ")
        let documented = try #require(text.firstMatch(of: /the phase as one byte \(([^)]*)\)/)).output.1
        let pairs = documented.matches(of: /(\d+) '(\w+)'/).map { (UInt8($0.output.1), String($0.output.2)) }
        #expect(pairs.count == Phase.allCases.count)
        for (parsed, word) in pairs {
            let code = try #require(parsed)
            let phase = try #require(Phase(rawValue: word))
            #expect(phase.packedCode == code)
            #expect(Phase(packedCode: code) == phase)
        }
        #expect((0...255).filter { Phase(packedCode: UInt8($0)) != nil }.count == Phase.allCases.count)
    }
}
