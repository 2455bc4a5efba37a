import Dispatch

/// Values computed one batch ahead on another core while the caller consumes
/// the batch before: `record` of a synthetic corpus generates and simulates the
/// next traces while SQLite writes the last ones (docs/performance.md).
///
/// Not to be confused with the scroll hand-off of docs/model.md §4.3: this is only
/// about using two cores. The values arrive in order; at most three batches
/// exist at once, so memory stays flat however long the corpus is.
enum ComputeAhead {
    /// Calls `body` with `produce(0)`, `produce(1)`, … `produce(count - 1)`, in order.
    ///
    /// `produce` runs on a Dispatch worker, one batch ahead of `body` (``map(batches:batchSize:over:_:)``
    /// over the indices); an error thrown by `body` stops the work (after the
    /// batch in flight) and is rethrown.
    static func forEach<Value: Sendable>(
        _ count: Int, batchSize: Int = 256,
        _ produce: @escaping @Sendable (Int) -> Value, _ body: (Value) throws -> Void
    ) throws {
        try map(batches: { $0.map(produce) }, batchSize: batchSize, over: { add in
            for index in 0..<max(0, count) { try add(index) }
        }) { _, value in try body(value) }
    }
}

extension ComputeAhead {
    /// Calls `body` with each value `inputs` gives and its transformed value,
    /// in order, transforming a batch on a Dispatch worker while the caller's
    /// thread consumes the batch before it and reads the batch after it.
    ///
    /// `inputs` calls its argument once per value (a store's streaming read);
    /// `body` may write through the same connection (replay reads a trace
    /// row, and writes a result row, on the caller's thread). `transform`
    /// maps a whole batch, so that it can reuse its buffers from value to
    /// value, and returns one output per input. The inputs stay with the
    /// caller: the worker only reads them, and its outputs are best plain
    /// values (replay's are outcomes), which cost nothing to hand back. At
    /// most three batches exist at once. Fewer values than one batch are
    /// transformed on the caller's thread. The order of errors is the order
    /// of a plain loop: when reading fails, the values read before it are
    /// consumed first (`body` may throw an earlier error), then the read's
    /// error is rethrown.
    static func map<Input: Sendable, Output: Sendable>(
        batches transform: @escaping @Sendable ([Input]) -> [Output], batchSize: Int = 256,
        over inputs: ((Input) throws -> Void) throws -> Void, _ body: (Input, Output) throws -> Void
    ) throws {
        // `inputs` is given a closure that calls `body`: both non-escaping, which
        // Swift allows only when neither keeps the other (they don't).
        try withoutActuallyEscaping(body) { body in
            try map(transform, batchSize: batchSize, over: inputs, consumingWith: body)
        }
    }

    private static func map<Input: Sendable, Output: Sendable>(
        _ transform: @escaping @Sendable ([Input]) -> [Output], batchSize: Int,
        over inputs: ((Input) throws -> Void) throws -> Void, consumingWith body: @escaping (Input, Output) throws -> Void
    ) throws {
        let queue = DispatchQueue.global(qos: .userInitiated)
        var filling: [Input] = []
        filling.reserveCapacity(batchSize)
        var pending: (inputs: [Input], batch: Batch<Output>)?
        // On an error, the batch in flight finishes before this returns.
        defer { pending?.batch.done.wait() }
        func consume(_ inputs: [Input], _ outputs: [Output]) throws {
            precondition(outputs.count == inputs.count, "a batch transform returns one output per input")
            for index in inputs.indices { try body(inputs[index], outputs[index]) }
        }
        // The batch on the worker, waited for and consumed.
        func consumePending() throws {
            guard let (inputs, batch) = pending else { return }
            batch.done.wait()
            pending = nil
            try consume(inputs, batch.values)
        }
        // Hands the filled batch to the worker, then consumes the one before it.
        func cycle() throws {
            let previous = pending
            previous?.batch.done.wait()
            let batch = Batch<Output>()
            let inputs = filling
            queue.async(group: batch.done) { batch.values = transform(inputs) }
            pending = (inputs, batch)
            filling = []
            filling.reserveCapacity(batchSize)
            if let previous { try consume(previous.inputs, previous.batch.values) }
        }
        var reading = true
        do {
            try inputs { input in
                filling.append(input)
                if filling.count == batchSize {
                    reading = false
                    try cycle()
                    reading = true
                }
            }
        } catch where reading {
            try consumePending()
            try consume(filling, transform(filling))
            throw error
        }
        if !filling.isEmpty {
            if pending == nil {
                try consume(filling, transform(filling))
                return
            }
            try cycle()
        }
        try consumePending()
    }
}

/// One batch being computed: `values` is written by the worker and read only
/// after `done.wait()`, which orders the two.
private final class Batch<Value>: @unchecked Sendable {
    let done = DispatchGroup()
    var values: [Value] = []
}
