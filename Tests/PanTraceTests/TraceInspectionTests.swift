import PanTrace
import Testing

/// `show`'s view of a trace, in-process: stored frames, recomputed frames, and
/// the errors for a trace or run without a result.
@Suite struct TraceInspectionTests {
    /// SPEC 4.9 example 1 (slow drag): finish/threshold, the transition
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
    }

    /// Issue 14: a name from the input (the trace's, the config's) reaches the
    /// terminal escaped, never as an ESC sequence or a line break.
    @Test func namesAreEscapedForTheTerminal() throws {
        let workspace = try Workspace()
        let store = try Store(path: workspace.db)
        var config = Config()
        config.name = "cfg\u{1B}]0;title\u{07}"
        let name = "red\u{1B}[31m\nforged row"
        _ = try Recorder(config: config, inputs: [TraceInput(text: Seed.validLine(named: name) + "\n")]).record(into: store)
        let text = try TraceInspection(trace: name, in: store).text()
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(text.hasPrefix(#"trace red\u{1B}[31m\nforged row  400×800 pt"#))
        #expect(text.contains(#"config "cfg\u{1B}]0;title\u{7}")"#))
    }

    @Test func aTraceOrRunWithoutAResultIsAnError() throws {
        let workspace = try Workspace()
        let store = try Store(path: workspace.db)
        _ = try Recorder(inputs: [TraceInput(text: Seed.validLine + "\n")]).record(into: store)
        #expect(throws: StoreError.traceNotFound(name: "nope")) { try TraceInspection(trace: "nope", in: store) }
        _ = try Recorder(inputs: [TraceInput(text: Seed.validLine(named: "ok-2") + "\n")]).record(into: store)
        #expect(throws: WorkflowError.noResult(trace: "ok-1", run: 2)) { try TraceInspection(trace: "ok-1", run: 2, in: store) }
        #expect(throws: StoreError.runNotFound(7)) { try TraceInspection(trace: "ok-1", run: 7, in: store) }
        #expect("\(WorkflowError.noResult(trace: "ok-1", run: 7))" == #"run 7 has no result for "ok-1""#)
    }
}
