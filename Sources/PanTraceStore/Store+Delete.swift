import CSQLite

extension Store {
    /// Deletes run `id` with its results and their frames, then gives the space back: the file shrinks (docs/commands.md §7.7).
    ///
    /// The traces stay, and so does the config. The run's row is deleted and
    /// schema.sql's triggers delete the rest, exactly as a `DELETE FROM run`
    /// in the sqlite3 shell would; the id is never given to a later run. A
    /// `VACUUM` then rewrites the file without the freed pages (about as
    /// long as copying the file: docs/performance.md); when another
    /// connection is reading, it is skipped and the free pages are reused by
    /// later runs instead.
    ///
    /// The caller decides whether the baseline may go: this deletes any run it is given.
    ///
    /// - Throws: ``StoreError/runNotFound(_:)``; ``StoreError``.
    @discardableResult
    public func deleteRun(_ id: RunID) throws -> DeletedRun {
        try guarded(readingResults: true) {
            let before = try databaseBytes()
            let (results, frames) = try deleteRows(of: id)
            try shrink()
            return DeletedRun(run: id, results: results, frames: frames, bytesBefore: before, bytesAfter: try databaseBytes())
        }
    }

    /// Deletes the run's row (the triggers delete its results and frames) in one transaction; returns what went.
    ///
    /// The statements are finalized on return: `VACUUM` refuses to run beside an unfinished one.
    private func deleteRows(of id: RunID) throws -> (results: Int, frames: Int) {
        let transaction = try WriteTransaction(database)
        let count = try database.prepare(
            """
            SELECT count(*), (SELECT count(*) FROM frame WHERE result_id IN (SELECT id FROM result WHERE run_id = ?1))
            FROM result WHERE run_id = ?1
            """)
        try count.bind(id, at: 1)
        _ = try count.step()
        let counted = (count.int(at: 0), count.int(at: 1))
        try count.reset()
        let delete = try database.prepare("DELETE FROM run WHERE id = ?")
        try delete.bind(id, at: 1)
        try delete.execute()
        guard database.changes == 1 else {
            transaction.rollback()
            throw StoreError.runNotFound(id)
        }
        try transaction.commit()
        return counted
    }

    /// `VACUUM` when pages are free, then a checkpoint that truncates the write-ahead log.
    ///
    /// `SQLITE_BUSY` (another connection reads) leaves the file as it is.
    private func shrink() throws {
        guard try database.integer("PRAGMA freelist_count") > 0 else { return }
        do {
            try database.execute("VACUUM")
            _ = try database.integer("PRAGMA wal_checkpoint(TRUNCATE)")
        } catch let error as SQLiteError where error.primaryCode == SQLITE_BUSY || error.primaryCode == SQLITE_LOCKED {
            return
        }
    }

    /// The database's size: `page_count × page_size`.
    private func databaseBytes() throws -> Int64 {
        try database.integer("SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()")
    }

    /// Deletes the trace named `name` with its samples, its results (and
    /// their frames) and every preference that names it, in one transaction
    /// (schema.sql's triggers delete the rest, as a `DELETE FROM trace`
    /// in the sqlite3 shell would); returns the run and decision of each
    /// result it had. The file is not shrunk: a lab drops one gesture at a time.
    ///
    /// - Throws: ``StoreError/traceNotFound(name:)`` when no trace has that name (nothing is deleted); ``StoreError``.
    @discardableResult
    public func deleteTrace(named name: String) throws -> [(run: RunID, decision: String)] {
        try guarded(readingResults: true) {
            let transaction = try WriteTransaction(database)
            let results = try database.prepare(
                "SELECT r.run_id, r.decision FROM result AS r JOIN trace AS t ON t.id = r.trace_id WHERE t.name = ? ORDER BY r.id")
            try results.bind(name, at: 1)
            var deleted: [(run: RunID, decision: String)] = []
            while try results.step() { deleted.append((RunID(results.int(at: 0)), results.string(at: 1) ?? "")) }
            try results.reset()
            let delete = try database.prepare("DELETE FROM trace WHERE name = ?")
            try delete.bind(name, at: 1)
            try delete.execute()
            guard database.changes == 1 else {
                transaction.rollback()
                throw StoreError.traceNotFound(name: name)
            }
            try transaction.commit()
            return deleted
        }
    }
}
