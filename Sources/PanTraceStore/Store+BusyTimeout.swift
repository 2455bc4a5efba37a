import CSQLite

extension Store {
    /// Sets how long this connection's next write waits for another
    /// connection's lock, in all (``StoreError/locked(path:)`` after it).
    ///
    /// `pantrace lab` gives each gesture what is left of its bound
    /// (docs/lab.md), so that a store waiting on a lock is refused in time
    /// instead of holding the page's answer.
    ///
    /// - Throws: ``StoreError``.
    public func setBusyTimeout(milliseconds: Int32) throws {
        try guarded { try database.setBusyTimeout(milliseconds: max(0, milliseconds)) }
    }
}

extension Store {
    /// Checks that this connection can write the database, as a writer
    /// would: a file or folder it cannot write is ``StoreError/readOnly(path:)``
    /// now, not at the first write. A database another connection holds
    /// locked is taken as writable (the writer will wait for it).
    ///
    /// - Throws: ``StoreError``.
    public func requireWritable() throws {
        try guarded {
            guard !database.isReadOnly else { throw StoreError.readOnly(path: path) }
            let waited = database.busyTimeoutMilliseconds
            try database.setBusyTimeout(milliseconds: 0)
            defer { try? database.setBusyTimeout(milliseconds: waited) }
            do {
                try database.execute("BEGIN IMMEDIATE")
            } catch let error as SQLiteError where error.primaryCode == SQLITE_BUSY {
                return
            }
            defer { database.rollback() }
            try database.execute("DELETE FROM run WHERE 0")
        }
    }
}
