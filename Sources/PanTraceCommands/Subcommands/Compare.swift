import ArgumentParser
import PanTraceKit
import PanTraceReports

extension Pantrace {
    /// `pantrace compare`: two or more configs side by side over the stored traces, storing nothing.
    struct Compare: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "compare",
            abstract: "Decide the stored traces under two or more configs side by side (presets or files); stores nothing.",
            discussion: """
                Each config is decided as replay would decide it. The report gives per
                config finish, cancel, none, agree, accidental, missed, wrongDetent (a sheet
                with detents resting at another detent than meant), stale and differs (a
                decision or detent unlike the first config's), the differing decisions or
                detents of every pair, and the traces the configs are most divided on (for
                a sheet with detents, where each config leaves it: dismissed, medium,
                large). The configs are --preset NAME
                (--preset all: every preset) and --config FILE, in the order given, each
                with the --set overrides; --baseline adds the baseline run's stored config
                first (named "NAME (baseline run N)" when another config has its name). A
                config of another interaction than the baseline run's is warned about on
                standard error. Nothing is stored: the database may be read-only.

                Examples:
                  pantrace compare --preset all --html compare.html
                  pantrace compare --baseline --preset all
                  pantrace compare --preset seed --preset panmodal --format json
                  pantrace compare --preset material3 --config Fixtures/configs/velocity.json
                  pantrace compare --preset uikit-sheet --preset floatingpanel-states
                """)

        @OptionGroup var store: StoreOptions

        @Option(
            name: .customLong("preset"),
            help: ArgumentHelp("A built-in preset to compare (repeatable; 'all' for every preset; pantrace presets lists them).", valueName: "name"))
        var presetGiven: [String] = []
        /// Every --preset given, in order (``RepeatedValues``: the parser may see only the first).
        var preset: [String] { RepeatedValues.values(of: "--preset", parsed: presetGiven) }

        @Option(name: .customLong("config"), help: ArgumentHelp("A config JSON file to compare (repeatable).", valueName: "file"))
        var configGiven: [String] = []
        /// Every --config given, in order (``RepeatedValues``: the parser may see only the first).
        var config: [String] { RepeatedValues.values(of: "--config", parsed: configGiven) }

        @Flag(name: .long, help: "Add the baseline run's stored config as the first config (after a lab session: the config the person felt).")
        var baseline = false

        @Option(
            name: .customLong("set"),
            help: ArgumentHelp("Override one config key in every config, e.g. --set threshold=0.3 (repeatable).", valueName: "key=value"))
        var overridesGiven: [String] = []
        /// Every --set given, in order (``RepeatedValues``: the parser may see only the first).
        var overrides: [String] { RepeatedValues.values(of: "--set", parsed: overridesGiven) }

        @Option(name: .customLong("trace"), help: ArgumentHelp("Compare over this stored trace only (repeatable; with --family, both).", valueName: "name"))
        var tracesGiven: [String] = []
        /// Every --trace given, in order (``RepeatedValues``: the parser may see only the first).
        var traces: [String] { RepeatedValues.values(of: "--trace", parsed: tracesGiven) }

        @Option(name: .customLong("family"), help: ArgumentHelp("Compare over traces of this family, meta.family (repeatable).", valueName: "name"))
        var familiesGiven: [String] = []
        /// Every --family given, in order (``RepeatedValues``: the parser may see only the first).
        var families: [String] { RepeatedValues.values(of: "--family", parsed: familiesGiven) }

        @Option(name: .long, help: ArgumentHelp("List at most N most divided traces.", valueName: "n"))
        var limit: Int = 20

        @Option(name: .long, help: "Report format: text or json.")
        var format: ReportFormat = .text

        @Option(name: .long, help: ArgumentHelp("Also write an HTML report (the table and every config's boundary on one release map).", valueName: "file"))
        var html: String?

        @Flag(name: .long, help: "Print nothing on standard error.")
        var quiet = false

        func validate() throws {
            if limit < 0 { throw ValidationError("--limit must be 0 or more, not \(limit)") }
        }

        /// The command line being run (``Pantrace/run(_:)`` sets it): the
        /// parser keeps each option's values in order, not their order
        /// among each other, which `compare` needs.
        @TaskLocal static var arguments: [String] = []

        /// The configs in the order the options were given on the command line.
        private func choices() -> [ConfigChoice] {
            let arguments = Self.arguments
            var presets = preset[...]
            var files = config[...]
            var ordered: [ConfigChoice] = []
            for (index, argument) in arguments.enumerated() {
                let next = index + 1 < arguments.count ? arguments[index + 1] : nil
                if argument == "--preset" || argument.hasPrefix("--preset="), let name = presets.first,
                    argument == "--preset=" + name || next == name
                {
                    ordered.append(.preset(presets.removeFirst()))
                } else if argument == "--config" || argument.hasPrefix("--config="), let path = files.first,
                    argument == "--config=" + path || next == path
                {
                    ordered.append(.file(files.removeFirst()))
                }
            }
            // Whatever the scan missed (the command run without ``arguments``), presets first.
            return ordered + presets.map { .preset($0) } + files.map { .file($0) }
        }

        func run() throws {
            let started = Console.now()
            let comparer = try Comparer(
                configs: try Comparer.configs(sources: choices(), overrides: overrides),
                baselineOverrides: baseline ? overrides : nil, selection: TraceSelection(names: traces, families: families), limit: limit)
            if let html { try OutputPath.refuseDatabase(html, option: "--html", database: store.db) }
            let htmlFile = try html.map { try AtomicFile(path: $0) }
            let database = try store.openExisting(readOnly: true)
            let progress = Progress(quiet: quiet)
            let comparison = try comparer.compare(in: database) { count in progress.update("compare: read \(count) traces…") }
            progress.finish()
            if !quiet {
                if baseline {
                    // docs/commands.md §7.2: the baseline's config is the base of every command, named with where it came from.
                    Console.error("compare: config 1 is the \(try ConfigBase.resolve(ConfigSource(overrides: overrides), in: database).summary)")
                }
                for warning in try Comparer.interactionWarnings(comparison.configs, in: database) {
                    Console.error("warning: \(warning)")
                }
            }
            try Console.out(format == .json ? comparison.jsonReport() : comparison.textReport())
            try Console.finish()
            if let htmlFile {
                try htmlFile.write(comparison.html())
                try htmlFile.commit()
            }
            if !quiet {
                Console.error(
                    "compare: \(comparison.configs.count) configs over \(comparison.traces) traces of \(store.db) in "
                        + "\(TextFormat.fixed(Console.now() - started, digits: 2)) s; nothing stored")
            }
        }
    }
}
