import ArgumentParser
import PanTraceModel

/// The `pantrace` command: simulate, record and replay pan gestures against
/// interactive-transition thresholds.
package struct Pantrace: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "pantrace",
        abstract: "Simulate iOS pan-driven interactive transitions, record them in SQLite, and replay them against changed thresholds.",
        discussion: """
            Examples:
              pantrace record --from Fixtures/traces/families.jsonl --count 100 --seed 7
              pantrace replay --set threshold=0.3
              pantrace regress --config Fixtures/configs/velocity.json --junit pantrace.xml
              pantrace export traces > corpus.jsonl

            Exit status: 0 success, 1 regression found (regress), 64 usage error,
            65 invalid input data, 66 a file or database that cannot be opened,
            70 internal error, 74 I/O error (a full disk, a failed write to standard
            output or to an output file), 75 database locked by another writer
            (try again); lab exits 0 when stopped and 69 when it cannot listen.
            """,
        version: "0.1.0",
        subcommands: [
            Record.self, Replay.self, Regress.self, Tune.self, Verify.self, Export.self, Runs.self, Show.self, Generate.self, Presets.self, Compare.self,
            LabLauncher.self, Preferences.self,
        ]
    )

    /// Parses the command line, runs the command in the process's console,
    /// and exits with the status docs/commands.md §7.4 gives its outcome (see
    /// ``run(_:in:)``).
    package static func main() {
        Console.prepare()
        ExitStatus.exitProcess(run(Array(CommandLine.arguments.dropFirst()), in: .process))
    }

    /// Runs the command line `arguments` (without the program's name) in
    /// `console` and returns its exit status, the one the process would exit
    /// with: the report is on the console's standard output, every error
    /// mapped by ``ExitStatus`` and said on its standard error, relative
    /// paths are in its folder and `-` reads its standard input. Commands
    /// run side by side in one process, each in a console of its own.
    package static func run(_ arguments: [String], in console: Console) -> Int32 {
        Console.$current.withValue(console) {
            FileContext.$current.withValue(console.files) { run(arguments) }
        }
    }

    /// Runs `arguments` in the current console.
    private static func run(_ arguments: [String]) -> Int32 {
        if let message = UnknownCommand.message(for: arguments) {
            Console.error(message)
            return ExitStatus.usage
        }
        do {
            // A long list of one option is parsed here, in linear time (RepeatedValues).
            // `lab` hands its arguments on as they are.
            let (parsed, repeated) = arguments.first == LabLauncher.configuration.commandName ? (arguments, [:]) : RepeatedValues.collect(arguments)
            try RepeatedValues.$given.withValue(repeated) {
                var command = try parseAsRoot(parsed)
                try RepeatedOption.check(arguments, repeatable: command is Compare ? ["--preset", "--config"] : [])
                // Every command but record prints a report: with standard output
                // closed it is refused before it does anything (docs/commands.md §7.4: 74).
                if !(command is Record) { try Console.output.checkOpen() }
                try Compare.$arguments.withValue(arguments) { try command.run() }
            }
            try Console.finish()
            return 0
        } catch {
            return ExitStatus.conclude(with: error)
        }
    }
}
