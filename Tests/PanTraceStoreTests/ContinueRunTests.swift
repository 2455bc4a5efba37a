import PanTraceCore
import PanTraceModel
import Testing

@testable import PanTraceStore

/// ``Store/continueRun(_:)``: `pantrace lab` commits each gesture on its own into
/// its session's one run (docs/lab.md).
@Suite struct ContinueRunTests {
    @Test func eachCommitAddsToTheSameRunAndItsTraceCount() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let first = try store.beginRun(.record, configName: "lab", configJSON: #"{"lab":1}"#)
        try first.addResult(traceID: try first.add(makeTrace("g1", seed: 1)), outcome: makeOutcome(0), frames: makeFrames(count: 6))
        let run = try first.commit()
        for index in 2...4 {
            let session = try store.continueRun(run)
            #expect(session.runID == run && session.kind == .record && session.configID == first.configID)
            try session.addResult(traceID: try session.add(makeTrace("g\(index)", seed: index)), outcome: makeOutcome(index), frames: makeFrames(count: 6))
            #expect(try session.commit() == run)
            #expect(try store.database.integer("SELECT trace_count FROM run WHERE id = \(run)") == index)
        }
        #expect(try store.runs().map(\.id) == [run])
        #expect(try store.results(ofRun: run).map(\.traceName) == ["g1", "g2", "g3", "g4"])
        #expect(try store.results(ofRun: run).map(\.outcome) == [0, 2, 3, 4].map(makeOutcome))
    }

    @Test func aRolledBackContinuationLeavesTheRunAsItWas() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let first = try store.beginRun(.record, configName: "lab", configJSON: #"{"lab":1}"#)
        try first.addResult(traceID: try first.add(makeTrace("g1")), outcome: makeOutcome(0))
        let run = try first.commit()
        let session = try store.continueRun(run)
        try session.addResult(traceID: try session.add(makeTrace("g2", seed: 2)), outcome: makeOutcome(1))
        session.rollback()
        #expect(try store.trace(named: "g2") == nil)
        #expect(try store.database.integer("SELECT trace_count FROM run") == 1)
        #expect(try store.results(ofRun: run).count == 1)
        // A trace stored with other content is refused, and nothing of that gesture stays.
        let conflict = try store.continueRun(run)
        #expect(throws: StoreError.self) { try conflict.add(makeTrace("g1", seed: 9)) }
        #expect(try store.database.integer("SELECT trace_count FROM run") == 1)
    }

    @Test func anUnknownRunIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        #expect(throws: StoreError.runNotFound(7)) { _ = try store.continueRun(7) }
        // The refused session left no transaction open.
        let session = try store.beginRun(.record, configName: "x", configJSON: #"{"x":1}"#)
        session.rollback()
    }
}
