import PanTraceModel
import Testing

@testable import PanTraceStore

@Suite struct RecordTests {
    @Test func recordStoresEverything() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let traces = (0..<5).map { makeTrace("t\($0)", seed: $0, count: 4 + $0) }
        let run = try record(traces, into: store)
        #expect(run == 1)
        #expect(
            try rowCounts(store) == [
                "trace": 5, "sample": 30, "config": 1, "run": 1, "result": 5, "frame": 30,
            ])
        #expect(try store.run(run)?.traceCount == 5)
    }

    @Test func errorMidRecordLeavesTheDatabaseAsBefore() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        try record([makeTrace("kept")], into: store)
        let before = try rowCounts(store)

        let session = try store.beginRun(.record, configName: "other", configJSON: #"{"name":"other"}"#)
        let id = try session.add(makeTrace("new-1", seed: 1))
        try session.addResult(traceID: id, outcome: makeOutcome(0), frames: makeFrames(count: 6))
        try session.add(makeTrace("new-2", seed: 2))
        // A result for a trace that does not exist violates a foreign key.
        #expect(throws: StoreError.self) {
            try session.addResult(traceID: 999, outcome: makeOutcome(1))
        }
        // The failed session is rolled back and refuses further work.
        #expect(throws: StoreError.self) { try session.add(makeTrace("new-3", seed: 3)) }
        #expect(throws: StoreError.self) { try session.commit() }
        #expect(try rowCounts(store) == before)
    }

    /// A result for a trace read while its session was open skips the lookup
    /// that stands in for the foreign key; one read before, or in another
    /// session, is looked up, and a trace deleted since is refused.
    @Test func aStoredTraceIsTrustedOnlyByTheSessionItWasReadIn() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        try record([makeTrace("a", seed: 1), makeTrace("b", seed: 2)], into: store)
        func storedTraces() throws -> [StoredTrace] {
            var traces: [StoredTrace] = []
            try store.forEachStoredTrace(.all, withOutcomesOf: 1) { stored, _ in traces.append(stored) }
            return traces
        }
        let readBefore = try storedTraces()

        let first = try store.beginRun(.replay, configName: "first", configJSON: #"{"name":"first"}"#)
        let readInFirst = try storedTraces()
        #expect(readInFirst.map(\.readInSession) == [first.token, first.token])
        #expect(readBefore.map(\.readInSession) == [nil, nil])
        try first.addResult(for: readInFirst[0], outcome: makeOutcome(0))
        try first.addResult(for: readBefore[1], outcome: makeOutcome(1))
        try first.commit()

        // Trace "b" goes (by hand, as a user could); what was read of it stays.
        try store.database.execute("DELETE FROM result WHERE trace_id = 2; DELETE FROM trace WHERE id = 2")
        for stale in [readBefore[1], readInFirst[1]] {
            let second = try store.beginRun(.replay, configName: "second", configJSON: #"{"name":"second"}"#)
            #expect(second.token != first.token)
            #expect(throws: StoreError.self) { try second.addResult(for: stale, outcome: makeOutcome(1)) }
        }
        #expect(try store.database.integer("SELECT count(*) FROM result WHERE trace_id = 2") == 0)
    }

    @Test func invalidSampleMidTraceLeavesNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let before = try rowCounts(store)
        var bad = makeTrace("bad", count: 8)
        bad.samples[5].touches = 0  // breaks CHECK (touches >= 1)
        let session = try store.beginRun(.record, configName: "c", configJSON: "{}")
        try session.add(makeTrace("good"))
        #expect(throws: StoreError.self) { try session.add(bad) }
        #expect(try rowCounts(store) == before)
    }

    @Test func uncommittedSessionIsRolledBackWhenReleased() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let before = try rowCounts(store)
        do {
            let session = try store.beginRun(.record, configName: "c", configJSON: "{}")
            try session.add(makeTrace("gone"))
        }
        #expect(try rowCounts(store) == before)
        #expect(store.database.isAutocommit)
        // The store is usable again.
        try record([makeTrace("after")], into: store)
        #expect(try store.traceCount() == 1)
    }

    @Test func explicitRollbackDiscardsTheRun() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let session = try store.beginRun(.record, configName: "c", configJSON: "{}")
        try session.add(makeTrace("gone"))
        session.rollback()
        #expect(try rowCounts(store).values.allSatisfy { $0 == 0 })
    }

    @Test func sameTraceTwiceIsStoredOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        let trace = makeTrace("shared", count: 7)
        try record([trace], into: store)
        try record([trace, makeTrace("second")], into: store, config: "candidate")
        let counts = try rowCounts(store)
        #expect(counts["trace"] == 2)
        #expect(counts["sample"] == 13)
        #expect(counts["result"] == 3)
        #expect(counts["run"] == 2)
        #expect(counts["config"] == 2)
        let first = try store.results(ofRun: 1)
        let second = try store.results(ofRun: 2)
        #expect(first[0].traceID == second[0].traceID)
    }

    @Test func sameNameOtherContentIsAConflictAndWritesNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        try record([makeTrace("flick-1", seed: 1)], into: store)
        let before = try rowCounts(store)
        var changed = makeTrace("flick-1", seed: 1)
        changed.samples[2].y += 0.001
        #expect(throws: StoreError.traceConflict(name: "flick-1")) {
            try record([makeTrace("fresh", seed: 9), changed], into: store, config: "x")
        }
        #expect(try rowCounts(store) == before)
    }

    @Test func sameNameTwiceInOneRecordIsAnError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        #expect(throws: StoreError.duplicateTrace(name: "twice")) {
            try record([makeTrace("twice"), makeTrace("twice")], into: store)
        }
        #expect(try rowCounts(store).values.allSatisfy { $0 == 0 })
    }

    @Test func sameSettingsAreOneConfigRow() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        try record([makeTrace("a")], into: store, config: "baseline")
        try record([makeTrace("a")], into: store, config: "baseline", kind: .replay, frames: false)
        try record([makeTrace("a")], into: store, config: "other", kind: .regress, frames: false)
        #expect(try rowCounts(store)["config"] == 2)
        let runs = try store.runs()
        #expect(runs.map(\.configID) == [1, 1, 2])
        #expect(runs.map(\.kind) == [.record, .replay, .regress])
    }

    @Test func digestCoversEveryFieldAndIgnoresTheSignOfZero() {
        let trace = makeTrace("d", seed: 3)
        let digest = TraceDigest.of(trace)
        var mutations: [Trace] = []
        var copy = trace
        copy.name = "e"; mutations.append(copy)
        copy = trace; copy.width += 1; mutations.append(copy)
        copy = trace; copy.height += 1; mutations.append(copy)
        copy = trace; copy.scrollOffset += 1; mutations.append(copy)
        copy = trace; copy.scrollContent += 1; mutations.append(copy)
        copy = trace; copy.intent = .cancel; mutations.append(copy)
        copy = trace; copy.intent = nil; mutations.append(copy)
        copy = trace; copy.meta = nil; mutations.append(copy)
        copy = trace; copy.family = "other"; mutations.append(copy)
        copy = trace; copy.samples[1].t += 1e-12; mutations.append(copy)
        copy = trace; copy.samples[1].x = -copy.samples[1].x; mutations.append(copy)
        copy = trace; copy.samples[1].phase = .up; mutations.append(copy)
        copy = trace; copy.samples[1].touches = 2; mutations.append(copy)
        copy = trace; copy.samples.removeLast(); mutations.append(copy)
        for mutation in mutations { #expect(TraceDigest.of(mutation) != digest) }
        #expect(Set(mutations.map(TraceDigest.of)).count == mutations.count)

        var negative = trace
        negative.scrollOffset = -0.0
        var positive = trace
        positive.scrollOffset = 0.0
        #expect(TraceDigest.of(negative) == TraceDigest.of(positive))
    }
}

@Suite struct ConfigIdentityTests {
    @Test func equalConfigsShareOneRow() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try Store.fresh(in: folder)
        var config = Config()
        for _ in 0..<2 { try store.beginRun(.replay, config: config).commit() }
        config.threshold = 0.3
        config.name = "baseline threshold=0.3"
        try store.beginRun(.replay, config: config).commit()
        let runs = try store.runs()
        #expect(runs.map(\.configID) == [1, 1, 2])
        #expect(runs.map(\.configName) == ["baseline", "baseline", "baseline threshold=0.3"])
        #expect(runs[2].configSettings == config.canonicalJSON())
    }
}
