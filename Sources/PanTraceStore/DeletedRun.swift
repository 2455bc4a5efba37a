/// What ``Store/deleteRun(_:)`` removed, and the database's size before and after (docs/commands.md §7.7).
public struct DeletedRun: Equatable, Sendable {
    /// The deleted run's id (never given to a later run).
    public var run: RunID
    /// Its results, deleted with it.
    public var results: Int
    /// Their frames, deleted with them.
    public var frames: Int
    /// The database's size in bytes before the delete (`page_count × page_size`).
    public var bytesBefore: Int64
    /// The size after the delete and the `VACUUM` that gives the space back.
    public var bytesAfter: Int64
}
