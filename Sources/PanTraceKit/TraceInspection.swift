import PanTraceCore
import PanTraceStore
import PanTraceModel
import PanTraceReports

/// One trace as `show` presents it: its frames under one run (stored, or
/// recomputed under the run's config when the run stored none) and its outcome.
public struct TraceInspection {
    /// The trace.
    public let trace: Trace
    /// The run whose result is shown.
    public let run: RunSummary
    /// The result's outcome.
    public let outcome: Outcome
    /// One frame per position sample.
    public let frames: [Frame]
    /// Whether the frames were stored by the run (else recomputed).
    public let framesStored: Bool

    /// The trace named `name` under run `run` (default: the newest run with a result for it).
    ///
    /// - Throws: `StoreError.traceNotFound` for an unknown name;
    ///   ``WorkflowError/noResult(trace:run:)`` when no (such) run has a result for it.
    public init(trace name: String, run: RunID? = nil, in store: Store) throws {
        guard let (traceID, trace) = try store.trace(named: name) else { throw StoreError.traceNotFound(name: name) }
        guard let shown = try store.latestResult(of: traceID, inRun: run) else {
            throw WorkflowError.noResult(trace: name, run: run)
        }
        var frames = try store.frames(ofResult: shown.result.id)
        framesStored = !frames.isEmpty
        if frames.isEmpty || trace.detents != nil {
            // docs/model.md §4.10: the store keeps no height; a sheet's frames
            // are simulated again (the same frames, with the height).
            _ = Simulator.simulate(trace, under: try shown.run.config(), frames: &frames)
        }
        self.trace = trace
        self.run = shown.run
        self.outcome = shown.result.outcome
        self.frames = frames
    }

    /// The frames as a table (t, position, phase, state, owner, percent,
    /// scroll offset) between a header and the outcome, as `show` prints it.
    public func text() -> String {
        Self.render(trace: trace, frames: frames, origin: framesStored ? "stored" : "recomputed under the run's config", run: run, outcome: outcome)
    }

    static func render(trace: Trace, frames: [Frame], origin: String, run: RunSummary, outcome: Outcome) -> String {
        // Names from the input reach the terminal escaped (TerminalText).
        var text = "trace \(TerminalText.escaped(trace.name))  \(TextFormat.fixed(trace.width, digits: 0))×\(TextFormat.fixed(trace.height, digits: 0)) pt"
        if trace.scrollContent > 0 {
            text += "  scroll view: offset \(TextFormat.fixed(trace.scrollOffset, digits: 1)), content \(TextFormat.fixed(trace.scrollContent, digits: 1))"
        }
        if let intent = trace.intent, let source = trace.labelSource {
            text += "  intent \(TerminalText.escaped(intent.rawValue)) (\(source.rawValue))"
        }
        if let detents = trace.detents {
            text += "\ndetents " + detents.sorted { $0.height > $1.height }
                .map { "\(TerminalText.escaped($0.name)) \(TextFormat.fixed($0.height, digits: 3))" }
                .joined(separator: ", ")
            text += "  starts at \(TerminalText.escaped(trace.startingDetent?.name ?? "-"))"
        }
        text += "\nrun \(run.id) (\(run.kind.rawValue), config \"\(TerminalText.escaped(run.configName))\"), frames \(origin)\n\n"
        let sheet = trace.detents != nil
        var header = ["seq", "t", "x", "y", "phase", "state", "owner", "percent", "scroll"]
        if sheet { header.append("height") }
        var rows = frames.map { frame -> [String] in
            let sample = trace.samples[frame.seq]
            var row = [
                "\(frame.seq)", TextFormat.fixed(sample.t, digits: 3), TextFormat.fixed(sample.x, digits: 1),
                TextFormat.fixed(sample.y, digits: 1), sample.phase.rawValue, frame.state.rawValue,
                frame.owner.rawValue, TextFormat.percent(frame.percent), TextFormat.fixed(frame.scrollOffset, digits: 1),
            ]
            if sheet { row.append(frame.height.map { TextFormat.fixed($0, digits: 4) } ?? "-") }
            return row
        }
        // docs/model.md §4.1: a lift in place (and a cancel) is no position sample and has
        // no frame; it still ends the gesture, so it closes the table, aligned.
        if let last = trace.samples.last, last.phase == .cancel || frames.last?.seq != trace.samples.count - 1 {
            let ended = last.phase == .cancel ? "cancelled" : "ended"
            rows.append([
                "\(trace.samples.count - 1)", TextFormat.fixed(last.t, digits: 3), TextFormat.fixed(last.x, digits: 1),
                TextFormat.fixed(last.y, digits: 1), last.phase.rawValue, outcome.beganSeq == nil ? "failed" : ended,
                "-", "-", "-",
            ] + (sheet ? ["-"] : []))
        }
        text += TextTable(header: header, rows: rows, rightAligned: [0, 1, 2, 3, 7, 8, 9]).render()
        text += "\noutcome  \(outcome.decision.rawValue)/\(outcome.reason.rawValue)"
        if sheet { text += "  rests at \(TerminalText.escaped(Rest(decision: outcome.decision, detent: outcome.detent).word))" }
        text += "  percent \(TextFormat.percent(outcome.percent))"
        text += "  peak \(TextFormat.percent(outcome.peakPercent))  velocity \(TextFormat.fixed(outcome.velocity, digits: 1)) pt/s"
        if let projected = outcome.projected { text += "  projected \(TextFormat.percent(projected))" }
        text += "\n         settle \(TextFormat.fixed(outcome.settle, digits: 3)) s  overscroll \(TextFormat.fixed(outcome.overscroll, digits: 1)) pt"
        text += "  tracking error \(TextFormat.fixed(outcome.trackingError, digits: 1)) pt"
        if outcome.attempted { text += "  attempted (guarded)" }
        text += "\n         began at \(outcome.beganSeq.map(String.init) ?? "-"), transition started at \(outcome.startSeq.map(String.init) ?? "-")\n"
        return text
    }
}
