import Dispatch

/// Values computed one batch ahead on another core while the caller consumes
/// the batch before: `record` of a synthetic corpus generates and simulates the
/// next traces while SQLite writes the last ones (docs/performance.md).
///
/// Not to be confused with the scroll hand-off of docs/model.md §4.3: this is only
/// about using two cores. The values arrive in order; at most two batches
/// exist at once, so memory stays flat however long the corpus is.
enum ComputeAhead {
    /// Calls `body` with `produce(0)`, `produce(1)`, … `produce(count - 1)`, in order.
    ///
    /// `produce` runs on a Dispatch worker, one batch ahead of `body`; an error
    /// thrown by `body` stops the work (after the batch in flight) and is rethrown.
    static func forEach<Value: Sendable>(
        _ count: Int, batchSize: Int = 256,
        _ produce: @escaping @Sendable (Int) -> Value, _ body: (Value) throws -> Void
    ) throws {
        guard count > batchSize else {
            for index in 0..<max(0, count) { try body(produce(index)) }
            return
        }
        let queue = DispatchQueue.global(qos: .userInitiated)
        func start(_ range: Range<Int>) -> Batch<Value> {
            let batch = Batch<Value>()
            queue.async(group: batch.done) {
                var values: [Value] = []
                values.reserveCapacity(range.count)
                for index in range { values.append(produce(index)) }
                batch.values = values
            }
            return batch
        }
        var lower = 0
        var pending = start(0..<batchSize)
        // On an error, the batch in flight finishes before this returns.
        defer { pending.done.wait() }
        while lower < count {
            pending.done.wait()
            let values = pending.values
            let upper = lower + values.count
            if upper < count { pending = start(upper..<min(upper + batchSize, count)) }
            for value in values { try body(value) }
            lower = upper
        }
    }
}

/// One batch being computed: `values` is written by the worker and read only
/// after `done.wait()`, which orders the two.
private final class Batch<Value>: @unchecked Sendable {
    let done = DispatchGroup()
    var values: [Value] = []
}
