#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Values computed ahead on a second core while the calling thread writes them.
///
/// `record` of synthetic traces spends about a tenth of its time generating
/// and simulating traces; computed on another core, that time overlaps the
/// SQLite writes (docs/performance.md). The values arrive in order, and at
/// most a few hundred are held at once, so memory stays flat.
///
/// ```swift
/// try Prefetch.forEach(count, { index in simulate(corpus.trace(at: index)) }) { value in
///     try session.add(value)
/// }
/// ```
public enum Prefetch {
    /// Calls `body` with `produce(0)`, `produce(1)`, … `produce(count - 1)`, in order.
    ///
    /// `produce` runs on a background thread (on the calling thread when
    /// the machine has one core or no thread can be started); an error
    /// thrown by `body` stops it and is rethrown.
    public static func forEach<Value: Sendable>(
        _ count: Int, batchSize: Int = 32, queuedBatches: Int = 8,
        _ produce: @escaping @Sendable (Int) -> Value, _ body: (Value) throws -> Void
    ) throws {
        guard count > batchSize, sysconf(Int32(_SC_NPROCESSORS_ONLN)) >= 2 else {
            for index in 0..<max(0, count) { try body(produce(index)) }
            return
        }
        let handoff = Handoff<Value>(capacity: queuedBatches)
        let thread = WorkerThread {
            var emitter = Emitter(handoff: handoff, batchSize: batchSize)
            for index in 0..<count {
                guard emitter.emit(produce(index)) else { return }
            }
            _ = emitter.endChunk()
        }
        guard let thread else {
            for index in 0..<count { try body(produce(index)) }
            return
        }
        defer {
            handoff.cancel()
            thread.join()
        }
        while true {
            switch handoff.take() {
            case .values(let values):
                for value in values { try body(value) }
            case .endOfChunk:
                return
            case .failure(let error):
                throw error
            }
        }
    }
}
