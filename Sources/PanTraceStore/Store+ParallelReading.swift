import CSQLite
import PanTraceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How ``Store/forEachTrace(_:_:)`` spreads the reading of the whole corpus over threads.
struct ParallelReading: Sendable {
    /// Reader threads, each with its own read-only connection; 0 or 1 reads on the calling thread.
    var readers: Int
    /// Trace ids per chunk: readers take chunks in turn, the caller consumes them in order.
    var chunkSpan: Int64 = 256
    /// Traces per handoff between a reader and the caller.
    var batchSize = 64
    /// Batches a reader may hold ready before it waits for the caller (memory stays flat).
    var queuedBatches = 4
    /// The page cache of each reader connection, in KiB: the scan reads every page once.
    var readerCacheKiB = 2048

    /// One reader per core, at most 2 (the calling thread simulates and writes meanwhile).
    static var automatic: ParallelReading {
        let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return ParallelReading(readers: cores >= 2 ? 2 : 0)
    }
}

extension Store {
    /// Reads the whole corpus with reader threads when that is possible and safe; false when the caller must read it itself.
    ///
    /// The readers are separate connections: they see the committed
    /// database. That is what this connection sees too unless its open
    /// transaction has added traces (a record session): then the counts
    /// differ and the caller reads on its own connection instead. WAL lets
    /// them read while this connection holds the write lock; an in-memory
    /// database or another journal mode is read on the calling thread.
    func forEachTraceInParallel(
        _ reading: ParallelReading, outcomesOf run: RunID?, _ body: (TraceID, Trace, Outcome?) throws -> Void
    ) throws -> Bool {
        guard reading.readers >= 1, path != ":memory:", !path.isEmpty else { return false }
        let mode = try database.prepare("PRAGMA journal_mode")
        guard try mode.step(), mode.string(at: 0)?.lowercased() == "wal" else { return false }
        let range = try database.prepare("SELECT count(*), min(id), max(id) FROM trace")
        guard try range.step() else { return false }
        let count = range.int64(at: 0)
        guard count > 0 else { return true }
        let first = range.int64(at: 1)
        let last = range.int64(at: 2)
        // What a new connection sees must be what this one sees.
        let probe = try Database(path: path, readOnly: true)
        try probe.setBusyTimeout(milliseconds: Store.busyTimeoutMilliseconds)
        let committed = try probe.prepare("SELECT count(*), max(id) FROM trace")
        guard try committed.step(), committed.int64(at: 0) == count, committed.int64(at: 1) == last else {
            return false
        }

        let span = max(1, reading.chunkSpan)
        let chunkCount = Int((last - first) / span) + 1
        let readers = min(reading.readers, chunkCount)
        let path = self.path
        let cacheKiB = reading.readerCacheKiB
        let handoffs = (0..<readers).map { _ in Handoff<TraceScan.Item>(capacity: reading.queuedBatches) }
        var threads: [WorkerThread] = []
        defer {
            for handoff in handoffs { handoff.cancel() }
            for thread in threads { thread.join() }
        }
        for reader in 0..<readers {
            let handoff = handoffs[reader]
            let batchSize = reading.batchSize
            let thread = WorkerThread {
                var emitter = Emitter(handoff: handoff, batchSize: batchSize)
                do {
                    try TraceScan.read(
                        path: path, cacheKiB: cacheKiB,
                        chunks: stride(from: reader, to: chunkCount, by: readers),
                        first: first, span: span, outcomesOf: run, into: &emitter)
                } catch {
                    _ = handoff.put(.failure(error))
                }
            }
            guard let thread else {
                // No thread: read on this one (nothing has been consumed yet).
                return false
            }
            threads.append(thread)
        }
        for chunk in 0..<chunkCount {
            let handoff = handoffs[chunk % readers]
            chunkLoop: while true {
                switch handoff.take() {
                case .values(let traces):
                    for item in traces { try body(item.id, item.trace, item.outcome) }
                case .endOfChunk:
                    break chunkLoop
                case .failure(let error):
                    throw error
                }
            }
        }
        return true
    }
}

/// The reading done by one reader thread: its own connection, a range of trace ids per chunk.
enum TraceScan {
    /// One trace read, with its stored outcome in the run asked for.
    struct Item {
        var id: TraceID
        var trace: Trace
        var outcome: Outcome?
    }

    static func read(
        path: String, cacheKiB: Int, chunks: StrideTo<Int>, first: Int64, span: Int64, outcomesOf run: RunID?,
        into emitter: inout Emitter<Item>
    ) throws {
        let database = try Database(path: path, readOnly: true)
        try database.setBusyTimeout(milliseconds: Store.busyTimeoutMilliseconds)
        try database.execute("PRAGMA cache_size = -\(cacheKiB)")
        let traces = try database.prepare(
            "SELECT \(TraceRow.columns) FROM trace WHERE id >= ?1 AND id < ?2 ORDER BY id", persistent: true)
        var rows = SampleRows(database)
        let outcomes = try run.map { run in
            let statement = try database.prepare(
                """
                SELECT trace_id, \(Store.outcomeColumns("result")) FROM result
                WHERE run_id = ?3 AND trace_id >= ?1 AND trace_id < ?2 ORDER BY trace_id
                """, persistent: true)
            try statement.bind(run, at: 3)
            return statement
        }
        // One read transaction: every chunk sees the same snapshot.
        try database.execute("BEGIN")
        defer { database.rollback() }
        for chunk in chunks {
            let low = first + Int64(chunk) * span
            let high = low + span
            for statement in [traces] + (outcomes.map { [$0] } ?? []) {
                try statement.reset()
                try statement.bind(low, at: 1)
                try statement.bind(high, at: 2)
            }
            var hasOutcome = try outcomes?.step() ?? false
            while try traces.step() {
                var trace = Trace(name: "", width: 1, height: 1, samples: [])
                let id = try TraceRow.read(traces, into: &trace, samples: &rows)
                var outcome: Outcome?
                if let outcomes {
                    while hasOutcome {
                        let owner = outcomes.int64(at: 0)
                        if owner > id { break }
                        if owner == id { outcome = try Store.readOutcome(outcomes, at: 1) }
                        hasOutcome = try outcomes.step()
                    }
                }
                guard emitter.emit(Item(id: id, trace: trace, outcome: outcome)) else { return }
            }
            guard emitter.endChunk() else { return }
        }
    }
}
