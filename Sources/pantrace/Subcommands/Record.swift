import ArgumentParser
import PanTraceCore
import PanTraceStore

extension Pantrace {
    /// `pantrace record` (SPEC 7.1): simulate traces under a config and store
    /// the traces, the config, a run, its results and their frames, all or nothing.
    struct Record: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Simulate traces under a config and store them with their results and frames.",
            discussion: """
                Traces come from JSON Lines files (--from, '-' for standard input) or,
                without --from, from the synthetic generator (--count, --seed, --family);
                with both --from and --count, from both, in one run.
                The whole record is one transaction: an invalid trace stores nothing.

                Examples:
                  pantrace record --from Fixtures/traces/examples.jsonl
                  pantrace record --count 2000 --seed 7 --family flick --family peek
                  pantrace record --from traces.jsonl --set decision=velocity --db tuning.sqlite
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var configOptions: ConfigOptions

        @Option(name: .long, help: ArgumentHelp("A JSON Lines file of traces; '-' reads standard input (repeatable).", valueName: "file"))
        var from: [String] = []

        @Option(name: .long, help: "Synthetic traces to generate (default 200 without --from; with --from, only when given).")
        var count: Int?

        @Option(name: .long, help: "Seed of the synthetic generator: the same seed gives the same traces everywhere.")
        var seed: UInt64 = 1

        @Option(name: .long, help: ArgumentHelp("A synthetic family (repeatable; default all): \(SyntheticFamily.names.joined(separator: ", ")).", valueName: "name"))
        var family: [String] = []

        @Flag(name: .long, help: "Print nothing but errors.")
        var quiet = false

        func validate() throws {
            if let count, count < 0 { throw ValidationError("--count must be 0 or more, not \(count)") }
            if !from.isEmpty, !family.isEmpty, count == nil {
                throw ValidationError("--family chooses synthetic traces: give --count too to add them to the traces of --from")
            }
        }

        func run() throws {
            let started = Console.now()
            let config = try configOptions.resolve()
            let families = try family.map { name in
                do { return try SyntheticFamily(name: name) } catch { throw UsageError("\(error)") }
            }
            // Open every input before the database, so that a missing file
            // leaves no trace of the attempt, not even a new empty database.
            let readers = try from.map { path in (path: path, reader: try TraceReader(path: path)) }
            let store = try store.open()
            let session = try store.beginRun(.record, configName: config.name, configJSON: config.canonicalJSON())
            var summary = RecordSummary()
            var frames: [Frame] = []
            var progress = Progress(quiet: quiet)

            func record(_ trace: Trace, file: String?, line: Int?, simulated: (Outcome, [Frame])? = nil) throws {
                let id: TraceID
                do {
                    id = try session.add(trace)
                } catch let error as StoreError {
                    // Name the file and line of the offending trace (SPEC 7.4).
                    switch error {
                    case .traceConflict(let name):
                        throw TraceError(file: file, line: line, keyPath: "name",
                            reason: "a trace named \(JSONWriter.string(name)) is already stored with other content")
                    case .duplicateTrace(let name):
                        throw TraceError(file: file, line: line, keyPath: "name",
                            reason: "the trace name \(JSONWriter.string(name)) occurs twice in this record")
                    default: throw error
                    }
                }
                let outcome: Outcome
                if let simulated {
                    (outcome, frames) = simulated
                } else {
                    outcome = Simulator.simulate(trace, under: config, frames: &frames)
                }
                _ = try session.addResult(traceID: id, outcome: outcome, frames: frames)
                summary.add(trace, outcome)
                progress.update("recorded \(summary.traces) traces…", every: 256, done: summary.traces)
            }

            for (path, reader) in readers {
                let name = path == "-" ? "<stdin>" : path
                while let (line, trace) = try Self.next(from: reader, file: name) {
                    try record(trace, file: name, line: line)
                }
            }
            // SPEC 7.1: without --from, synthetic traces; with --from, only
            // when --count asks for them too (one run holding both).
            let synthetic = count ?? (from.isEmpty ? 200 : 0)
            let corpus = SyntheticCorpus(seed: seed, families: families.isEmpty ? SyntheticFamily.all : families)
            // Generated and simulated on a second core while this one writes.
            try Prefetch.forEach(synthetic, { index in
                let trace = corpus.trace(at: index)
                var frames: [Frame] = []
                let outcome = Simulator.simulate(trace, under: config, frames: &frames)
                return (trace, outcome, frames)
            }) { trace, outcome, frames in
                try record(trace, file: nil, line: nil, simulated: (outcome, frames))
            }
            guard summary.traces > 0 else {
                // A run of nothing would only become a useless baseline.
                session.rollback()
                if from.isEmpty { throw UsageError("--count 0: nothing to record") }
                throw TraceError(file: from.joined(separator: ", "), keyPath: "", reason: "no traces to record (the input is empty)")
            }
            let run = try session.commit()
            progress.finish()
            if !quiet {
                Console.errorText(summary.report(run: run, config: config.name, db: self.store.db, seconds: Console.now() - started))
            }
        }

        /// The next trace of `reader`, with errors attributed to `file`.
        static func next(from reader: TraceReader, file: String) throws -> (line: Int, trace: Trace)? {
            do {
                return try reader.next()
            } catch let error as TraceError {
                throw error.inFile(file)
            }
        }
    }
}
