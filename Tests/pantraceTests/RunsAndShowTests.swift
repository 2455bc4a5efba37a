import Foundation
import Testing

/// `pantrace runs`, `pantrace show` and what every command shares: help with
/// an example, colour only on a terminal and never with NO_COLOR (issue 3).
@Suite struct RunsAndShowTests {
    @Test func runsListsEveryRunWithItsCounts() throws {
        let runner = try CommandRunner()
        try runner.recordCorpus(count: 120)
        try runner.expect(0, ["replay", "--set", "threshold=0.3", "--family", "flick"])
        try runner.expect(1, ["regress", "--set", "decision=velocity"])
        let table = try RunsTable(try runner.expect(0, ["runs"]).stdout)
        let stored = try runner.rows(
            """
            SELECT run.id, run.kind, run.trace_count, config.name,
              (SELECT count(*) FROM result WHERE run_id = run.id AND decision = 'finish'),
              (SELECT count(*) FROM result WHERE run_id = run.id AND decision = 'cancel'),
              (SELECT count(*) FROM result WHERE run_id = run.id AND decision = 'none')
            FROM run JOIN config ON config.id = run.config_id ORDER BY run.id
            """)
        #expect(table.rows.count == stored.count)
        for (row, expected) in zip(table.rows, stored) {
            #expect(row.id == Int(expected[0]))
            #expect(row.kind == expected[1])
            #expect(row.traces == Int(expected[2]))
            #expect(row.config == expected[3])
            #expect([row.finish, row.cancel, row.none] == expected[4...6].map { Int($0) })
        }
        // Nothing accepted: the first run is the baseline.
        #expect(table.baselines == [try runner.integer("SELECT min(id) FROM run")])
    }

    @Test func runsOfAnEmptyDatabaseSaysHowToAddOne() throws {
        let runner = try CommandRunner()
        try runner.recordCorpus(count: 10)
        _ = try runner.sqlite("DELETE FROM result; DELETE FROM run;")
        let output = try runner.expect(0, ["runs"])
        #expect(output.stdout.contains("pantrace record"))
    }

    /// SPEC 4.1: position samples are `down`, `move`, and an `up` that moved.
    static func positionSamples(_ runner: CommandRunner, trace: String) throws -> [Int] {
        try runner.rows(
            """
            SELECT seq FROM (
              SELECT seq, phase, x, y, lag(x) OVER w AS px, lag(y) OVER w AS py
              FROM sample JOIN trace ON trace.id = sample.trace_id WHERE trace.name = '\(trace)'
              WINDOW w AS (ORDER BY seq))
            WHERE phase IN ('down', 'move') OR (phase = 'up' AND (x <> px OR y <> py)) ORDER BY seq
            """
        ).compactMap { Int($0[0]) }
    }

    @Test(arguments: ["scroll-top", "flick", "system-cancel", "two-finger"])
    func showPrintsOneRowPerPositionSampleAndTheOutcome(_ family: String) throws {
        let runner = try CommandRunner()
        try runner.recordCorpus(count: 60)
        try runner.expect(0, ["replay", "--config", CommandRunner.config("handoff")])
        let trace = try runner.sqlite("SELECT name FROM trace WHERE family = '\(family)' ORDER BY id LIMIT 1")
        try #require(!trace.isEmpty)
        let positions = try Self.positionSamples(runner, trace: trace)
        try #require(positions.count >= 2)

        // The record stored frames; the replay did not, and show recomputes them under its config.
        for run in [1, 2] {
            let output = try runner.expect(0, ["show", trace, "--run", "\(run)"])
            let table = ShowTable(output.stdout)
            #expect(table.rows.map(\.seq) == positions, "\(output.stdout)")
            // A lift in place or a cancel closes the table; every line is aligned.
            let last = try #require(try runner.rows(
                "SELECT seq, phase FROM sample JOIN trace ON trace.id = trace_id WHERE name = '\(trace)' ORDER BY seq DESC LIMIT 1").first)
            if positions.last == Int(last[0]) {
                #expect(table.lift == nil)
            } else {
                #expect(table.lift?.seq == Int(last[0]))
                #expect(table.lift?.phase == last[1])
            }
            #expect(Set(table.lines.map(\.count)).count == 1, "\(table.lines.joined(separator: "\n"))")
            let stored = try #require(try runner.rows(
                "SELECT decision, reason, began_seq, start_seq FROM decisions WHERE run = \(run) AND trace = '\(trace)'").first)
            #expect(output.stdout.contains("outcome  \(stored[0])/\(stored[1])"), "\(output.stdout)")
            let began = stored[2].isEmpty ? "-" : stored[2]
            let started = stored[3].isEmpty ? "-" : stored[3]
            #expect(output.stdout.contains("began at \(began), transition started at \(started)"))
            #expect(output.stdout.contains("run \(run) "))
            if run == 1 {
                // The stored frames, row by row.
                let frames = try runner.rows(
                    """
                    SELECT seq, state, owner FROM frame JOIN result ON result.id = frame.result_id
                    JOIN trace ON trace.id = result.trace_id WHERE run_id = 1 AND trace.name = '\(trace)' ORDER BY seq
                    """)
                #expect(table.rows.map { [String($0.seq), $0.state, $0.owner] } == frames)
            }
        }
        // Recomputed frames are the frames a replay stores with --frames.
        try runner.expect(0, ["replay", "--frames", "--trace", trace, "--config", CommandRunner.config("handoff")])
        let storedByReplay = try runner.rows(
            """
            SELECT seq, state, owner FROM frame JOIN result ON result.id = frame.result_id
            WHERE run_id = 3 ORDER BY seq
            """)
        let recomputed = ShowTable(try runner.expect(0, ["show", trace, "--run", "2"]).stdout)
        #expect(recomputed.rows.map { [String($0.seq), $0.state, $0.owner] } == storedByReplay)
        #expect(try runner.expect(0, ["show", trace, "--run", "3"]).stdout.contains("frames stored"))
        // Without --run: the newest run with this trace.
        #expect(try runner.expect(0, ["show", trace]).stdout.contains("run 3 "))
    }

    @Test func showOfAMissingTraceOrRunIsAUsageError() throws {
        let runner = try CommandRunner()
        try runner.recordCorpus(count: 20)
        let trace = try runner.sqlite("SELECT name FROM trace LIMIT 1")
        #expect(try runner.expect(64, ["show", "no-such-trace"]).stderr.contains("no-such-trace"))
        try runner.expect(64, ["show", trace, "--run", "99"])
        try runner.expect(64, ["show"])
    }

    @Test(arguments: ["record", "replay", "regress", "tune", "runs", "show", "generate"])
    func everyCommandsHelpHasAnExample(_ command: String) throws {
        let output = try HelpTests.help(command)
        #expect(output.status == 0)
        #expect(output.stdout.contains("Example"))
        #expect(output.stdout.contains("\n  pantrace \(command) "), "\(output.stdout)")
    }

    /// Colour only on a terminal (a pseudo-terminal from script(1)), never with NO_COLOR.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func colourOnlyOnATerminalAndNeverWithNoColor() throws {
        let runner = try CommandRunner()
        try runner.recordCorpus(count: 100)
        let escape = "\u{1B}["
        // A pipe is not a terminal.
        let piped = try runner.expect(0, ["replay", "--set", "threshold=0.3"], environment: ["NO_COLOR": ""])
        #expect(!piped.stdout.contains(escape))
        #expect(!piped.stderr.contains(escape))

        let onTerminal = try Self.onTerminal(["replay", "--db", runner.db, "--set", "threshold=0.3"], noColor: nil)
        #expect(onTerminal.contains(escape + "31m"), "\(onTerminal)")
        for noColor in ["1", "true"] {
            let output = try Self.onTerminal(["replay", "--db", runner.db, "--set", "threshold=0.3"], noColor: noColor)
            #expect(output.contains("decisions changed"))
            #expect(!output.contains(escape), "\(output)")
        }
    }

    /// Runs the binary under a pseudo-terminal with script(1); returns what the terminal showed.
    static func onTerminal(_ arguments: [String], noColor: String?) throws -> String {
        let command = ([CommandRunner.binary.path] + arguments).map { "'" + $0 + "'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "exec \(command)", "/dev/null"]
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "NO_COLOR")
        environment["NO_COLOR"] = noColor
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
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

/// The frame table `pantrace show` prints, read back.
struct ShowTable {
    struct Row {
        var seq: Int
        var phase: String
        var state: String
        var owner: String
    }

    /// One row per frame (position sample).
    var rows: [Row] = []
    /// The closing row of a lift or cancel that is no position sample.
    var lift: Row?
    /// The header and every row, as printed.
    var lines: [String] = []

    init(_ text: String) {
        var inTable = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let cells = line.split(separator: " ").map(String.init)
            if cells.first == "seq" {
                inTable = true
                lines.append(String(line))
                continue
            }
            guard inTable else { continue }
            guard !cells.isEmpty else {
                inTable = false
                continue
            }
            lines.append(String(line))
            guard cells.count == 9, let seq = Int(cells[0]) else { continue }
            let row = Row(seq: seq, phase: cells[4], state: cells[5], owner: cells[6])
            if row.owner == "-" { lift = row } else { rows.append(row) }
        }
    }
}
