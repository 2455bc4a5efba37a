import PanTraceCore
import PanTraceModel

/// One point of a trace's simulated course: the time of a position sample,
/// percent complete and the scroll view's offset after it.
public struct SeriesPoint: Equatable, Sendable {
    /// Seconds, as in the trace.
    public var t: Double
    /// Percent complete, 0–1.
    public var percent: Double
    /// The scroll view's content offset in points (0 without a scroll view).
    public var offset: Double
    /// A sheet's height, a fraction of the extent (docs/model.md §4.10); `nil` without detents.
    public var height: Double?

    /// A point at `t` with `percent` and `offset` (and a sheet's `height`).
    public init(t: Double, percent: Double, offset: Double, height: Double? = nil) {
        self.t = t
        self.percent = percent
        self.offset = offset
        self.height = height
    }

    /// The course recorded in `frames` (`Simulator/simulate(_:under:frames:recordingFrames:)`)
    /// of the trace whose samples are `samples`: one point per frame, at its sample's time.
    public static func series(frames: [Frame], samples: [Sample]) -> [SeriesPoint] {
        frames.compactMap { frame in
            guard samples.indices.contains(frame.seq) else { return nil }
            return SeriesPoint(t: samples[frame.seq].t, percent: frame.percent, offset: frame.scrollOffset, height: frame.height)
        }
    }
}

/// What the HTML report plots for one changed trace: its results under both
/// configs and its course under each (docs/commands.md §7.8).
public struct ChangedTracePlot: Sendable {
    /// The trace's name, family, intent and both results.
    public var trace: ComparedTrace
    /// The time of the lift (the `up` sample), `nil` when the trace has none.
    public var releaseTime: Double?
    /// Whether the trace has a scroll view (its `scroll_content` > 0): then
    /// the offset is plotted below the percent.
    public var hasScrollView: Bool
    /// The course under the baseline config.
    public var baseline: [SeriesPoint]
    /// The course under the candidate config.
    public var candidate: [SeriesPoint]
    /// A sheet's detents (docs/model.md §4.10): then its height is plotted; `nil` without.
    public var detents: [Detent]?

    /// A plot of `trace` from its courses under both configs.
    public init(
        trace: ComparedTrace, releaseTime: Double?, hasScrollView: Bool, baseline: [SeriesPoint],
        candidate: [SeriesPoint]
    ) {
        self.trace = trace
        self.releaseTime = releaseTime
        self.hasScrollView = hasScrollView
        self.baseline = baseline
        self.candidate = candidate
    }

    /// A plot of the changed trace `compared`, simulating `trace` (its samples)
    /// under both configs with frames.
    public init(_ compared: ComparedTrace, trace: Trace, baseline: Config, candidate: Config) {
        var frames: [Frame] = []
        _ = Simulator.simulate(trace, under: baseline, frames: &frames)
        let before = SeriesPoint.series(frames: frames, samples: trace.samples)
        _ = Simulator.simulate(trace, under: candidate, frames: &frames)
        let after = SeriesPoint.series(frames: frames, samples: trace.samples)
        self.init(
            trace: compared, releaseTime: trace.samples.last(where: { $0.phase == .up })?.t,
            hasScrollView: trace.scrollContent > 0, baseline: before, candidate: after)
        detents = trace.detents
    }
}
