import CSQLite

/// The transaction of a run session: `BEGIN IMMEDIATE` with SQLite's foreign-key checks off until it ends.
///
/// With `foreign_keys = ON` SQLite looks up the parent of every sample and
/// frame row (a sixth of the work of a record, docs/performance.md); the
/// session's writers keep the references by construction instead. The
/// pragma is a no-op inside a transaction, so it is switched before
/// `BEGIN` and after `COMMIT` or `ROLLBACK`. Released while open, the
/// transaction rolls back.
final class WriteTransaction {
    enum State { case open, committed, rolledBack }

    let database: Database
    private(set) var state = State.open

    /// Turns the foreign-key checks off and takes the write lock (waiting for other writers).
    init(_ database: Database) throws {
        self.database = database
        try database.execute("PRAGMA foreign_keys = OFF")
        do {
            try database.beginImmediate()
        } catch {
            state = .rolledBack
            WriteTransaction.restoreForeignKeys(database)
            throw error
        }
    }

    deinit {
        rollback()
    }

    /// Throws `SQLITE_MISUSE` unless the transaction is open.
    func requireOpen() throws {
        guard state == .open else {
            throw SQLiteError(
                code: SQLITE_MISUSE, message: "the run session is already \(state == .committed ? "committed" : "rolled back")")
        }
    }

    /// Commits, and turns the foreign-key checks back on.
    func commit() throws {
        try requireOpen()
        try database.commit()
        state = .committed
        WriteTransaction.restoreForeignKeys(database)
    }

    /// Rolls back, and turns the foreign-key checks back on; does nothing unless open.
    func rollback() {
        guard state == .open else { return }
        database.rollback()
        state = .rolledBack
        WriteTransaction.restoreForeignKeys(database)
    }

    /// Turns SQLite's foreign-key checks back on for the connection (outside any transaction).
    private static func restoreForeignKeys(_ database: Database) {
        _ = try? database.execute("PRAGMA foreign_keys = ON")
    }
}
