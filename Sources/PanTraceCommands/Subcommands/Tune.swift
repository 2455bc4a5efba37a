import ArgumentParser
import PanTraceCore
import PanTraceKit
import PanTraceModel
import PanTraceReports

extension Pantrace {
    /// `pantrace tune` (docs/commands.md §7.5): search configs for the one whose decisions
    /// best match the stored traces' intents, storing nothing.
    struct Tune: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tune",
            abstract: "Find the config whose decisions best match what people meant (the traces' intents).",
            discussion: """
                Every combination of the sweeps (up to 3 sweeps, 1,000,000 combinations) on
                top of the base config (--config or --preset, else the baseline run's stored
                config, the one replay compares with, so that after a lab session the base is
                the config the person felt; --set on top of either) is decided as replay
                would decide it over the stored traces with an intent, and counted: agree,
                accidental (meant cancel, finished), missed (meant finish, did not) and, for
                sheets with detents, wrongDetent (rests at another detent than meant; the
                report then also says how many from each start detent rest where meant). A candidate's floor is the fewest agree among it and its neighbours one
                step away in each FROM:TO:STEP sweep; the best has the largest floor (with at
                most --max-accidental accidental), then the base's own settings ("no change
                recommended"), then the most agree, so that a knife-edge never wins over a
                plateau; a best at either end of a FROM:TO:STEP sweep is said to lie at its
                edge (widen the sweep). A candidate of another interaction than the baseline
                run's is warned about on standard error. The Pareto frontier holds those
                that no other beats on both accidental and missed. 1,000 bootstrap resamples of the labelled
                traces give 95 % intervals for the base, the best and the gain, and the
                verdict: better only when the whole interval of the gain in agree is above 0.
                The evidence is counted by where each intent came from (person, inferred,
                synthetic), with a warning when every label is the generator's, or most of
                them (then with the best over person,inferred labels alone); --evidence
                keeps only the labels of those sources (none there: nothing to learn from,
                exit 0, or 65 with --best-config, which is then not written). Candidates that
                differ only in keys their decision rule never reads are one row; the text
                shows at most 30 rows (--format json has all).
                Nothing is written to the database; it may be read-only. Exits 1 when no
                candidate is within --max-accidental (and writes no --best-config).

                Examples:
                  pantrace tune --sweep threshold=0.2:0.6:0.02 --max-accidental 10
                  pantrace tune --set decision=velocity --sweep flickVelocity=400:2000:200
                  pantrace tune --sweep decision=threshold,velocity --sweep threshold=0.3,0.4
                  pantrace tune --sweep decision=threshold,velocity --family flick
                  pantrace tune --sweep threshold=0.3,0.4 --format json
                  pantrace tune --sweep threshold=0.3:0.5:0.05 --best-config best.json
                  pantrace tune --preset uikit-sheet --sweep stepVelocity=0:2000:250
                  pantrace tune --sweep threshold=0.2:0.6:0.02 --html tune.html
                  pantrace tune --sweep threshold=0.2:0.6:0.02 --evidence person,inferred

                Against what the app did (--against observed; the default is --against intent):
                over the traces that record where the app came to rest ('observed'), each
                candidate counts matches and mismatches instead of agree, accidental, missed
                and wrongDetent, and the best is the largest floor of matches: the config that
                reproduces the app (calibration), not the one people prefer. The evidence counts
                the observed traces by who reported them (app, device, synthetic). No Pareto
                frontier; --max-accidental, --evidence and --html do not apply. For example,
                after 'pantrace record --seed 9 --observe-under uikit-sheet' (a stand-in app):
                pantrace tune --against observed --sweep decelerationRate=0.99:0.999:0.001
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var configOptions: ConfigOptions

        @Option(
            name: .customLong("sweep"),
            help: ArgumentHelp(
                "A config key and its values: KEY=FROM:TO:STEP or KEY=V1,V2,… (repeatable, up to 3; the first varies slowest).",
                valueName: "key=values"))
        var sweepsGiven: [String] = []
        /// Every --sweep given, in order (``RepeatedValues``: the parser may see only the first).
        var sweeps: [String] { RepeatedValues.values(of: "--sweep", parsed: sweepsGiven) }

        @Option(name: .customLong("trace"), help: ArgumentHelp("Tune over this stored trace only (repeatable; with --family, both).", valueName: "name"))
        var tracesGiven: [String] = []
        /// Every --trace given, in order (``RepeatedValues``: the parser may see only the first).
        var traces: [String] { RepeatedValues.values(of: "--trace", parsed: tracesGiven) }

        @Option(name: .customLong("family"), help: ArgumentHelp("Tune over traces of this family, meta.family (repeatable).", valueName: "name"))
        var familiesGiven: [String] = []
        /// Every --family given, in order (``RepeatedValues``: the parser may see only the first).
        var families: [String] { RepeatedValues.values(of: "--family", parsed: familiesGiven) }

        @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The best may have at most N accidental dismissals.", valueName: "n"))
        var maxAccidental: Int?

        @Option(name: .long, help: ArgumentHelp("Write the best config here, as a file --config reads.", valueName: "file"))
        var bestConfig: String?

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Count only the intents from these sources: person, inferred, synthetic (comma-separated).",
                valueName: "sources"))
        var evidence: String?

        @Option(
            name: .long,
            help: ArgumentHelp(
                "What the candidates are counted against: intent (what people meant, the default) or observed (what the app did: calibration).",
                valueName: "intent|observed"))
        var against: String = TuningObjective.intent.rawValue

        @Option(name: .long, help: "Report format: text or json.")
        var format: ReportFormat = .text

        @Option(name: .long, help: ArgumentHelp("Also write an HTML report (curves or a heat map, the frontier).", valueName: "file"))
        var html: String?

        @Flag(name: .long, help: "Print nothing on standard error.")
        var quiet = false

        func validate() throws {
            if let maxAccidental, maxAccidental < 0 {
                throw ValidationError("--max-accidental must be 0 or more, not \(maxAccidental)")
            }
            _ = try evidenceSources()
            let objective = try objective()
            if objective == .observed {
                if maxAccidental != nil {
                    throw ValidationError("--max-accidental counts dismissals against intent; with --against observed the best is the one that matches the app most")
                }
                if evidence != nil {
                    throw ValidationError("--evidence chooses intent sources; with --against observed every trace with 'observed' counts")
                }
                if html != nil {
                    throw ValidationError("--html draws agreement with intent; with --against observed use the text or JSON report (or pantrace verify --html for the best config)")
                }
            }
        }

        /// `--against intent|observed`.
        func objective() throws -> TuningObjective {
            guard let objective = TuningObjective(rawValue: against) else {
                throw ValidationError("--against must be intent or observed, not '\(against)'")
            }
            return objective
        }

        /// `--evidence person,inferred`: the sources, nil without the option.
        func evidenceSources() throws -> Set<IntentSource>? {
            guard let evidence else { return nil }
            var sources = Set<IntentSource>()
            for word in evidence.split(separator: ",", omittingEmptySubsequences: false) {
                guard let source = IntentSource(rawValue: String(word)) else {
                    let valid = IntentSource.allCases.map(\.rawValue).joined(separator: ", ")
                    throw ValidationError("--evidence: unknown intent source '\(word)'; valid sources: \(valid)")
                }
                sources.insert(source)
            }
            return sources
        }

        func run() throws {
            let started = Console.now()
            let tuner = Tuner(
                config: configOptions.source, sweeps: sweeps, selection: TraceSelection(names: traces, families: families),
                maxAccidental: maxAccidental, evidence: try evidenceSources(), against: try objective())
            // Every refusal of the input before the database is opened (the
            // base may then become the baseline run's config: the same sweeps).
            _ = try tuner.grid()
            for (option, path) in [("--best-config", bestConfig), ("--html", html)] {
                if let path { try OutputPath.refuseDatabase(path, option: option, database: store.db) }
            }
            let htmlFile = try html.map { try AtomicFile(path: $0) }
            let configFile = try bestConfig.map { try AtomicFile(path: $0) }

            let database = try store.openExisting(readOnly: true)
            let progress = Progress(quiet: quiet)
            let tuning = try tuner.tune(in: database) { count in progress.update("tune: read \(count) traces…") }
            progress.finish()
            if !quiet {
                for warning in tuning.interactionWarnings { Console.error("warning: \(warning)") }
            }

            switch format {
            case .json:
                try tuning.writeJSON { try Console.out($0) }
                try Console.out("\n")
            case .text:
                try Console.out(tuning.textReport(style: TextStyle(colour: Console.colourOnStdout), wording: .commandLine))
            }
            // A report that cannot be written leaves no --html or --best-config behind.
            try Console.finish()
            if let htmlFile {
                try htmlFile.write(tuning.html(wording: .commandLine))
                try htmlFile.commit()
            }
            let best = tuning.bestConfig
            if let configFile, let best {
                try configFile.write(best.configFileJSON())
                try configFile.commit()
            }
            if !quiet {
                Console.error(
                    "tune: \(tuning.results.grid.count) candidates over \(tuning.results.traces) traces of \(store.db) in "
                        + "\(TextFormat.fixed(Console.now() - started, digits: 2)) s; nothing stored")
            }
            if tuning.nothingToLearn {
                // docs/tune.md "Evidence": the report is not a failure; a --best-config
                // asked for and not written is (65): a `tune && record --config best.json`
                // step must not go on with an older file.
                if bestConfig != nil {
                    Console.error("tune: nothing to learn from: no trace has an intent from --evidence \(tuning.evidence.sourcesText); no --best-config written")
                    throw ExitCode(65)
                }
                if !quiet {
                    Console.error("tune: nothing to learn from: no trace has an intent from --evidence \(tuning.evidence.sourcesText)")
                }
                return
            }
            guard best != nil else {
                if !quiet, let maxAccidental {
                    let written = bestConfig == nil ? "" : "; no --best-config written"
                    Console.error("tune: no candidate has at most \(maxAccidental) accidental\(written)")
                }
                throw ExitCode(1)
            }
        }
    }
}
