extension Store {
    /// The newest run (the largest id), or `nil` in a store without runs.
    public func latestRunID() throws -> RunID? {
        try guarded {
            let statement = try database.prepare("SELECT max(id) FROM run")
            guard try statement.step(), !statement.isNull(at: 0) else { return nil }
            return statement.int64(at: 0)
        }
    }

    /// How many runs the store holds.
    public func runCount() throws -> Int {
        try guarded {
            let statement = try database.prepare("SELECT count(*) FROM run")
            guard try statement.step() else { return 0 }
            return Int(statement.int64(at: 0))
        }
    }
}
