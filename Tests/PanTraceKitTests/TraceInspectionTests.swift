import PanTraceKit
import PanTraceModel
import PanTraceStore
import SQLiteTestSupport
import TestFolders
import Testing

/// `show`'s view of a trace, in-process: stored frames, recomputed frames, the
/// table against the database, and the errors for a trace or run without a
/// result. PanTraceCLITests shows the table on standard output.
@Suite struct TraceInspectionTests {
    /// docs/model.md §4.9 example 1 (slow drag): finish/threshold, the transition
    /// started at sample 2 (the worked example's `start_seq`).
    @Test func storedAndRecomputedFramesAgree() throws {
        let workspace = try Workspace()
        let store = try Store(path: workspace.db)
        _ = try Recorder(inputs: [try TraceInput(path: Workspace.fixture("traces/worked-examples.jsonl"))]).record(into: store)
        _ = try Replayer(config: Config()).replay(in: store)
        let stored = try TraceInspection(trace: "spec-4.9-1-slow-drag", run: 1, in: store)
        let recomputed = try TraceInspection(trace: "spec-4.9-1-slow-drag", in: store)
        #expect(stored.framesStored)
        #expect(!recomputed.framesStored)
        #expect(recomputed.run.id == 2)  // the newest run by default
        #expect(stored.frames == recomputed.frames)
        #expect(stored.outcome.decision == .finish && stored.outcome.reason == .threshold)
        #expect(stored.outcome.startSeq == 2)
        #expect(stored.text().contains("outcome  finish/threshold"))
        #expect(recomputed.text().contains("frames recomputed under the run's config"))
        // docs/model.md "Evidence": the intent with where it came from (the worked examples' labels are
        // marked synthetic, docs/model.md §4.9).
        #expect(stored.text().split(separator: "\n").first?.hasSuffix("intent finish (synthetic)") == true)
    }

    /// docs/safety.md: a name from the input (the trace's, the config's) reaches the
    /// terminal escaped, never as an ESC sequence or a line break.
    @Test func namesAreEscapedForTheTerminal() throws {
        let workspace = try Workspace()
        let store = try Store(path: workspace.db)
        var config = Config()
        config.name = "cfg\u{1B}]0;title\u{07}"
        let name = "red\u{1B}[31m\nforged row"
        _ = try Recorder(config: config, inputs: [TraceInput(text: ValidTraceLine.validLine(named: name) + "\n")]).record(into: store)
        let text = try TraceInspection(trace: name, in: store).text()
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(text.hasPrefix(#"trace red\u{1B}[31m\nforged row  400×800 pt"#))
        #expect(text.contains(#"config "cfg\u{1B}]0;title\u{7}")"#))
    }

    @Test func aTraceOrRunWithoutAResultIsAnError() throws {
        let workspace = try Workspace()
        let store = try Store(path: workspace.db)
        _ = try Recorder(inputs: [TraceInput(text: ValidTraceLine.validLine + "\n")]).record(into: store)
        #expect(throws: StoreError.traceNotFound(name: "nope")) { try TraceInspection(trace: "nope", in: store) }
        _ = try Recorder(inputs: [TraceInput(text: ValidTraceLine.validLine(named: "ok-2") + "\n")]).record(into: store)
        #expect(throws: WorkflowError.noResult(trace: "ok-1", run: 2)) { try TraceInspection(trace: "ok-1", run: 2, in: store) }
        #expect(throws: StoreError.runNotFound(7)) { try TraceInspection(trace: "ok-1", run: 7, in: store) }
        #expect("\(WorkflowError.noResult(trace: "ok-1", run: 7))" == #"run 7 has no result for "ok-1""#)
    }

    /// The table `show` prints (``TraceInspection/text()``), row by row
    /// against the samples, frames and results read with SQL.
    @Test(arguments: ["scroll-top", "flick", "system-cancel", "two-finger"])
    func showPrintsOneRowPerPositionSampleAndTheOutcome(_ family: String) throws {
        let workspace = try Workspace.recorded("record count=60 seed=7") { store in
            _ = try Recorder(synthetic: SyntheticTraces(count: 60, seed: 7)).record(into: store)
        }
        let database = DatabaseFile(path: workspace.db)
        let store = try Store(path: workspace.db)
        let handoff = try ConfigSource(file: Workspace.fixture("configs/handoff.json")).resolve()
        _ = try Replayer(config: handoff).replay(in: store)
        let trace = try #require(try database.texts("SELECT name FROM trace WHERE family = '\(family)' ORDER BY id LIMIT 1").first)
        let positions = try database.positionSamples(of: trace)
        try #require(positions.count >= 2)

        // The record stored frames; the replay did not, and show recomputes them under its config.
        for run in [1, 2] {
            let text = try TraceInspection(trace: trace, run: Int64(run), in: store).text()
            let table = ShowTable(text)
            #expect(table.rows.map(\.seq) == positions, "\(text)")
            // A lift in place or a cancel closes the table; every line is aligned.
            let last = try #require(try database.rows(
                "SELECT seq, phase FROM sample JOIN trace ON trace.id = trace_id WHERE name = '\(trace)' ORDER BY seq DESC LIMIT 1").first)
            if positions.last == last[0].int {
                #expect(table.lift == nil)
            } else {
                #expect(table.lift?.seq == last[0].int)
                #expect(table.lift.map { .text($0.phase) } == last[1])
            }
            #expect(Set(table.lines.map(\.count)).count == 1, "\(table.lines.joined(separator: "\n"))")
            let stored = try #require(try database.rows(
                "SELECT decision, reason, began_seq, start_seq FROM decisions WHERE run = \(run) AND trace = '\(trace)'").first)
            #expect(text.contains("outcome  \(stored[0].text ?? "?")/\(stored[1].text ?? "?")"), "\(text)")
            let began = stored[2].int.map(String.init) ?? "-"
            let started = stored[3].int.map(String.init) ?? "-"
            #expect(text.contains("began at \(began), transition started at \(started)"))
            #expect(text.contains("run \(run) "))
            if run == 1 {
                // The stored frames, row by row.
                let frames = try database.rows(
                    """
                    SELECT seq, state, owner FROM frame JOIN result ON result.id = frame.result_id
                    JOIN trace ON trace.id = result.trace_id WHERE run_id = 1 AND trace.name = '\(trace)' ORDER BY seq
                    """)
                #expect(table.rows.map { [SQLValue.int(Int64($0.seq)), .text($0.state), .text($0.owner)] } == frames)
            }
        }
        // Recomputed frames are the frames a replay stores with --frames.
        _ = try Replayer(config: handoff, selection: TraceSelection(names: [trace]), storesFrames: true).replay(in: store)
        let storedByReplay = try database.rows(
            """
            SELECT seq, state, owner FROM frame JOIN result ON result.id = frame.result_id
            WHERE run_id = 3 ORDER BY seq
            """)
        let recomputed = ShowTable(try TraceInspection(trace: trace, run: 2, in: store).text())
        #expect(recomputed.rows.map { [SQLValue.int(Int64($0.seq)), .text($0.state), .text($0.owner)] } == storedByReplay)
        #expect(try TraceInspection(trace: trace, run: 3, in: store).text().contains("frames stored"))
        // Without a run: the newest run with this trace.
        #expect(try TraceInspection(trace: trace, in: store).text().contains("run 3 "))
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
