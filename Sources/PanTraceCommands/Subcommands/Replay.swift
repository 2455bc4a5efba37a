import ArgumentParser
import PanTraceKit

extension Pantrace {
    /// `pantrace replay` (docs/commands.md §7.2): re-simulate stored traces under a config,
    /// store the run, and report which decisions differ from a baseline run.
    struct Replay: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "replay",
            abstract: "Re-simulate stored traces under a config and report what changed against a baseline run.",
            discussion: """
                The candidate run is stored (frames only with --frames). The baseline is
                --baseline RUN, else the run accepted by 'regress --accept', else the first run.
                The candidate starts from --config or --preset, else from the baseline run's
                stored config; --set changes that base key by key (a database with no run
                starts from the defaults). The report names the base and where it came from.
                A change is a trace whose decision or detent differs, worded by where it rests
                (large → medium, medium → dismissed, finish → cancel).
                The report counts the changes, the regressions against intent (what
                'regress --fail-on intent' fails on) and the traces whose reason changed with
                the same decision, and lists them (--limit rows each; --limit 0: the counts
                alone). A candidate of another interaction than the baseline's is warned
                about: the traces' intent was meant for the baseline's gesture.

                Examples:
                  pantrace replay --set threshold=0.3
                  pantrace replay --set decision=velocity --family flick --format json
                  pantrace replay --set threshold=0.3 --html replay.html
                  pantrace replay --set decision=projection --limit 0
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var configOptions: ConfigOptions
        @OptionGroup var options: ReplayOptions

        func run() throws {
            let started = Console.now()
            try options.check(config: configOptions, database: store.db)
            let database = try store.openExisting()
            let replayer = try options.replayer(kind: .replay, config: configOptions, in: database)
            let reporters = try options.reporters(for: replayer, database: store.db)
            let comparison = try replayer.replay(in: database, reporting: reporters)
            options.summarize(comparison, kind: .replay, database: store.db, started: started)
        }
    }
}
