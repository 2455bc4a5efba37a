import ArgumentParser
import PanTraceKit
import PanTraceModel
import PanTraceCore
import PanTraceReports

extension Pantrace {
    /// `pantrace regress` (docs/commands.md §7.3): replay for CI, with an exit status.
    struct Regress: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "regress",
            abstract: "Replay for CI: exit 1 when more decisions changed than allowed.",
            discussion: """
                The run starts from the same base as replay: --config or --preset, else the
                baseline run's stored config, with --set on top. A change is a decision or a
                detent that differs (a sheet that now rests at medium, not large).
                Exits 1 when the number of changes that count exceeds --max-changes
                (default 0), 0 otherwise. With --fail-on any (the default) every change counts;
                with --fail-on intent only a regression against intent does: a trace whose
                intent the baseline's decision agreed with and this run's does not (a new
                accidental finish, or a newly missed one). A change that now agrees with
                intent, or of a trace without intent, passes. --junit writes one test case per
                trace, a failure per change that counts; the other changes pass and say what
                changed in <system-out>.
                --allow FILE names changes accepted on purpose, kept in git beside the corpus:
                one trace name per line, optionally followed by # and the reason (blank lines
                and lines starting with # are ignored). A listed trace's change does not count,
                and its JUnit case passes with the reason; a listed trace whose decision did
                not change is named on standard error, so that the list stays current; a name
                that is not a stored trace is invalid input (65, naming the file and line).
                --accept makes this run the baseline of later replays and regressions (like a
                snapshot tool's record mode); it is refused when CI is set, or for a replay
                filtered by --trace/--family, unless --force.

                Examples:
                  pantrace regress --config Fixtures/configs/velocity.json --junit pantrace.xml
                  pantrace regress --set threshold=0.5 --fail-on intent --junit pantrace.xml
                  pantrace regress --set threshold=0.35 --max-changes 3 --html regress.html
                  pantrace regress --set threshold=0.35 --allow Fixtures/allow-0.35.txt
                  pantrace regress --set threshold=0.35 --accept
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var configOptions: ConfigOptions
        @OptionGroup var options: ReplayOptions

        @Option(name: .long, parsing: .unconditional, help: "Changed decisions that count allowed before the regression fails.")
        var maxChanges: Int = 0

        @Option(name: .long, help: ArgumentHelp("Which changes count: any, or intent (only regressions against intent).", valueName: "any|intent"))
        var failOn: RegressionGate = .any

        @Option(name: .long, help: ArgumentHelp("Write a JUnit XML report here.", valueName: "file"))
        var junit: String?

        @Option(name: .long, help: ArgumentHelp("Changes accepted on purpose: a file of trace names, one a line, each with an optional '# reason'.", valueName: "file"))
        var allow: String?

        @Flag(name: .long, help: "Make this run the baseline for later replays and regressions.")
        var accept = false

        @Flag(name: .long, help: "Allow --accept where the CI environment variable is set.")
        var force = false

        func validate() throws {
            guard maxChanges >= 0 else { throw ValidationError("--max-changes must be 0 or more, not \(maxChanges)") }
            if force, !accept { throw ValidationError("--force only goes with --accept") }
            if accept, allow != nil { throw ValidationError("--allow only goes with a regression that is judged, not --accept") }
            if accept, let refusal = Regression.acceptRefusal(ci: Console.environment("CI"), selection: options.selection, force: force) {
                throw ValidationError(CommandLineWords.refusalMessage(refusal))
            }
        }

        func run() throws {
            let started = Console.now()
            // Read before the database is opened; its names are checked against the store before anything is stored.
            let allowList = try allow.map { try AllowList.load(path: $0) }
            try options.check(config: configOptions, database: store.db)
            if let junit { try OutputPath.refuseDatabase(junit, option: "--junit", database: store.db) }
            let database = try store.openExisting()
            var regression = Regression(
                replayer: try options.replayer(kind: .regress, config: configOptions, in: database), maxChanges: maxChanges, gate: failOn,
                accept: accept, allowList: allowList)
            regression.wording = .commandLine
            let junitReport = try junit.map { try JUnitFile(path: $0, regression: regression) }
            // Every report is written before the commit: a report that cannot be written stores and accepts nothing.
            let judge: ((RunComparison) -> RegressionJudgement)? = accept ? nil : { regression.judgement(for: $0) }
            let reporters = try options.reporters(
                for: regression.replayer, database: store.db, extra: junitReport.map { [$0] } ?? [], judge: judge)
            let comparison = try regression.replay(in: database, reporting: reporters)
            options.summarize(comparison, kind: .regress, database: store.db, started: started)
            let verdict = regression.conclude(comparison)
            if !options.quiet {
                for entry in regression.unchangedAllowed(in: comparison) {
                    Console.error(
                        "warning: \(allowList?.file ?? "--allow"):\(entry.line): \(JSONWriter.string(entry.trace)) is listed, but its decision did not change: "
                            + "remove the line when the change it accepted is gone")
                }
                // The sentence of every other report of the run (docs/commands.md §7.3).
                if case .accepted = verdict {
                    // docs/commands.md §7.2: the new baseline's config, named with where it came from.
                    Console.error(verdict.description + (regression.replayer.base.map { " (\($0))" } ?? ""))
                } else {
                    let judgement = regression.judgement(for: comparison)
                    Console.error("regress: \(judgement.passes ? "ok" : "FAIL"): \(judgement.sentence)")
                }
            }
            if verdict.fails { throw ExitCode(1) }
        }
    }
}

/// `--fail-on any|intent`.
extension RegressionGate: ExpressibleByArgument {}
