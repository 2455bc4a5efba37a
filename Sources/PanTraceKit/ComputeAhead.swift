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

extension ComputeAhead {
    /// Calls `body` with each value `inputs` gives and its transformed value,
    /// in order, as ``map(batches:batchSize:over:_:)`` does, but with the
    /// reading on the worker too: the worker reads a batch (through a
    /// connection of its own, a ``PanTraceStore/ConcurrentReader``),
    /// transforms it and hands it over, while the caller's thread consumes
    /// (writes results, or writes text) — the two threads' work is then about
    /// even (docs/performance.md).
    ///
    /// At most `capacity` batches wait for the caller, and one is being
    /// filled, so memory stays flat. The order of errors is a plain loop's:
    /// when reading fails, the values read before it are consumed first, then
    /// the error is thrown. When `body` throws, the worker stops at its next
    /// batch and is waited for before the error is rethrown.
    static func map<Input: Sendable, Output: Sendable>(
        batches transform: @escaping @Sendable ([Input]) -> [Output], batchSize: Int = 256, capacity: Int = 2,
        readingOnWorker inputs: @escaping @Sendable ((Input) throws -> Void) throws -> Void,
        _ body: (Input, Output) throws -> Void
    ) throws {
        let handoff = Handoff<Input, Output>(capacity: capacity)
        let finished = DispatchGroup()
        finished.enter()
        DispatchQueue.global(qos: .userInitiated).async {
            defer { finished.leave() }
            var filling: [Input] = []
            filling.reserveCapacity(batchSize)
            func handOver() throws {
                let outputs = transform(filling)
                guard handoff.put(.batch(filling, outputs)) else { throw Handoff<Input, Output>.Stopped() }
                filling = []
                filling.reserveCapacity(batchSize)
            }
            var failure: (any Error)?
            do {
                try inputs { input in
                    filling.append(input)
                    if filling.count == batchSize { try handOver() }
                }
                if !filling.isEmpty { try handOver() }
            } catch is Handoff<Input, Output>.Stopped {
                return
            } catch {
                failure = error
                if !filling.isEmpty, (try? handOver()) == nil { return }
            }
            _ = handoff.put(.end(failure))
        }
        // However this returns, the worker has stopped first.
        defer {
            handoff.stop()
            finished.wait()
        }
        while true {
            switch handoff.take() {
            case .batch(let inputs, let outputs):
                for index in inputs.indices { try body(inputs[index], outputs[index]) }
            case .end(let failure):
                if let failure { throw failure }
                return
            }
        }
    }
}

/// The batches the worker of ``ComputeAhead/map(batches:batchSize:capacity:readingOnWorker:_:)``
/// hands to the caller, first in first out, at most `capacity` waiting.
private final class Handoff<Input, Output>: @unchecked Sendable {
    enum Item {
        case batch([Input], [Output])
        /// The worker read everything, or failed.
        case end((any Error)?)
    }

    /// Thrown inside the worker's reading when the caller stopped taking.
    struct Stopped: Error {}

    private var items: [Item] = []
    private var stopped = false
    private let mutex = DispatchSemaphore(value: 1)
    /// Room for one more waiting batch.
    private let room: DispatchSemaphore
    /// One more batch waiting.
    private let waiting = DispatchSemaphore(value: 0)

    init(capacity: Int) {
        room = DispatchSemaphore(value: max(1, capacity))
    }

    /// Worker: waits for room and adds `item`; false once the caller stopped.
    func put(_ item: Item) -> Bool {
        room.wait()
        mutex.wait()
        defer { mutex.signal() }
        if stopped { return false }
        items.append(item)
        waiting.signal()
        return true
    }

    /// Caller: waits for the next item and takes it.
    func take() -> Item {
        waiting.wait()
        mutex.wait()
        let item = items.removeFirst()
        mutex.signal()
        room.signal()
        return item
    }

    /// Caller: takes nothing more; a worker waiting for room, or about to,
    /// is let through (it puts at most three more times: a batch, the rest of
    /// a failed read, the end).
    func stop() {
        mutex.wait()
        stopped = true
        items.removeAll()
        mutex.signal()
        for _ in 0..<3 { room.signal() }
    }
}
