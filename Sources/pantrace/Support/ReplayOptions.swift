import ArgumentParser
import PanTraceCore
import PanTraceStore

/// The options `replay` and `regress` share (SPEC 7.2).
struct ReplayOptions: ParsableArguments {
    @OptionGroup var store: StoreOptions
    @OptionGroup var configOptions: ConfigOptions

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

    @Option(name: .long, help: "Rows of the changed-traces table in the text report.")
    var limit: Int = 50

    func validate() throws {
        guard limit >= 0 else { throw ValidationError("--limit must be 0 or more") }
    }

    /// `--trace` and `--family` together select the union: those traces and those families.
    var filter: TraceFilter {
        switch (traces.isEmpty, families.isEmpty) {
        case (true, true): .all
        case (false, true): .names(traces)
        case (true, false): .families(families)
        case (false, false): .namesOrFamilies(names: traces, families: families)
        }
    }
}

/// `--format text|json`.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// Replays stored traces under a config as a new run and compares it with a baseline run.
struct Replayer {
    var options: ReplayOptions
    var kind: RunKind

    /// Stores the candidate run, then calls `each` (when given) for every trace
    /// compared, and returns the comparison.
    func replay(_ each: ((ComparedTrace) throws -> Void)? = nil) throws -> (store: Store, comparison: RunComparison) {
        let started = Console.now()
        let config = try options.configOptions.resolve()
        let store = try options.store.openExisting()
        let baselineID: RunID
        if let requested = options.baseline {
            baselineID = requested
        } else {
            guard let first = try store.defaultBaselineRunID() else {
                throw UsageError("\(options.store.db) has no runs to compare with: record some traces first (pantrace record)")
            }
            baselineID = first
        }
        // Only the config: the run's summary would count its decisions, a pass over its results.
        guard let baselineRun = try store.configOfRun(baselineID) else { throw StoreError.runNotFound(baselineID) }

        let session = try store.beginRun(kind, configName: config.name, configJSON: config.canonicalJSON())
        let baselineConfig = try Config(storedSettings: baselineRun.settings, ofRun: baselineID)
        var comparison = RunComparison(
            baseline: RunLabel(run: baselineID, config: baselineRun.name),
            candidate: RunLabel(run: session.runID, config: config.name),
            settingChanges: config.differences(from: baselineConfig))
        var frames: [Frame] = []
        var count = 0
        var progress = Progress(quiet: options.quiet)
        // Compared as they are simulated: the store reads each trace with its
        // baseline outcome, so no second pass over the results is needed.
        try store.forEachTrace(options.filter, withOutcomesOf: baselineID) { id, trace, baseline in
            let outcome = Simulator.simulate(trace, under: config, frames: &frames, recordingFrames: options.frames)
            _ = try session.addResult(traceID: id, outcome: outcome, frames: frames)
            comparison.add(
                ComparedTrace(
                    name: trace.name, family: trace.family, intent: trace.intent,
                    baseline: baseline.map(ResultSummary.init), candidate: ResultSummary(outcome)))
            count += 1
            progress.update("replayed \(count) traces…", every: 1024, done: count)
        }
        progress.finish()
        guard count > 0 else {
            session.rollback()
            throw UsageError("no stored trace matches \(options.describeFilter): nothing to replay")
        }
        let candidateID = try session.commit()
        if let each {
            // After the commit, as before: a failing `each` (a JUnit file) keeps the run.
            try store.forEachComparison(baseline: baselineID, candidate: candidateID) { result in
                try each(
                    ComparedTrace(
                        name: result.traceName, family: result.family, intent: result.intent,
                        baseline: result.baseline.map(ResultSummary.init), candidate: ResultSummary(result.candidate)))
            }
        }
        if !options.quiet {
            Console.error(
                "\(kind.rawValue): run \(candidateID) of \(count) traces stored in \(options.store.db) "
                    + "in \(TextFormat.fixed(Console.now() - started, digits: 2)) s")
        }
        return (store, comparison)
    }

    /// Prints the report in the chosen format to standard output.
    func print(_ comparison: RunComparison) {
        switch options.format {
        case .json:
            // In pieces: the report is never held whole (it lists every change).
            comparison.jsonReport { Console.out($0) }
            Console.out("\n")
        case .text: Console.out(comparison.textReport(limit: options.limit, style: TextStyle(colour: Console.colourOnStdout)))
        }
    }
}

extension ReplayOptions {
    var describeFilter: String {
        let chosen = traces.map { "--trace " + $0 } + families.map { "--family " + $0 }
        return chosen.isEmpty ? "(the database is empty)" : chosen.joined(separator: " ")
    }
}
