import PanTraceStore
import PanTraceModel

/// Turns a store back into text that diffs well and that `git` holds better
/// than a database (docs/commands.md §7.6): the traces as JSON Lines, and one run's
/// decisions as one JSON object per line, both sorted by trace name.
///
/// Both stream: each line goes to `write` as soon as it is read, so memory
/// stays flat however many traces there are. Nothing is written to the
/// store; it may be opened read-only.
///
/// ```swift
/// let store = try Store(path: "pantrace.sqlite", readOnly: true)
/// var corpus = ""
/// try Exporter.exportTraces(selection: TraceSelection(families: ["flick"]), in: store) { corpus += $0 }
/// try Exporter.exportDecisions(run: .latest, in: store) { print($0, terminator: "") }
/// ```
public enum Exporter {
    /// Writes the selected traces as JSON Lines (docs/model.md §3), one trace per line,
    /// sorted by name (by the names' UTF-8 bytes, `TraceOrder.name`).
    ///
    /// Each line is `Trace.jsonLine()` and a newline: numbers in
    /// their shortest round-trip text and `meta` as stored, so that
    /// recording the output again (``TraceInput``) stores the same traces.
    ///
    /// - Parameters:
    ///   - selection: the traces to write.
    ///   - store: the store they are read from (only read).
    ///   - write: called with each line, newline included.
    /// - Returns: the number of traces written.
    /// - Throws: `StoreError.traceNotFound` for a name in `selection` that is not
    ///   stored (nothing is written then); ``WorkflowError/nothingToExport(_:)``
    ///   when a selection other than ``TraceSelection/all`` matches no trace
    ///   (an empty store exports nothing, without an error); errors of `write`.
    @discardableResult
    public static func exportTraces(
        selection: TraceSelection = .all, in store: Store, write: (String) throws -> Void
    ) throws -> Int {
        var count = 0
        try store.forEachTrace(selection.filter, orderedBy: .name) { _, trace in
            let line = trace.jsonLine()
            // Never a line that record refuses (docs/safety.md).
            if let issue = InputLimits.exportIssue(trace, lineBytes: line.utf8.count) { throw issue }
            try write(line + "\n")
            count += 1
        }
        if count == 0, !selection.isAll { throw WorkflowError.nothingToExport(selection) }
        return count
    }

    /// The view's columns that `export decisions` leaves out: `result`, the
    /// row id of each result, means nothing outside its database and differs
    /// between two databases recorded from the same corpus, so that every
    /// line of a diff would change (docs/spec-readings.md).
    public static let databaseOnlyColumns: Set<String> = ["result"]

    /// Writes the `decisions` view's rows of `run`, one JSON object per line,
    /// sorted by trace name.
    ///
    /// Each line is `DecisionRow.jsonLine()` and a newline:
    /// every column of the view as a key, `trace`, `decision`, `reason` (and
    /// `detent`) first, the numbers rounded for reading in a diff.
    ///
    /// - Parameters:
    ///   - run: a run id, ``RunReference/baseline`` or ``RunReference/latest``;
    ///     `nil` for the store's only run (docs/sqlite.md "Exporting decisions").
    ///   - store: the store it is read from (only read).
    ///   - write: called with each line, newline included.
    /// - Returns: the run exported and the number of lines written.
    /// - Throws: `StoreError.runNotFound` for an unknown run id;
    ///   ``WorkflowError/noRunToExport(database:)`` in a store without runs;
    ///   ``AmbiguousRunError`` without `run` in a store of several runs
    ///   (nothing is written then: a leftover run is never exported silently);
    ///   errors of `write`.
    @discardableResult
    public static func exportDecisions(
        run: RunReference? = nil, in store: Store, write: (String) throws -> Void
    ) throws -> (run: RunID, count: Int) {
        let run = try run?.runID(in: store) ?? onlyRun(in: store)
        var count = 0
        let detentColumns: Set<String> = ["detent", "start_detent"]
        let observedColumns: Set<String> = ["observed", "observed_source", "matches"]
        try store.forEachDecision(ofRun: run) { row in
            // docs/commands.md §7.6: `detent` (and `start_detent`) only for a trace with detents;
            // likewise what the app did only for a trace that records it (docs/spec-readings.md).
            let sheet = row["start_detent"].map { $0 != .null } ?? false
            let observed = row["observed"].map { $0 != .null } ?? false
            var omitting = Exporter.databaseOnlyColumns
            if !sheet { omitting.formUnion(detentColumns) }
            if !observed { omitting.formUnion(observedColumns) }
            try write(row.jsonLine(omitting: omitting) + "\n")
            count += 1
        }
        return (run, count)
    }

    /// The store's one run; an error without runs or with several.
    static func onlyRun(in store: Store) throws -> RunID {
        guard let latest = try store.latestRunID() else { throw WorkflowError.noRunToExport(database: store.path) }
        let runs = try store.runCount()
        guard runs > 1 else { return latest }
        let accepted = try store.baselineRunID()
        let baseline = try accepted ?? store.firstRunID() ?? latest
        throw AmbiguousRunError(database: store.path, runs: runs, baseline: baseline, accepted: accepted != nil, latest: latest)
    }
}
