import Dispatch
import Foundation
import PanTraceModel
import Testing

@testable import PanTraceStore

/// Errors collected from several threads.
private final class ErrorBox: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [String] = []

    func append(_ error: any Error) {
        lock.lock()
        errors.append("\(error)")
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return errors
    }
}

@Suite struct ConcurrencyTests {
    @Test func twoConnectionsRecordingAtOnceBothSucceed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file()
        _ = try Store(path: path)
        let errors = ErrorBox()
        let firstHoldsTheLock = DispatchSemaphore(value: 0)

        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            do {
                let store = try Store(path: path)
                let traces = (0..<40).map { makeTrace("w\(writer)-\($0)", seed: $0) }
                if writer == 0 {
                    let session = try store.beginRun(.record, configName: "w0", configJSON: "{}")
                    firstHoldsTheLock.signal()
                    for (index, trace) in traces.enumerated() {
                        let id = try session.add(trace)
                        try session.addResult(traceID: id, outcome: makeOutcome(index))
                    }
                    // The other writer started once the lock was held, and waits on
                    // it while these 40 traces are written (PanTraceCLITests'
                    // ConcurrentProcessTests holds it deterministically, on a blocked read).
                    try session.commit()
                } else {
                    firstHoldsTheLock.wait()
                    try record(traces, into: store, config: "w1")
                }
            } catch {
                errors.append(error)
            }
        }
        #expect(errors.all.isEmpty)
        let store = try Store(path: path)
        #expect(try rowCounts(store)["trace"] == 80)
        #expect(try store.runs().map(\.traceCount) == [40, 40])
        #expect(try store.runs().map(\.configName) == ["w0", "w1"])
    }

    @Test func newFileOpenedByManyConnectionsAtOnceIsMigratedOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file()
        let errors = ErrorBox()
        DispatchQueue.concurrentPerform(iterations: 4) { writer in
            do {
                let store = try Store(path: path)
                try record([makeTrace("same")], into: store, config: "c\(writer)")
            } catch {
                errors.append(error)
            }
        }
        #expect(errors.all.isEmpty)
        let store = try Store(path: path)
        #expect(try store.userVersion() == Store.schemaVersion)
        #expect(try rowCounts(store)["trace"] == 1)
        #expect(try rowCounts(store)["run"] == 4)
    }
}
