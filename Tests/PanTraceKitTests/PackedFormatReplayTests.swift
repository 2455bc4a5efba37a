import PanTraceKit
import Testing

@testable import PanTraceStore
import PanTraceCore
import PanTraceModel

/// `trace.packed` format 2 through the workflows: a recorded synthetic corpus
/// is packed in format 2, and replaying it stores the very results that
/// replaying its `sample` rows does (schema.sql, after `trace`).
@Suite struct PackedFormatReplayTests {
    @Test func replayOfFormatTwoBlobsStoresWhatReplayOfTheRowsStores() throws {
        let workspace = try Workspace()
        let store = try Store(path: workspace.db)
        _ = try Recorder(
            inputs: [try TraceInput(path: Workspace.fixture("traces/worked-examples.jsonl"))],
            synthetic: SyntheticTraces(count: 300, seed: 7), storesFrames: false
        ).record(into: store)
        // Every synthetic trace is in format 2 (names end in -s7-NNNN).
        let formatTwo = "SELECT count(*) FROM trace WHERE name LIKE '%-s7-%' AND substr(packed, 1, 1) = X'02'"
        #expect(try store.database.integer(formatTwo) == 300)

        let candidate = try ConfigSource(overrides: ["threshold=0.3"]).resolve()
        let fromBlobs = try Replayer(config: candidate, baseline: 1).replay(in: store)
        try store.database.execute("UPDATE trace SET packed = NULL")
        #expect(try store.database.integer("SELECT count(*) FROM trace WHERE packed IS NOT NULL") == 0)
        let fromRows = try Replayer(config: candidate, baseline: 1).replay(in: store)

        #expect(fromBlobs.changed > 0)
        #expect(fromBlobs.traces == fromRows.traces && fromBlobs.changes == fromRows.changes)
        let runs = try store.runs().map(\.id)
        #expect(runs.count == 3)
        func outcomes(_ run: RunID) throws -> [String: Outcome] {
            Dictionary(uniqueKeysWithValues: try store.results(ofRun: run).map { ($0.traceName, $0.outcome) })
        }
        let blobOutcomes = try outcomes(runs[1])
        #expect(blobOutcomes.count == 300 + 4)
        #expect(try outcomes(runs[2]) == blobOutcomes)
    }

    /// Replay decodes and simulates a batch ahead on another thread: across
    /// several batches, each stored outcome is the one the simulation gives
    /// the trace read back on this thread, and the comparison is in trace order.
    @Test func replayAcrossBatchesStoresWhatTheSimulationGivesEachTrace() throws {
        let workspace = try Workspace()
        let store = try Store(path: workspace.db)
        _ = try Recorder(synthetic: SyntheticTraces(count: 700, seed: 3), storesFrames: false).record(into: store)
        var config = try ConfigSource(overrides: ["threshold=0.3"]).resolve()
        config.velocityEstimator = .lsq2
        var order: [String] = []
        let comparison = try Replayer(config: config, baseline: 1).replay(
            in: store, reporting: [EachComparedTrace { order.append($0.name) }])
        #expect(comparison.traces == 700)

        var expected: [String: Outcome] = [:]
        var names: [String] = []
        var frames: [Frame] = []
        try store.forEachTrace { _, trace in
            names.append(trace.name)
            expected[trace.name] = Simulator.simulate(trace, under: config, frames: &frames, recordingFrames: false)
        }
        #expect(order == names)
        let stored = Dictionary(uniqueKeysWithValues: try store.results(ofRun: 2).map { ($0.traceName, $0.outcome) })
        #expect(stored == expected)
    }

    /// A malformed blob found on the other thread fails the replay as one found
    /// on this thread would: naming the trace, storing nothing.
    @Test func aMalformedBlobInALaterBatchStoresNothing() throws {
        let workspace = try Workspace()
        let store = try Store(path: workspace.db)
        _ = try Recorder(synthetic: SyntheticTraces(count: 700, seed: 3), storesFrames: false).record(into: store)
        try store.database.execute("UPDATE trace SET packed = substr(packed, 1, 9) WHERE id = 600")
        let lookup = try store.database.prepare("SELECT name FROM trace WHERE id = 600")
        #expect(try lookup.step())
        let name = try #require(lookup.string(at: 0))
        let candidate = try ConfigSource(overrides: ["threshold=0.3"]).resolve()
        let error = #expect(throws: StoreError.self) { try Replayer(config: candidate, baseline: 1).replay(in: store) }
        #expect(error.map { "\($0)" }?.contains("trace \"\(name)\" was edited into one that record refuses") == true)
        #expect(try store.runs().count == 1)
    }
}
