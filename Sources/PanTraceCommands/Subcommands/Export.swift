import ArgumentParser

extension Pantrace {
    /// `pantrace export` (docs/commands.md §7.6): the store back as text, `traces` or `decisions`.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Print the stored traces, one run's decisions, or gestures for a device, sorted by trace name.",
            discussion: """
                Text that diffs well and that git holds better than a database: commit the
                corpus and the baseline's decisions beside the code, and a tuning change shows
                as the lines whose decision changed. 'pantrace record --from' reads the traces
                back as the same traces. The database is only read.

                Examples:
                  pantrace export traces > corpus.jsonl
                  pantrace export traces | pantrace record --db copy.sqlite --from -
                  pantrace export decisions --run 1 > decisions-1.jsonl
                  pantrace export actions --changed latest > changed.jsonl
                  pantrace export xcuitest --changed latest > PantraceGestureTests.swift
                """,
            subcommands: [Traces.self, Decisions.self, Actions.self, XCUITest.self])

        /// Without `traces` or `decisions`: a usage error on standard error,
        /// never the help on standard output, where `pantrace export >
        /// corpus.jsonl` would save it as the corpus and succeed. (Thrown from
        /// `validate()`, the error would refuse the subcommands too.)
        func run() throws {
            Console.error(
                "pantrace: error: say what to export: 'pantrace export traces', 'decisions', 'actions' or 'xcuitest'\n"
                    + "Usage: \(Pantrace.usageString(for: Self.self))\n  See 'pantrace export --help' for more information.")
            throw ExitCode(ExitStatus.usage)
        }
    }
}
