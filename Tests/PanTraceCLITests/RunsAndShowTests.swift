import Foundation
import SQLiteTestSupport
import Testing

/// `pantrace runs`, `pantrace show` and what every command shares: help with
/// an example, colour only on a terminal and never with NO_COLOR.
@Suite struct RunsAndShowTests {
    @Test func runsListsEveryRunWithItsCounts() async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 120)
        try await runner.expect(0, ["replay", "--set", "threshold=0.3", "--family", "flick"])
        try await runner.expect(1, ["regress", "--set", "decision=velocity"])
        let table = try RunsTable(try await runner.expect(0, ["runs"]).stdout)
        let stored = try runner.database.rows(
            """
            SELECT run.id, run.kind, run.trace_count, config.name,
              (SELECT count(*) FROM result WHERE run_id = run.id AND decision = 'finish'),
              (SELECT count(*) FROM result WHERE run_id = run.id AND decision = 'cancel'),
              (SELECT count(*) FROM result WHERE run_id = run.id AND decision = 'none')
            FROM run JOIN config ON config.id = run.config_id ORDER BY run.id
            """)
        #expect(table.rows.count == stored.count)
        for (row, expected) in zip(table.rows, stored) {
            #expect(.int(Int64(row.id)) == expected[0])
            #expect(.text(row.kind) == expected[1])
            #expect(row.traces.map { .int(Int64($0)) } == expected[2])
            #expect(.text(row.config) == expected[3])
            #expect([row.finish, row.cancel, row.none].map { $0.map { SQLValue.int(Int64($0)) } ?? .null } == Array(expected[4...6]))
        }
        // Nothing accepted: the first run is the baseline.
        #expect(table.baselines == [try runner.database.integer("SELECT min(id) FROM run")])
    }

    @Test func runsOfAnEmptyDatabaseSaysHowToAddOne() async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 10)
        try runner.execute("DELETE FROM result; DELETE FROM run;")
        let output = try await runner.expect(0, ["runs"])
        #expect(output.stdout.contains("pantrace record"))
    }

    /// The table on standard output (its rows are tested in-process:
    /// PanTraceKitTests' TraceInspectionTests); a missing trace or run, 64.
    @Test func showPrintsTheTableOrAUsageError() async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 20)
        let trace = try #require(try runner.database.texts("SELECT name FROM trace LIMIT 1").first)
        let shown = try await runner.expect(0, ["show", trace])
        #expect(shown.stdout.contains("outcome  ") && shown.stdout.contains("\nseq "), "\(shown.stdout)")
        #expect(shown.stderr.isEmpty)
        #expect(try await runner.expect(64, ["show", "no-such-trace"]).stderr.contains("no-such-trace"))
        try await runner.expect(64, ["show", trace, "--run", "99"])
        try await runner.expect(64, ["show"])
    }

    @Test(arguments: ["record", "replay", "regress", "tune", "runs", "show", "generate"])
    func everyCommandsHelpHasAnExample(_ command: String) async throws {
        let output = try await HelpTests.help(command)
        #expect(output.status == 0)
        #expect(output.stdout.contains("Example"))
        #expect(output.stdout.contains("\n  pantrace \(command) "), "\(output.stdout)")
    }

    /// Colour only on a terminal (a pseudo-terminal from script(1)), never with NO_COLOR.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func colourOnlyOnATerminalAndNeverWithNoColor() async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 100)
        let escape = "\u{1B}["
        // A pipe is not a terminal.
        let piped = try await runner.expect(0, ["replay", "--set", "threshold=0.3"], environment: ["NO_COLOR": ""])
        #expect(!piped.stdout.contains(escape))
        #expect(!piped.stderr.contains(escape))

        let onTerminal = try await Self.onTerminal(["replay", "--db", runner.db, "--set", "threshold=0.3"], noColor: nil, in: runner)
        #expect(onTerminal.contains(escape + "31m"), "\(onTerminal)")
        // In-process, on a console that stands for a terminal: colour unless NO_COLOR.
        let onConsole = try await runner.run(["replay", "--set", "threshold=0.3"], environment: ["NO_COLOR": ""], terminal: true)
        #expect(onConsole.status == 0 && onConsole.stdout.contains(escape + "31m"), "\(onConsole.stdout)")
        #expect(!(try await runner.run(["replay", "--set", "threshold=0.3"], terminal: true)).stdout.contains(escape))
        for noColor in ["1", "true"] {
            let output = try await Self.onTerminal(["replay", "--db", runner.db, "--set", "threshold=0.3"], noColor: noColor, in: runner)
            #expect(output.contains(" changed: "))
            #expect(!output.contains(escape), "\(output)")
        }
    }

    /// Runs the binary under a pseudo-terminal with script(1); returns what the terminal showed.
    static func onTerminal(_ arguments: [String], noColor: String?, in runner: CommandRunner) async throws -> String {
        let command = ([CommandRunner.binary] + arguments).map { "'" + $0 + "'" }.joined(separator: " ")
        return try await CommandRunner.spawn(
            "/usr/bin/script", ["-qec", "exec \(command)", "/dev/null"], in: runner.folder, environment: ["NO_COLOR": noColor]
        ).stdout
    }
}

/// The table `pantrace runs` prints, read back.
struct RunsTable {
    struct Row {
        var id: Int
        var baseline: Bool
        var kind: String
        var traces: Int?
        var finish: Int?
        var cancel: Int?
        var none: Int?
        var config: String
    }

    var rows: [Row] = []
    var baselines: [Int] { rows.filter(\.baseline).map(\.id) }

    init(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let lines = text.split(separator: "\n").map(String.init)
        let header = try #require(lines.first, sourceLocation: sourceLocation)
        let configColumn = try #require(header.range(of: "config"), "no config column: \(header)", sourceLocation: sourceLocation)
        let offset = header.distance(from: header.startIndex, to: configColumn.lowerBound)
        for line in lines.dropFirst() {
            let cells = line.split(separator: " ").map(String.init)
            guard let first = cells.first, Int(first.replacingOccurrences(of: "*", with: "")) != nil else { continue }
            rows.append(
                Row(
                    id: Int(first.replacingOccurrences(of: "*", with: "")) ?? 0, baseline: first.hasPrefix("*"), kind: cells[1],
                    traces: Int(cells[2]), finish: Int(cells[3]), cancel: Int(cells[4]), none: Int(cells[5]),
                    config: String(line.dropFirst(offset))))
        }
    }
}
