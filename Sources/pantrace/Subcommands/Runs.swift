import ArgumentParser
import PanTrace
import PanTraceCore
import PanTraceStore

extension Pantrace {
    /// `pantrace runs`: the runs in a database, to pick a baseline.
    struct Runs: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the runs in a database: id, kind, config, traces, decisions, baseline mark.",
            discussion: """
                The baseline (*) is the run accepted by 'regress --accept', else the first run.

                Example:
                  pantrace runs --db pantrace.sqlite
                """)

        @OptionGroup var store: StoreOptions

        func run() throws {
            let store = try store.openExisting(readOnly: true)
            let runs = try store.runs()
            guard !runs.isEmpty else {
                Console.out("no runs in \(self.store.db) yet: pantrace record adds one\n")
                return
            }
            let baseline = try store.defaultBaselineRunID()
            let header = ["run", "kind", "traces", "finish", "cancel", "none", "created (UTC)", "config"]
            let rows = runs.map { run in
                [
                    (run.id == baseline ? "*" : "") + "\(run.id)", run.kind.rawValue, "\(run.traceCount)",
                    "\(run.finishCount)", "\(run.cancelCount)", "\(run.noneCount)", run.createdAt, run.configName,
                ]
            }
            Console.out(TextTable(header: header, rows: rows, rightAligned: [0, 2, 3, 4, 5]).render())
            Console.out("* baseline" + (try store.baselineRunID() == nil ? " (the first run; none accepted)" : " (accepted)") + "\n")
        }
    }
}
