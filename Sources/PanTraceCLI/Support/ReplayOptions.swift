import ArgumentParser
import PanTraceKit
import PanTraceCore
import PanTraceStore
import PanTraceModel
import PanTraceReports

/// The options `replay` and `regress` share (SPEC 7.2), besides the
/// ``StoreOptions`` and ``ConfigOptions`` each command declares beside them.
///
/// Not nested in here as option groups: built for debugging,
/// swift-argument-parser checks every group of a command, and every group
/// inside it, again for each check of the enclosing one, and the one more
/// level made a debug `pantrace replay` take 248 M instructions instead of
/// 163 M (measured with callgrind; issue 16's notes in git history).
struct ReplayOptions: ParsableArguments {
    @Option(name: .customLong("trace"), help: ArgumentHelp("Replay only this stored trace (repeatable; with --family, both are replayed).", valueName: "name"))
    var traces: [String] = []

    @Option(name: .customLong("family"), help: ArgumentHelp("Replay only traces of this family, meta.family (repeatable).", valueName: "name"))
    var families: [String] = []

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

    @Option(name: .long, help: ArgumentHelp("Also write a self-contained HTML report here: the configs, the counts, the release map and each changed trace's course (SPEC 7.8).", valueName: "file"))
    var html: String?

    func validate() throws {
        guard limit >= 0 else { throw ValidationError("--limit must be 0 or more, not \(limit)") }
    }

    /// `--trace` and `--family`.
    var selection: TraceSelection { TraceSelection(names: traces, families: families) }

    /// The replay these options ask for.
    func replayer(kind: RunKind, config configOptions: ConfigOptions) throws -> Replayer {
        Replayer(
            config: try configOptions.resolve(), selection: selection, baseline: baseline,
            storesFrames: frames, kind: kind)
    }

    /// Opens the database and runs `body` (the replay of `replayer`) with
    /// progress on a terminal, then says on standard error what was stored.
    ///
    /// `body` passes `streaming` on to the replay (it gathers the `--html`
    /// page as the traces go by) and `finishing` (it writes the page, then
    /// whatever `reports` writes, then the report on standard output): the
    /// replay calls it before the commit when the run is to become the
    /// baseline, so a report that cannot be written accepts nothing;
    /// otherwise after the commit, and the run stays stored.
    func run(
        _ replayer: Replayer, in storeOptions: StoreOptions, reports: ((RunComparison) throws -> Void)? = nil,
        _ body: (
            Store, _ progress: @escaping (Int) -> Void, _ streaming: ((ComparedTrace, Trace) -> Void)?,
            _ finishing: @escaping (RunComparison) throws -> Void
        ) throws -> RunComparison
    ) throws -> (Store, RunComparison) {
        let kind = replayer.kind
        let started = Console.now()
        // SPEC 7.4: refused before the database is even opened.
        if let html { try OutputPath.refuseDatabase(html, option: "--html", database: storeOptions.db) }
        let store = try storeOptions.openExisting()
        let progress = Progress(quiet: quiet)
        var page = html.map { _ in ReplayPageBuilder(kind: kind, candidate: replayer.config, limit: limit) }
        let html = html
        let comparison = try body(
            store, { progress.update("replayed \($0) traces…") }, page.map { _ in { page?.add($0, trace: $1) } },
            { comparison in
                progress.finish()
                if let html, let page {
                    try AtomicFile.write(try page.page(for: comparison, in: store).html(), to: html)
                }
                try reports?(comparison)
                try print(comparison)
                try Console.finish()
            })
        if !quiet {
            // Once, on standard error too: a report on standard output may go to a file.
            for warning in comparison.warnings { Console.error("warning: \(warning)") }
            Console.error(
                "\(kind.rawValue): run \(comparison.candidate.run) of \(comparison.traces + comparison.withoutBaseline) traces stored in \(storeOptions.db) "
                    + "in \(TextFormat.fixed(Console.now() - started, digits: 2)) s")
        }
        return (store, comparison)
    }

    /// Prints the report in the chosen format to standard output.
    func print(_ comparison: RunComparison) throws {
        switch format {
        case .json:
            // In pieces: the report is never held whole (it lists every change).
            try comparison.jsonReport { try Console.out($0) }
            try Console.out("\n")
        case .text: try Console.out(comparison.textReport(limit: limit, style: TextStyle(colour: Console.colourOnStdout)))
        }
    }
}

/// `--format text|json`.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
