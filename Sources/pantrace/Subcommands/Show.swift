import ArgumentParser
import PanTrace
import PanTraceCore
import PanTraceStore

extension Pantrace {
    /// `pantrace show TRACE`: one trace's frames and outcome as a readable table.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show one trace's frames (t, position, state, owner, percent, scroll offset) and its outcome.",
            discussion: """
                Frames come from the run (--run, default: the newest run with this trace);
                when the run did not store frames they are recomputed under its config.

                Example:
                  pantrace show flick-s7-0002 --run 1
                """)

        @OptionGroup var store: StoreOptions

        @Argument(help: "The trace's name.")
        var trace: String

        @Option(name: .customLong("run"), help: "The run whose result to show.")
        var runID: Int64?

        func run() throws {
            let store = try store.openExisting(readOnly: true)
            guard let (traceID, trace) = try store.trace(named: trace) else { throw StoreError.traceNotFound(name: self.trace) }
            guard let shown = try store.latestResult(of: traceID, inRun: runID) else {
                if let runID { throw UsageError("run \(runID) has no result for \(JSONWriter.string(self.trace))") }
                throw UsageError("no run has a result for \(JSONWriter.string(self.trace))")
            }
            var frames = try store.frames(ofResult: shown.result.id)
            var origin = "stored"
            if frames.isEmpty {
                let config = try shown.run.config()
                _ = Simulator.simulate(trace, under: config, frames: &frames)
                origin = "recomputed under the run's config"
            }
            Console.out(Self.render(trace: trace, frames: frames, origin: origin, run: shown.run, outcome: shown.result.outcome))
        }

        static func render(trace: Trace, frames: [Frame], origin: String, run: RunSummary, outcome: Outcome) -> String {
            var text = "trace \(trace.name)  \(TextFormat.fixed(trace.width, digits: 0))×\(TextFormat.fixed(trace.height, digits: 0)) pt"
            if trace.scrollContent > 0 {
                text += "  scroll view: offset \(TextFormat.fixed(trace.scrollOffset, digits: 1)), content \(TextFormat.fixed(trace.scrollContent, digits: 1))"
            }
            if let intent = trace.intent { text += "  intent \(intent.rawValue)" }
            text += "\nrun \(run.id) (\(run.kind.rawValue), config \(JSONWriter.string(run.configName))), frames \(origin)\n\n"
            let header = ["seq", "t", "x", "y", "phase", "state", "owner", "percent", "scroll"]
            var rows = frames.map { frame -> [String] in
                let sample = trace.samples[frame.seq]
                return [
                    "\(frame.seq)", TextFormat.fixed(sample.t, digits: 3), TextFormat.fixed(sample.x, digits: 1),
                    TextFormat.fixed(sample.y, digits: 1), sample.phase.rawValue, frame.state.rawValue,
                    frame.owner.rawValue, TextFormat.percent(frame.percent), TextFormat.fixed(frame.scrollOffset, digits: 1),
                ]
            }
            // SPEC 4.1: a lift in place (and a cancel) is no position sample and has
            // no frame; it still ends the gesture, so it closes the table, aligned.
            if let last = trace.samples.last, last.phase == .cancel || frames.last?.seq != trace.samples.count - 1 {
                let ended = last.phase == .cancel ? "cancelled" : "ended"
                rows.append([
                    "\(trace.samples.count - 1)", TextFormat.fixed(last.t, digits: 3), TextFormat.fixed(last.x, digits: 1),
                    TextFormat.fixed(last.y, digits: 1), last.phase.rawValue, outcome.beganSeq == nil ? "failed" : ended,
                    "-", "-", "-",
                ])
            }
            text += Table(header: header, rows: rows, rightAligned: [0, 1, 2, 3, 7, 8]).render()
            text += "\noutcome  \(outcome.decision.rawValue)/\(outcome.reason.rawValue)  percent \(TextFormat.percent(outcome.percent))"
            text += "  peak \(TextFormat.percent(outcome.peakPercent))  velocity \(TextFormat.fixed(outcome.velocity, digits: 1)) pt/s"
            if let projected = outcome.projected { text += "  projected \(TextFormat.percent(projected))" }
            text += "\n         settle \(TextFormat.fixed(outcome.settle, digits: 3)) s  overscroll \(TextFormat.fixed(outcome.overscroll, digits: 1)) pt"
            text += "  tracking error \(TextFormat.fixed(outcome.trackingError, digits: 1)) pt"
            if outcome.attempted { text += "  attempted (guarded)" }
            text += "\n         began at \(outcome.beganSeq.map(String.init) ?? "-"), transition started at \(outcome.startSeq.map(String.init) ?? "-")\n"
            return text
        }
    }
}
