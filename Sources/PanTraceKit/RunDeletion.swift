import PanTraceStore

/// Deletes a run with its results and frames; the baseline only when forced
/// (the command line's `runs --delete`, docs/commands.md §7.7).
public struct RunDeletion {
    /// The run to delete.
    public var run: RunID
    /// Whether the baseline run (the accepted one, else the first) may be deleted.
    public var force: Bool

    /// The deletion of `run`, of the baseline too when `force`.
    public init(run: RunID, force: Bool = false) {
        self.run = run
        self.force = force
    }

    /// Deletes the run and shrinks the file.
    ///
    /// - Throws: `StoreError.runNotFound` for a missing run;
    ///   ``WorkflowError/deletesBaseline(_:)`` for the baseline without ``force``; `StoreError`.
    @discardableResult
    public func delete(in store: Store) throws -> DeletedRun {
        if !force, try store.defaultBaselineRunID() == run { throw WorkflowError.deletesBaseline(run) }
        return try store.deleteRun(run)
    }
}
