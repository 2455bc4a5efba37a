import ArgumentParser
import PanTraceKit

extension Pantrace.Export {
    /// `pantrace export traces`: the stored traces as docs/model.md §3 JSON Lines, by name.
    struct Traces: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "traces",
            abstract: "Print the stored traces as JSON Lines (one trace per line), sorted by name.",
            discussion: """
                Each line is a trace as 'pantrace record --from' reads it: numbers in their
                shortest text that reads back as the same double, meta as it was stored. Names
                are sorted by their UTF-8 bytes ('Z' before 'a'). A --trace that is not stored,
                or a selection that matches no trace, is an error (exit 64).

                Examples:
                  pantrace export traces > corpus.jsonl
                  pantrace export traces --family flick --trace spec-4.9-1-slow-drag
                """)

        @OptionGroup var store: StoreOptions

        @Option(name: .customLong("trace"), help: ArgumentHelp("Export this stored trace (repeatable; with --family, both).", valueName: "name"))
        var tracesGiven: [String] = []
        /// Every --trace given, in order (``RepeatedValues``: the parser may see only the first).
        var traces: [String] { RepeatedValues.values(of: "--trace", parsed: tracesGiven) }

        @Option(name: .customLong("family"), help: ArgumentHelp("Export the traces of this family, meta.family (repeatable).", valueName: "name"))
        var familiesGiven: [String] = []
        /// Every --family given, in order (``RepeatedValues``: the parser may see only the first).
        var families: [String] { RepeatedValues.values(of: "--family", parsed: familiesGiven) }

        func run() throws {
            let store = try store.openExisting(readOnly: true)
            try Exporter.exportTraces(selection: TraceSelection(names: traces, families: families), in: store) { try Console.exportOut($0) }
        }
    }
}
