import ArgumentParser
import PanTraceCore
import PanTraceStore

extension Pantrace {
    /// `pantrace regress` (SPEC 7.3): replay for CI, with an exit status.
    struct Regress: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replay for CI: exit 1 when more decisions changed than allowed.",
            discussion: """
                Exits 1 when the number of changed decisions exceeds --max-changes (default 0),
                0 otherwise. --junit writes one test case per trace, a failure per change.
                --accept makes this run the baseline of later replays and regressions (like a
                snapshot tool's record mode); it is refused when CI is set, or for a replay
                filtered by --trace/--family, unless --force.

                Examples:
                  pantrace regress --config Fixtures/configs/velocity.json --junit pantrace.xml
                  pantrace regress --set threshold=0.35 --max-changes 3
                  pantrace regress --set threshold=0.35 --accept
                """)

        @OptionGroup var options: ReplayOptions

        @Option(name: .long, help: "Changed decisions allowed before the regression fails.")
        var maxChanges: Int = 0

        @Option(name: .long, help: ArgumentHelp("Write a JUnit XML report here.", valueName: "file"))
        var junit: String?

        @Flag(name: .long, help: "Make this run the baseline for later replays and regressions.")
        var accept = false

        @Flag(name: .long, help: "Allow --accept where the CI environment variable is set.")
        var force = false

        func validate() throws {
            guard maxChanges >= 0 else { throw ValidationError("--max-changes must be 0 or more") }
            if force, !accept { throw ValidationError("--force only goes with --accept") }
            if accept, !force, let ci = Console.environment("CI"), !ci.isEmpty, ci != "0", ci != "false" {
                throw ValidationError("--accept is refused in CI (CI=\(ci)): accept baselines on a developer machine, or add --force")
            }
            // A baseline of a few traces would leave the rest without one: their
            // changes would go unnoticed ("skipped") by every later regress.
            if accept, !force, !options.traces.isEmpty || !options.families.isEmpty {
                throw ValidationError("--accept makes the run the baseline of every trace: replay them all (no --trace/--family), or add --force")
            }
        }

        func run() throws {
            let replayer = Replayer(options: options, kind: .regress)
            let report = try junit.map { try JUnitFile(path: $0) }
            let (store, comparison) = try replayer.replay(report.map { report in { try report.add($0) } })
            replayer.print(comparison)
            try report?.finish(suite: comparison.candidate.config)
            if accept {
                try store.setBaseline(comparison.candidate.run)
                if !options.quiet {
                    Console.error("accepted: run \(comparison.candidate.run) is now the baseline")
                }
                return
            }
            let failed = comparison.changed > maxChanges
            if !options.quiet {
                let verdict = failed ? "FAIL" : "ok"
                Console.error("regress: \(verdict): \(comparison.changed) decision(s) changed, \(maxChanges) allowed")
            }
            if failed { throw ExitCode(1) }
        }
    }
}
