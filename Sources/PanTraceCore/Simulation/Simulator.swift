import PanTraceModel

/// Turns a trace into the outcome `UIPercentDrivenInteractiveTransition` would
/// reach under a config: every rule of docs/model.md §4.
///
/// The simulation is pure arithmetic over the samples, deterministic, and
/// allocates nothing per sample (frames go into a caller-owned array whose
/// capacity is reused).
///
/// ```swift
/// let outcome = Simulator.simulate(trace, under: Config())
/// print(outcome.decision, outcome.reason, outcome.percent)
/// ```
public enum Simulator {
    /// The outcome of `trace` under `config`, without frames.
    public static func simulate(_ trace: Trace, under config: Config) -> Outcome {
        var frames: [Frame] = []
        return simulate(trace, under: config, frames: &frames, recordingFrames: false)
    }

    /// The outcome of `trace` under `config`; `frames` is emptied and receives one
    /// frame per position sample (docs/model.md §4.1) when `recordingFrames` is true.
    public static func simulate(
        _ trace: Trace, under config: Config, frames: inout [Frame], recordingFrames: Bool = true
    ) -> Outcome {
        var height: Double?
        return simulate(trace, under: config, frames: &frames, recordingFrames: recordingFrames, releaseHeight: &height)
    }

    /// The outcome of `trace` under `config`, and for a lift of a sheet with
    /// detents its release height `h` (docs/model.md §4.10), which every
    /// config sharing this trajectory decides from (``SheetLift``).
    package static func simulateRelease(_ trace: Trace, under config: Config) -> (outcome: Outcome, height: Double?) {
        var frames: [Frame] = []
        var height: Double?
        let outcome = simulate(trace, under: config, frames: &frames, recordingFrames: false, releaseHeight: &height)
        return (outcome, height)
    }

    private static func simulate(
        _ trace: Trace, under config: Config, frames: inout [Frame], recordingFrames: Bool, releaseHeight: inout Double?
    ) -> Outcome {
        frames.removeAll(keepingCapacity: true)
        var pan = PanMachine(trace: trace, config: config)
        let samples = trace.samples
        for index in samples.indices {
            let sample = samples[index]
            switch sample.phase {
            case .down, .move:
                pan.position(sample, at: index)
            case .up:
                // docs/model.md §4.1: an up away from the previous place moved first.
                if index > 0, sample.x != samples[index - 1].x || sample.y != samples[index - 1].y {
                    pan.position(sample, at: index)
                    if recordingFrames { frames.append(pan.frame(at: index)) }
                }
                let outcome = pan.lift(samples: samples, liftIndex: index)
                releaseHeight = pan.height
                return outcome
            case .cancel:
                return pan.cancel()
            }
            if recordingFrames { frames.append(pan.frame(at: index)) }
        }
        // A valid trace ends with up or cancel; one that does not (only possible
        // for a hand-built value) is treated as a system cancel.
        return pan.cancel()
    }
}
