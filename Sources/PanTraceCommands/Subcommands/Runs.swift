import ArgumentParser
import PanTraceKit
import PanTraceModel
import PanTraceReports

extension Pantrace {
    /// `pantrace runs`: the runs in a database, to pick a baseline.
    struct Runs: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "runs",
            abstract: "List the runs in a database: id, kind, config, traces, decisions, baseline mark; or delete one.",
            discussion: """
                The baseline (*) is the run accepted by 'regress --accept', else the first run.

                --delete RUN deletes a run with its results and frames (the traces stay) and
                shrinks the file; the baseline only with --force. A deleted run's id is never
                given to a later run.

                Examples:
                  pantrace runs --db pantrace.sqlite
                  pantrace replay --set threshold=0.3 --frames && pantrace runs --delete 2
                """)

        @OptionGroup var store: StoreOptions

        @Option(name: .long, help: ArgumentHelp("Delete this run, its results and its frames.", valueName: "run"))
        var delete: Int64?

        @Flag(name: .long, help: "Allow --delete of the baseline run.")
        var force = false

        func validate() throws {
            if force, delete == nil { throw ValidationError("--force only goes with --delete") }
        }

        func run() throws {
            if let delete {
                let deleted = try RunDeletion(run: delete, force: force).delete(in: try store.openExisting())
                let size = { (bytes: Int64) in TextFormat.fixed(Double(bytes) / 1_000_000, digits: 1) + " MB" }
                try Console.out(
                    "deleted run \(deleted.run): \(deleted.results) results, \(deleted.frames) frames; "
                        + "\(self.store.db) \(size(deleted.bytesBefore)) → \(size(deleted.bytesAfter))\n")
                return
            }
            let store = try store.openExisting(readOnly: true)
            let runs = try store.runs()
            guard !runs.isEmpty else {
                try Console.out("no runs in \(self.store.db) yet: pantrace record adds one\n")
                return
            }
            let baseline = try store.defaultBaselineRunID()
            let header = ["run", "kind", "traces"] + Decision.allCases.map(\.rawValue) + ["created (UTC)", "config"]
            let rows = runs.map { run in
                [
                    (run.id == baseline ? "*" : "") + "\(run.id)", run.kind.rawValue, "\(run.traceCount)",
                    "\(run.finishCount)", "\(run.cancelCount)", "\(run.noneCount)", run.createdAt, TerminalText.escaped(run.configName),
                ]
            }
            try Console.out(TextTable(header: header, rows: rows, rightAligned: [0, 2, 3, 4, 5]).render())
            try Console.out("* baseline" + (try store.baselineRunID() == nil ? " (the first run; none accepted)" : " (accepted)") + "\n")
        }
    }
}
