import PanTraceCore
import PanTraceStore
import PanTraceModel

/// Records traces into a store (docs/commands.md §7.1): simulates each under a config and
/// stores the traces, the config, one run, its results and their frames
/// (unless ``storesFrames`` is false), all or nothing.
///
/// Traces come from the ``inputs`` in order, then from the ``synthetic``
/// corpus; both may be given, in one run.
///
/// ```swift
/// let store = try Store(path: "pantrace.sqlite")
/// let summary = try Recorder(config: Config(), synthetic: SyntheticTraces(count: 500, seed: 7))
///     .record(into: store)
/// print(summary.run, summary.count(of: .finish))
/// ```
public struct Recorder {
    /// The config every trace is simulated under.
    public var config: Config
    /// JSON Lines inputs, read in order.
    public var inputs: [TraceInput]
    /// Synthetic traces recorded after the inputs.
    public var synthetic: SyntheticTraces?
    /// Whether the run stores its frames (true by default).
    ///
    /// Frames are most of a database's size, and the simulation is
    /// deterministic: `show` recomputes the frames of a run that stored
    /// none (``TraceInspection``). The results are the same either way.
    public var storesFrames: Bool
    /// Whether a trace whose times look like milliseconds is an input error
    /// (false by default) instead of a warning (docs/model.md "Times in milliseconds").
    public var strict: Bool
    /// How the error and the warning name ``strict`` (a command passes its option).
    public var strictName = "strict mode"
    /// A stand-in app for the traces of ``inputs`` that do not record what
    /// the app did (docs/synthetic.md "A stand-in app"): each gets the
    /// outcome it decides, noise drawn by input order. The synthetic traces
    /// take ``SyntheticTraces/observer``.
    public var observer: SyntheticObserver?

    /// A recorder of `inputs`, then `synthetic`, under `config`, storing frames unless `storesFrames` is false.
    public init(
        config: Config = Config(), inputs: [TraceInput] = [], synthetic: SyntheticTraces? = nil, storesFrames: Bool = true,
        strict: Bool = false
    ) {
        self.config = config
        self.inputs = inputs
        self.synthetic = synthetic
        self.storesFrames = storesFrames
        self.strict = strict
    }

    /// Records every trace as one new run of `store`, in one transaction.
    ///
    /// - Parameters:
    ///   - store: the store the run is written to.
    ///   - progress: called with the number of traces recorded so far,
    ///     every 256 traces.
    /// - Returns: what was stored.
    /// - Throws: `InvalidConfigError` for a config value docs/configs.md
    ///   does not allow; `TraceError` for an invalid trace (naming its input and
    ///   line), a trace whose times look like milliseconds under ``strict``,
    ///   a trace whose name is stored with other content, or inputs
    ///   without a trace; ``WorkflowError/nothingToRecord`` when there is
    ///   nothing to record; `StoreError`. Nothing is stored then.
    @discardableResult
    public func record(into store: Store, progress: ((Int) -> Void)? = nil) throws -> RecordSummary {
        // docs/configs.md: a typed config is checked as a file's would be, before anything is stored.
        let config = try config.validated()
        let storesFrames = storesFrames
        let session = try store.beginRun(.record, config: config)
        var summary = RecordSummary(config: config.name, framesStored: storesFrames)
        var frames: [Frame] = []

        func add(_ trace: Trace, input: String?, line: Int?, simulated: (Outcome, [Frame])? = nil) throws {
            let id: TraceID
            do {
                id = try session.add(trace)
            } catch let error as StoreError {
                // Name the input and line of the offending trace (docs/commands.md §7.4).
                switch error {
                case .traceConflict(let name):
                    throw TraceError(file: input, line: line, keyPath: "name",
                        reason: "a trace named \(JSONWriter.string(name)) is already stored with other content")
                case .duplicateTrace(let name):
                    throw TraceError(file: input, line: line, keyPath: "name",
                        reason: "the trace name \(JSONWriter.string(name)) occurs twice in this record")
                default: throw error
                }
            }
            let outcome: Outcome
            if let simulated {
                (outcome, frames) = simulated
            } else {
                outcome = Simulator.simulate(trace, under: config, frames: &frames, recordingFrames: storesFrames)
            }
            _ = try session.addResult(traceID: id, outcome: outcome, frames: frames)
            summary.add(trace, outcome)
            if summary.traces % 256 == 0 { progress?(summary.traces) }
        }

        var inputIndex = 0
        for input in inputs {
            var suspect: (line: Int, name: String, reason: String)?
            var suspects = 0
            while let (line, read) = try input.next() {
                var trace = read
                if let observer, trace.observed == nil { trace = observer.observe(trace, index: inputIndex) }
                inputIndex += 1
                if let reason = trace.timeUnitSuspicion {
                    if strict {
                        throw TraceError(file: input.name, line: line, keyPath: "samples", reason: reason + " (\(strictName))")
                    }
                    suspects += 1
                    if suspect == nil { suspect = (line, trace.name, reason) }
                }
                try add(trace, input: input.name, line: line)
            }
            if let suspect {
                let others = suspects > 1 ? "; \(suspects - 1) more trace(s) of this file look the same" : ""
                summary.warnings.append(
                    "warning: \(input.name):\(suspect.line): trace \(JSONWriter.string(suspect.name)): \(suspect.reason)"
                        + " (recorded\(others); \(strictName) refuses them)")
            }
        }
        if let synthetic {
            let corpus = synthetic.corpus
            try ComputeAhead.forEach(synthetic.count, { index in
                let trace = synthetic.trace(at: index, of: corpus)
                var frames: [Frame] = []
                let outcome = Simulator.simulate(trace, under: config, frames: &frames, recordingFrames: storesFrames)
                return (trace, outcome, frames)
            }) { trace, outcome, frames in
                try add(trace, input: nil, line: nil, simulated: (outcome, frames))
            }
        }
        guard summary.traces > 0 else {
            // A run of nothing would only become a useless baseline.
            session.rollback()
            if inputs.isEmpty { throw WorkflowError.nothingToRecord }
            throw TraceError(
                file: inputs.map(\.name).joined(separator: ", "), keyPath: "",
                reason: "no traces to record (the input is empty)")
        }
        summary.run = try session.commit()
        return summary
    }
}
