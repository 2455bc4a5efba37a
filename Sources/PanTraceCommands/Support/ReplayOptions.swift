import ArgumentParser
import PanTraceKit
import PanTraceCore
import PanTraceStore
import PanTraceReports

/// The options `replay` and `regress` share (docs/commands.md §7.2), besides the
/// ``StoreOptions`` and ``ConfigOptions`` each command declares beside them.
///
/// Not nested in here as option groups: built for debugging,
/// swift-argument-parser checks every group of a command, and every group
/// inside it, again for each check of the enclosing one, so each level of
/// nesting adds to the start-up of a debug build (docs/performance.md).
struct ReplayOptions: ParsableArguments {
    @Option(name: .customLong("trace"), help: ArgumentHelp("Replay only this stored trace (repeatable; with --family, both are replayed).", valueName: "name"))
    var tracesGiven: [String] = []
    /// Every --trace given, in order (``RepeatedValues``: the parser may see only the first).
    var traces: [String] { RepeatedValues.values(of: "--trace", parsed: tracesGiven) }

    @Option(name: .customLong("family"), help: ArgumentHelp("Replay only traces of this family, meta.family (repeatable).", valueName: "name"))
    var familiesGiven: [String] = []
    /// Every --family given, in order (``RepeatedValues``: the parser may see only the first).
    var families: [String] { RepeatedValues.values(of: "--family", parsed: familiesGiven) }

    @Option(name: .long, help: ArgumentHelp("The run to compare with (default: the accepted baseline, else the first run).", valueName: "run"))
    var baseline: Int64?

    @Option(name: .long, help: "Report format: text or json.")
    var format: ReportFormat = .text

    @Flag(name: .long, help: "Also store the candidate's frames (they can always be recomputed).")
    var frames = false

    @Flag(name: .long, help: "Print nothing on standard error.")
    var quiet = false

    @Option(name: .long, parsing: .unconditional, help: "Rows of each table of the text report (changed decisions, changed reasons; 0: the counts alone), and traces plotted by --html.")
    var limit: Int = 50

    @Option(name: .long, help: ArgumentHelp("Also write a self-contained HTML report here: the configs, the counts, the release map and each changed trace's course (docs/commands.md §7.8).", valueName: "file"))
    var html: String?

    func validate() throws {
        guard limit >= 0 else { throw ValidationError("--limit must be 0 or more, not \(limit)") }
    }

    /// `--trace` and `--family`.
    var selection: TraceSelection { TraceSelection(names: traces, families: families) }

    /// The replay these options ask for, from the base of docs/commands.md §7.2
    /// (the file or preset, else the baseline run's config; `--set` on top).
    func replayer(kind: RunKind, config configOptions: ConfigOptions, in store: Store) throws -> Replayer {
        let base = try ConfigBase.resolve(configOptions.source, in: store, baseline: baseline)
        return Replayer(base: base, selection: selection, baseline: baseline, storesFrames: frames, kind: kind)
    }

    /// The reporters every replay and regression has: progress on a
    /// terminal, the `--html` page, then (after whatever `extra` reporters
    /// write, a JUnit file) the report on standard output.
    ///
    /// - Throws: when `--html` names the database (docs/safety.md, "Reports are written whole or reported"),
    ///   before it is opened.
    ///
    /// `judge` (a judged `regress`) gives the verdict that the page and the
    /// report on standard output state, as the JUnit file and the last line do.
    /// Refuses what can be refused before the store is opened: a bad
    /// `--config`/`--preset`/`--set`, an `--html` that names the database.
    func check(config configOptions: ConfigOptions, database: String) throws {
        try configOptions.source.check()
        if let html { try OutputPath.refuseDatabase(html, option: "--html", database: database) }
    }

    func reporters(
        for replayer: Replayer, database: String, extra: [any ReplayReporter] = [],
        judge: ((RunComparison) -> RegressionJudgement)? = nil
    ) throws -> [any ReplayReporter] {
        var reporters: [any ReplayReporter] = [ProgressReporter(quiet: quiet)]
        if let html {
            try OutputPath.refuseDatabase(html, option: "--html", database: database)
            let page = ReplayPageReporter(path: html, kind: replayer.kind, candidate: replayer.config, limit: limit)
            page.judge = judge
            page.wording = .commandLine
            reporters.append(page)
        }
        return reporters + extra + [ConsoleReporter(format: format, limit: limit, judge: judge)]
    }

    /// Says on standard error (unless `--quiet`) what the replay stored, and
    /// its warnings once more: a report on standard output may go to a file.
    func summarize(_ comparison: RunComparison, kind: RunKind, database: String, started: Double) {
        guard !quiet else { return }
        for warning in comparison.warnings { Console.error("warning: \(warning)") }
        Console.error(
            "\(kind.rawValue): run \(comparison.candidate.run) of \(comparison.traces + comparison.withoutBaseline) traces stored in \(database) "
                + "in \(TextFormat.fixed(Console.now() - started, digits: 2)) s")
    }
}

/// The text or JSON report of a replay on standard output, written when the
/// replay finishes (before its commit: a report that cannot be written
/// stores nothing).
final class ConsoleReporter: ReplayReporter {
    let format: ReportFormat
    let limit: Int
    let judge: ((RunComparison) -> RegressionJudgement)?

    init(format: ReportFormat, limit: Int, judge: ((RunComparison) -> RegressionJudgement)? = nil) {
        self.format = format
        self.limit = limit
        self.judge = judge
    }

    func finish(_ replay: FinishedReplay) throws {
        let comparison = replay.comparison
        let judgement = judge?(comparison)
        switch format {
        case .json:
            // In pieces: the report is never held whole (it lists every change).
            try comparison.jsonReport(judgement: judgement) { try Console.out($0) }
            try Console.out("\n")
        case .text:
            try Console.out(
                comparison.textReport(
                    limit: limit, style: TextStyle(colour: Console.colourOnStdout), judgement: judgement, wording: .commandLine))
        }
        try Console.finish()
    }
}

/// "replayed 12288 traces…" on standard error while a long replay runs on a terminal.
final class ProgressReporter: ReplayReporter {
    private let progress: Progress

    init(quiet: Bool) {
        progress = Progress(quiet: quiet)
    }

    func replayed(_ count: Int) {
        progress.update("replayed \(count) traces…")
    }

    func finish(_ replay: FinishedReplay) throws {
        progress.finish()
    }
}

/// `--format text|json`.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
