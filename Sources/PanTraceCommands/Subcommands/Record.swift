import ArgumentParser
import PanTraceKit
import PanTraceCore
import PanTraceStore

extension Pantrace {
    /// `pantrace record` (docs/commands.md §7.1): simulate traces under a config and store
    /// the traces, the config, a run, its results and their frames (not with
    /// `--no-frames`), all or nothing.
    struct Record: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "record",
            abstract: "Simulate traces under a config and store them with their results and frames.",
            discussion: """
                Traces come from JSON Lines files (--from, '-' for standard input) or,
                without --from, from the synthetic generator (--count, --seed, --family);
                with both --from and --count, from both, in one run.
                The whole record is one transaction: an invalid trace stores nothing.
                --no-frames stores the results without their frames, which are most of a
                database's size: the simulation is deterministic, so 'show' recomputes them,
                and replay and regress never read them (a smaller file to keep for CI).
                A trace whose times look like milliseconds (a drag over 60 s, or samples more
                than 1 s apart on average) is recorded with a warning naming the first such
                trace of its file; --strict refuses it (exit 65). `t` is in seconds.

                Examples:
                  pantrace record --from Fixtures/traces/edge-cases.jsonl --db edge.sqlite
                  pantrace record --count 200 --seed 7 --family flick --family peek
                  pantrace record --count 100 --set decision=velocity --db tuning.sqlite
                  pantrace record --count 500 --seed 7 --no-frames --db ci.sqlite
                  pantrace record --seed 9 --observe-under uikit-sheet --observe-noise 0.1
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var configOptions: ConfigOptions
        @OptionGroup var observe: ObserveOptions

        @Option(name: .customLong("from"), help: ArgumentHelp("A JSON Lines file of traces; '-' reads standard input (repeatable).", valueName: "file"))
        var fromGiven: [String] = []
        /// Every --from given, in order (``RepeatedValues``: the parser may see only the first).
        var from: [String] { RepeatedValues.values(of: "--from", parsed: fromGiven) }

        @Option(name: .long, parsing: .unconditional, help: "Synthetic traces to generate (default 200 without --from; with --from, only when given).")
        var count: Int?

        @Option(name: .long, help: "Seed of the synthetic generator: the same seed gives the same traces everywhere.")
        var seed: UInt64 = 1

        @Option(name: .customLong("family"), help: ArgumentHelp("A synthetic family (repeatable; default every one without detents): \(SyntheticFamily.all.map(\.name).joined(separator: ", ")); with detents: \(SyntheticFamily.sheets.map(\.name).joined(separator: ", ")).", valueName: "name"))
        var familyGiven: [String] = []
        /// Every --family given, in order (``RepeatedValues``: the parser may see only the first).
        var family: [String] { RepeatedValues.values(of: "--family", parsed: familyGiven) }

        @Flag(name: .long, help: "Store no frames (show recomputes them; the results are the same).")
        var noFrames = false

        @Flag(name: .long, help: "Refuse a trace whose times look like milliseconds (a drag over 60 s, samples over 1 s apart on average) instead of warning.")
        var strict = false

        @Flag(name: .long, help: "Print nothing but errors and warnings.")
        var quiet = false

        func validate() throws {
            for name in family {
                do { _ = try SyntheticFamily(name: name) } catch { throw ValidationError("\(error)") }
            }
            if let count, count < 0 { throw ValidationError("--count must be 0 or more, not \(count)") }
            if !from.isEmpty, !family.isEmpty, count == nil {
                throw ValidationError("--family chooses synthetic traces: give --count too to add them to the traces of --from")
            }
        }

        func run() throws {
            let started = Console.now()
            let config = try configOptions.resolve()
            // docs/commands.md §7.1: without --from, synthetic traces; with --from, only
            // when --count asks for them too (one run holding both).
            let count = count ?? (from.isEmpty ? SyntheticTraces.defaultCount : 0)
            // Every input is opened before the database, so that a missing file
            // leaves no trace of the attempt, not even a new empty database.
            var recorder = Recorder(
                config: config, inputs: try from.map(TraceInput.init(path:)),
                synthetic: count > 0 || from.isEmpty ? SyntheticTraces(count: count, seed: seed, families: family.compactMap(SyntheticFamily.init(rawValue:)), observer: try observe.observer(seed: seed)) : nil,
                storesFrames: !noFrames, strict: strict)
            recorder.strictName = "--strict"
            recorder.observer = try observe.observer(seed: seed)
            let store = try store.open()
            let progress = Progress(quiet: quiet)
            let summary = try recorder.record(into: store) { progress.update("recorded \($0) traces…") }
            progress.finish()
            // docs/model.md "Times in milliseconds": recorded, but said.
            // Even with --quiet: a corpus in milliseconds must not slip through a CI log.
            for warning in summary.warnings { Console.error(warning) }
            if !quiet {
                Console.errorText(summary.text(database: self.store.db, seconds: Console.now() - started))
            }
        }
    }
}
