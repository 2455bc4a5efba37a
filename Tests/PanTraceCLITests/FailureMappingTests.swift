import ArgumentParser
import PanTraceKit
import Testing
import PanTraceModel

@testable import PanTraceCommands
import PanTraceCore
import PanTraceStore

/// docs/commands.md §7.4 in-process: every class of pantrace's errors maps to its exit
/// status, and every usage error — the parser's own included — speaks with
/// one voice: `pantrace: error: …`, exit 64. The binary checks one of each
/// class (ExitStatusTests); here every rule of the command line is checked.
@Suite struct FailureMappingTests {
    struct Unexpected: Error {}

    @Test func eachErrorTypeHasItsStatus() {
        #expect(ExitStatus.status(of: ExitCode(1)) == 1)
        #expect(ExitStatus.status(of: WorkflowError.noResult(trace: "t", run: 2)) == 64)
        #expect(ExitStatus.status(of: SyntheticFamilyError.unknownFamily("x", valid: [])) == 64)
        #expect(ExitStatus.status(of: ConfigError(kind: .usage, key: "k", reason: "r")) == 64)
        #expect(ExitStatus.status(of: ConfigError(kind: .invalidData, key: "k", reason: "r")) == 65)
        #expect(ExitStatus.status(of: TraceError(keyPath: "name", reason: "r")) == 65)
        #expect(ExitStatus.status(of: InputFileError(path: "p", reason: "r")) == 66)
        // An output file that cannot be created is a failed write to an output file (docs/commands.md §7.4).
        #expect(ExitStatus.status(of: FileWriteError(path: "p", reason: "r")) == 74)
        #expect(ExitStatus.status(of: WorkflowError.nothingToRecord) == 64)
        #expect(ExitStatus.status(of: WorkflowError.noRunsToCompare(database: "d")) == 64)
        #expect(ExitStatus.status(of: WorkflowError.nothingToReplay(.all)) == 64)
        #expect(ExitStatus.status(of: WorkflowError.damagedConfig(run: 1, reason: "r")) == 66)
        #expect(ExitStatus.status(of: StoreError.cannotOpen(path: "p", reason: "r")) == 66)
        #expect(ExitStatus.status(of: StoreError.notAPantraceDatabase(path: "p", reason: "r")) == 66)
        #expect(ExitStatus.status(of: StoreError.newerSchema(path: "p", version: 9, known: 1)) == 66)
        #expect(ExitStatus.status(of: StoreError.readOnly(path: "p")) == 66)
        #expect(ExitStatus.status(of: StoreError.traceConflict(name: "n")) == 65)
        #expect(ExitStatus.status(of: StoreError.duplicateTrace(name: "n")) == 65)
        #expect(ExitStatus.status(of: StoreError.traceNotFound(name: "n")) == 64)
        #expect(ExitStatus.status(of: StoreError.runNotFound(3)) == 64)
        #expect(ExitStatus.status(of: StoreError.sqlite(SQLiteError(code: 1, message: "m"))) == 70)
        // Not pantrace's: the parser decides, and anything else is internal.
        #expect(ExitStatus.status(of: Unexpected()) == nil)
        #expect(ExitStatus.report(for: Unexpected()).status == 70)
    }

    /// The report of parsing `arguments`, which must end in an error (help and version included).
    static func refusal(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) -> (stdout: String, stderr: String, status: Int32) {
        do {
            _ = try Pantrace.parseAsRoot(arguments)
            Issue.record("\(arguments) parsed", sourceLocation: sourceLocation)
            return ("", "", -1)
        } catch {
            return ExitStatus.report(for: error)
        }
    }

    @Test(arguments: [
        (["record", "--count", "-5"], "--count must be 0 or more, not -5"),
        (["generate", "--count", "-1"], "--count must be 0 or more, not -1"),
        (["replay", "--limit", "-3"], "--limit must be 0 or more, not -3"),
        (["regress", "--max-changes", "-1"], "--max-changes must be 0 or more, not -1"),
        (["regress", "--force"], "--force only goes with --accept"),
        (["tune", "--sweep", "threshold=0.3", "--max-accidental", "-1"], "--max-accidental must be 0 or more, not -1"),
        (["record", "--family", "nope"], "unknown synthetic family 'nope'; valid families: slow-drag"),
        (["generate", "--family", "nope"], "unknown synthetic family 'nope'"),
        (["record", "--from", "a.jsonl", "--family", "flick"], "--family chooses synthetic traces: give --count too"),
        (["record", "--db", ""], "--db needs the path of a database file, not ''"),
        (["runs", "--db", ":memory:"], "--db needs the path of a database file, not ':memory:'"),
        (["record", "--bogus"], "Unknown option '--bogus'"),
        (["replay", "--format", "xml"], "The value 'xml' is invalid for '--format <format>'"),
        (["show"], "Missing expected argument '<trace>'"),
        (["record", "--count", "many"], "The value 'many' is invalid for '--count <count>'"),
    ] as [([String], String)])
    func usageErrorsSpeakWithOneVoice(_ arguments: [String], _ message: String) {
        let report = Self.refusal(arguments)
        #expect(report.status == 64)
        #expect(report.stdout.isEmpty)
        #expect(report.stderr.hasPrefix("pantrace: error: " + message), "\(report.stderr)")
        // The usage line of the subcommand, and where to read more.
        #expect(report.stderr.contains("Usage: pantrace \(arguments[0])"), "\(report.stderr)")
        #expect(report.stderr.contains("'pantrace \(arguments[0]) --help'"), "\(report.stderr)")
        #expect(!report.stderr.contains("Error:"), "\(report.stderr)")
    }

    /// The library names what went wrong; the command line says it with its
    /// options (``CommandLineWords``), and the library's own words have none.
    @Test func libraryErrorsAreWordedWithOptionsOnlyHere() {
        let flicks = TraceSelection(families: ["flick"])
        let cases: [(Error, library: String, commandLine: String)] = [
            (WorkflowError.deletesBaseline(3), "run 3 is the baseline of later replays and regressions: delete it only by force",
             "run 3 is the baseline of later replays and regressions: add --force to delete it anyway"),
            (WorkflowError.nothingToReplay(flicks), "no stored trace matches family flick: nothing to replay",
             "no stored trace matches --family flick: nothing to replay"),
            (NothingToTuneError.noTraces(flicks), "no stored trace matches family flick: nothing to tune",
             "no stored trace matches --family flick: nothing to tune"),
            (Regression.AcceptRefusal.inCI("1"), "inCI(\"1\")",
             "--accept is refused in CI (CI=1): accept baselines on a developer machine, or add --force"),
            (ConfigSourceError.presetWithFile,
             "a preset and a config file both choose where the config starts: give one (overrides still apply to either)",
             "--preset and --config both choose where the config starts: give one (--set still overrides either)"),
            (ComparerError.tooFewConfigs(1), "compare needs two or more configs (presets or config files), found 1",
             "compare needs two or more configs (--preset NAME, --preset all, --config FILE), found 1"),
            (PresetError(name: "panmodel", suggestion: "panmodal"), "preset panmodel: unknown preset (did you mean `panmodal`?)",
             "--preset panmodel: unknown preset (did you mean `panmodal`?)"),
            (SweepError.noSweeps, "sweeps: give at least one sweep, e.g. threshold=0.2:0.6:0.05",
             "--sweep: give at least one sweep, e.g. --sweep threshold=0.2:0.6:0.05"),
            (SweepError(sweep: "treshold=1", key: "treshold", reason: "unknown key"), "sweep treshold=1: treshold: unknown key",
             "--sweep treshold=1: treshold: unknown key"),
            (ConfigError(kind: .usage, override: "x=1", key: "x", reason: "unknown key"), "override x=1: x: unknown key",
             "--set x=1: x: unknown key"),
            (AmbiguousRunError(database: "a.db", runs: 2, baseline: 1, accepted: false, latest: 2),
             "a.db has 2 runs: say which to export: baseline (run 1, the first), latest (run 2) or a run id",
             "a.db has 2 runs: say which to export with --run: --run baseline (run 1, the first), --run latest (run 2) or a run id"),
        ]
        for (error, library, commandLine) in cases {
            if !(error is Regression.AcceptRefusal) { #expect("\(error)" == library) }
            #expect(!library.contains("--"))
            #expect(CommandLineWords.message(for: error) == commandLine)
        }
        #expect(TraceSelection(names: ["a"], families: ["flick"]).options == "--trace a --family flick")
        var long = Config()
        let name = String(repeating: "n", count: 100)
        long.name = name
        let tooLong = #expect(throws: ConfigError.self) { try long.apply(overrides: ["threshold=0.3"]) }
        #expect(tooLong.map { CommandLineWords.message(for: $0) } == "--set threshold=0.3: name: the overrides make the name 114 characters long (at most 100); give one with --set name=…")
        #expect(!(tooLong.map { "\($0)" } ?? "--").contains("--"))
        #expect(ExitStatus.report(for: WorkflowError.deletesBaseline(3)).stderr.contains("add --force"))
        // A selection that matches nothing is 64 wherever it is made; an empty database stays 65.
        #expect(ExitStatus.status(of: WorkflowError.nothingToReplay(flicks)) == 64)
        #expect(ExitStatus.status(of: NothingToTuneError.noTraces(flicks)) == 64)
        #expect(ExitStatus.status(of: NothingToTuneError.noTraces(TraceSelection())) == 65)
    }

    @Test func helpAndVersionGoToStandardOutput() {
        let help = ExitStatus.report(for: CleanExit.helpRequest(Pantrace.Record.self))
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("OVERVIEW: Simulate traces under a config"))
        #expect(help.stderr.isEmpty)
        let version = Self.refusal(["--version"])
        #expect(version.stdout == "0.1.0\n")
        #expect(version.status == 0)
    }

    @Test(arguments: [
        ("recrod", "record"), ("replya", "replay"), ("regres", "regress"), ("run", "runs"), ("shwo", "show"),
        ("generat", "generate"), ("exprot", "export"), ("hlep", "help"),
    ])
    func anUnknownCommandIsNamedWithASuggestion(_ typed: String, _ meant: String) throws {
        let message = try #require(UnknownCommand.message(for: [typed, "--count", "5"]))
        #expect(message.hasPrefix("pantrace: error: unknown command '\(typed)'; did you mean '\(meant)'?"), "\(message)")
        #expect(message.contains("record, replay, regress, tune, verify, export, runs, show, generate"))
    }

    @Test func farFromEveryCommandThereIsNoSuggestion() throws {
        let message = try #require(UnknownCommand.message(for: ["banana"]))
        #expect(message.hasPrefix("pantrace: error: unknown command 'banana'\n"), "\(message)")
        #expect(UnknownCommand.message(for: ["record", "--count", "5"]) == nil)
        #expect(UnknownCommand.message(for: ["--help"]) == nil)
        #expect(UnknownCommand.message(for: []) == nil)
    }

    /// Optimal string alignment distances (the one helper the command and
    /// key suggestions share), counted by hand.
    @Test func editDistance() {
        func distance(_ a: String, _ b: String) -> Int {
            KeySuggestion.editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars))
        }
        #expect(distance("recrod", "record") == 1)  // one swap
        #expect(distance("", "runs") == 4)
        #expect(distance("show", "show") == 0)
        #expect(distance("kitten", "sitting") == 3)
        #expect(distance("ca", "abc") == 3)  // optimal string alignment: no edit of a swapped pair
    }
}
