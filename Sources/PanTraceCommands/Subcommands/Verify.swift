import ArgumentParser
import PanTraceKit
import PanTraceModel
import PanTraceReports

extension Pantrace {
    /// `pantrace verify` (docs/commands.md §7.12): how often the simulation
    /// matches what the app did, over the stored traces that record it.
    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: "Check the simulation against the app: how often a config ends where the app ended.",
            discussion: """
                Over the stored traces that record what the app did ('observed': from
                PanTraceCapture in the app, from a device run of exported gestures, or from a
                stand-in app with --observe-under), each trace is decided under one config
                (--config, --preset, --set; with none of them, the baseline run's stored
                config) exactly as replay decides it, and compared: a result matches when it
                ends where the app ended (the same decision; for a sheet, dismissed or the
                same detent). The report names the config and where it came from, counts the
                traces by who reported them, gives matches and mismatches with the share
                matched and its 95 % Wilson interval, a confusion table (rows: what the app
                did; columns: what the config decides) and the mismatched traces by name (up
                to --limit). --min-match P makes it a CI gate: exit 1 when the share matched
                is below P ('pantrace verify --min-match 0.9 --format json' in a CI job fails
                when the app stops behaving as the config the team tunes with). Nothing is
                written to the database; it may be read-only. No selected trace with
                'observed': exit 65.

                To try it before the app reports anything, each example first records a
                stand-in app: 200 synthetic traces observed under a preset (record
                --observe-under; --observe-noise changes a share of the outcomes).

                Examples:
                  pantrace record --seed 9 --observe-under uikit-sheet && pantrace verify
                  pantrace record --seed 9 --observe-under seed && pantrace verify --limit 5
                  pantrace record --seed 9 --observe-under seed && pantrace verify --html v.html
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var configOptions: ConfigOptions

        @Option(name: .customLong("trace"), help: ArgumentHelp("Check this stored trace only (repeatable; with --family, both).", valueName: "name"))
        var traces: [String] = []

        @Option(name: .customLong("family"), help: ArgumentHelp("Check traces of this family, meta.family (repeatable).", valueName: "name"))
        var families: [String] = []

        @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("List at most N mismatched traces in the text report (default 20).", valueName: "n"))
        var limit: Int = 20

        @Option(name: .long, help: ArgumentHelp("Exit 1 when the share matched is below P (0 < P ≤ 1).", valueName: "p"))
        var minMatch: Double?

        @Option(name: .long, help: "Report format: text or json.")
        var format: ReportFormat = .text

        @Option(name: .long, help: ArgumentHelp("Also write an HTML report (the counts, the confusion table, the release map).", valueName: "file"))
        var html: String?

        @Flag(name: .long, help: "Print nothing on standard error.")
        var quiet = false

        func validate() throws {
            if let minMatch {
                guard minMatch.isFinite, minMatch > 0, minMatch <= 1 else {
                    throw ValidationError("--min-match must be a share above 0 and at most 1, not \(minMatch)")
                }
            }
            guard limit >= 0 else { throw ValidationError("--limit must be 0 or more, not \(limit)") }
        }

        func run() throws {
            let verifier = Verifier(config: configOptions.source, selection: TraceSelection(names: traces, families: families))
            // Every refusal of the input before the database is opened.
            if !configOptions.source.isEmpty { _ = try configOptions.resolve() }
            if let html { try OutputPath.refuseDatabase(html, option: "--html", database: store.db) }
            let htmlFile = try html.map { try AtomicFile(path: $0) }

            let database = try store.openExisting(readOnly: true)
            let progress = Progress(quiet: quiet)
            let report = try verifier.verify(in: database) { count in progress.update("verify: read \(count) traces…") }
            progress.finish()

            switch format {
            case .json: try Console.out(report.jsonReport())
            case .text: try Console.out(report.textReport(limit: limit, wording: .commandLine))
            }
            try Console.finish()
            if let htmlFile {
                try htmlFile.write(report.html(limit: limit, wording: .commandLine))
                try htmlFile.commit()
            }
            if let minMatch, report.isBelow(minMatch) {
                if !quiet {
                    let share = report.verification.share.map(TextFormat.percent) ?? "-"
                    Console.error("verify: \(share) matched, below --min-match \(TextFormat.percent(minMatch))")
                }
                throw ExitCode(1)
            }
        }
    }
}
