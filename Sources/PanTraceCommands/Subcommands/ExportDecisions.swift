import ArgumentParser
import PanTraceKit

extension Pantrace.Export {
    /// `pantrace export decisions`: one run's rows of the `decisions` view as JSON Lines, by trace name.
    struct Decisions: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "decisions",
            abstract: "Print one run's decisions as JSON Lines (one object per trace), sorted by trace name.",
            discussion: """
                The keys are the columns of the decisions view (schema.sql), in its order: run,
                kind, config, trace, family, intent, decision, reason, percent, …, start_seq
                (not result, a row id that differs between databases). SQL NULL is null;
                numbers read back as the same doubles. --run is a run id, baseline (the run
                accepted by 'regress --accept', else the first run) or latest (the newest: the
                one just recorded). Without --run a database of one run exports it, and one of
                several is a usage error that names the baseline and the latest run: a
                leftover run is never exported in place of the one just recorded.

                Examples:
                  pantrace export decisions > decisions.jsonl
                  pantrace export decisions --run latest > decisions-latest.jsonl
                  pantrace export decisions --run 1 > decisions-1.jsonl
                """)

        @OptionGroup var store: StoreOptions

        @Option(name: .customLong("run"), help: ArgumentHelp("The run to export: a run id, baseline or latest (default: the only run).", valueName: "run"))
        var runID: RunReference?

        func run() throws {
            let store = try store.openExisting(readOnly: true)
            try Exporter.exportDecisions(run: runID, in: store) { try Console.exportOut($0) }
        }
    }
}

/// `--run 3|baseline|latest`.
extension RunReference: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}
