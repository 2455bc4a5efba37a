#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A bounded queue of batches from one producing thread to one consuming thread.
///
/// The producer blocks while the queue holds `capacity` batches, so memory
/// stays flat however long the stream is; the consumer blocks while it is
/// empty. Values travel in batches (``Handoff/Part/values(_:)``) so that the
/// threads meet a few hundred times per corpus, not once per trace.
final class Handoff<Value>: @unchecked Sendable {
    /// What travels through the queue.
    enum Part {
        case values([Value])
        /// The end of the values (``Emitter/endChunk()``).
        case endOfChunk
        /// The producer failed; it sends nothing after this.
        case failure(any Error)
    }

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let capacity: Int
    // Guarded by `mutex`. Taken parts are set to nil at once, so that a
    // queue that never runs empty does not keep what it has handed over.
    private var parts: [Part?] = []
    private var head = 0
    private var cancelled = false

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        changed.deallocate()
    }

    /// Appends `part`, waiting while the queue is full; false when the consumer has cancelled.
    func put(_ part: Part) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !cancelled && parts.count - head >= capacity { pthread_cond_wait(changed, mutex) }
        guard !cancelled else { return false }
        parts.append(part)
        pthread_cond_broadcast(changed)
        return true
    }

    /// Removes the oldest part, waiting while the queue is empty.
    func take() -> Part {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while parts.count == head { pthread_cond_wait(changed, mutex) }
        let part = parts[head].take()
        head += 1
        if head == parts.count {
            parts.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64 {
            parts.removeFirst(head)
            head = 0
        }
        pthread_cond_broadcast(changed)
        // Never nil: only parts below `head` are taken.
        return part ?? .endOfChunk
    }

    /// Tells the producer to stop: ``put(_:)`` returns false from now on.
    func cancel() {
        pthread_mutex_lock(mutex)
        cancelled = true
        parts.removeAll()
        head = 0
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(mutex)
    }

    /// Whether the consumer has cancelled.
    var isCancelled: Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return cancelled
    }
}

/// The producing side of a ``Handoff``: collects values into batches.
struct Emitter<Value>: ~Copyable {
    let handoff: Handoff<Value>
    let batchSize: Int
    private var batch: [Value] = []

    init(handoff: Handoff<Value>, batchSize: Int) {
        self.handoff = handoff
        self.batchSize = batchSize
        batch.reserveCapacity(batchSize)
    }

    /// Adds one value; false when the consumer has stopped listening (stop producing).
    mutating func emit(_ value: Value) -> Bool {
        batch.append(value)
        return batch.count < batchSize || flush()
    }

    /// Sends the values collected so far; false when the consumer has stopped.
    mutating func flush() -> Bool {
        guard !batch.isEmpty else { return !handoff.isCancelled }
        let full = batch
        batch = []
        batch.reserveCapacity(batchSize)
        return handoff.put(.values(full))
    }

    /// Sends the values collected so far and marks the end of a chunk.
    mutating func endChunk() -> Bool {
        flush() && handoff.put(.endOfChunk)
    }
}

/// A thread running one closure, joined with ``join()``.
final class WorkerThread: @unchecked Sendable {
    #if canImport(Glibc)
        private var thread = pthread_t()
    #else
        private var thread: pthread_t?
    #endif
    private var started = false

    /// Starts `body` on a new thread; returns `nil` when the system refuses a thread.
    init?(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(WorkerBody(body))
        let code = pthread_create(
            &thread, nil,
            { context in
                #if canImport(Glibc)
                    guard let context else { return nil }
                #endif
                let body = Unmanaged<WorkerBody>.fromOpaque(context).takeRetainedValue()
                body.run()
                return nil
            }, box.toOpaque())
        guard code == 0 else {
            box.release()
            return nil
        }
        started = true
    }

    /// Waits for the thread to finish.
    func join() {
        guard started else { return }
        started = false
        #if canImport(Glibc)
            pthread_join(thread, nil)
        #else
            if let thread { pthread_join(thread, nil) }
        #endif
    }
}

private final class WorkerBody {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
