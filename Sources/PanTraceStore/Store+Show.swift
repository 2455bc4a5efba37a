extension Store {
    /// The result of trace `traceID` in `run`, or, without a run, in the newest run
    /// that has one; `nil` when there is none.
    ///
    /// - Throws: ``StoreError/runNotFound(_:)`` for a `run` that does not exist.
    public func latestResult(of traceID: TraceID, inRun run: RunID? = nil) throws -> (run: RunSummary, result: StoredResult)? {
        let runID: RunID
        if let run {
            runID = run
        } else {
            let newest = try guarded(readingResults: true) { () throws -> RunID? in
                let statement = try database.prepare("SELECT max(run_id) FROM result WHERE trace_id = ?")
                try statement.bind(traceID, at: 1)
                guard try statement.step(), !statement.isNull(at: 0) else { return nil }
                return statement.int64(at: 0)
            }
            guard let newest else { return nil }
            runID = newest
        }
        guard let summary = try self.run(runID) else { throw StoreError.runNotFound(runID) }
        // One row by the result table's key (run_id, trace_id), not a scan of the run.
        let found = try result(ofRun: runID, traceID: traceID)
        return found.map { (summary, $0) }
    }
}
