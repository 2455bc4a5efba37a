import ArgumentParser
import PanTraceKit
import PanTraceStore

/// The options `export actions` and `export xcuitest` share: the database,
/// the selection, the config and `--faithful-only` (docs/commands.md §7.11).
struct GestureExportOptions: ParsableArguments {
    @OptionGroup var store: StoreOptions

    @Option(name: .customLong("trace"), help: ArgumentHelp("Export this stored trace (repeatable; with --family, both).", valueName: "name"))
    var tracesGiven: [String] = []
    /// Every --trace given, in order (``RepeatedValues``: the parser may see only the first).
    var traces: [String] { RepeatedValues.values(of: "--trace", parsed: tracesGiven) }

    @Option(name: .customLong("family"), help: ArgumentHelp("Export the traces of this family, meta.family (repeatable).", valueName: "name"))
    var familiesGiven: [String] = []
    /// Every --family given, in order (``RepeatedValues``: the parser may see only the first).
    var families: [String] { RepeatedValues.values(of: "--family", parsed: familiesGiven) }

    @Option(
        name: .customLong("changed"),
        help: ArgumentHelp(
            "Export the traces whose decision or detent differs between the baseline run and this run: a run id, latest or baseline (with --trace/--family: those of them).",
            valueName: "run"))
    var changed: RunReference?

    @OptionGroup var configOptions: ConfigOptions

    @Flag(name: .customLong("faithful-only"), help: "Leave out the traces whose exported form decides otherwise (they are still counted).")
    var faithfulOnly = false

    /// The exporter of `form`, from the base of docs/commands.md §7.2 (the
    /// file or preset, else the baseline run's config; `--set` on top).
    func exporter(_ form: GestureExporter.Form) throws -> GestureExporter {
        let source = configOptions.source
        try source.check()
        return GestureExporter(
            form: form, source: source,
            selection: TraceSelection(names: traces, families: families), changed: changed, faithfulOnly: faithfulOnly)
    }

    /// Exports to standard output, then says the counts on standard error.
    func run(_ form: GestureExporter.Form) throws {
        let exporter = try exporter(form)
        let store = try store.openExisting(readOnly: true)
        // docs/commands.md §7.2: the base the traces are decided under, and where it came from.
        Console.error(try exporter.base(in: store).summary)
        let counts = try exporter.export(in: store) { try Console.exportOut($0, swift: form != .actions) }
        try Console.finish()
        Console.error(counts.description)
    }
}
