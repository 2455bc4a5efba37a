import ArgumentParser
import PanTraceKit

extension Pantrace.Export {
    /// `pantrace export decisions`: one run's rows of the `decisions` view as JSON Lines, by trace name.
    struct Decisions: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print one run's decisions as JSON Lines (one object per trace), sorted by trace name.",
            discussion: """
                The keys are the columns of the decisions view (schema.sql), in its order: run,
                kind, config, trace, family, intent, decision, reason, percent, …, start_seq
                (not result, a row id that differs between databases). SQL NULL is null;
                numbers read back as the same doubles. The run is --run, else the baseline:
                the run accepted by 'regress --accept', else the first run.

                Examples:
                  pantrace export decisions > decisions.jsonl
                  pantrace export decisions --run 1 > decisions-1.jsonl
                """)

        @OptionGroup var store: StoreOptions

        @Option(name: .customLong("run"), help: ArgumentHelp("The run to export (default: the baseline).", valueName: "run"))
        var runID: Int64?

        func run() throws {
            let store = try store.openExisting(readOnly: true)
            try Exporter.exportDecisions(run: runID, in: store) { try Console.out($0) }
        }
    }
}
