extension Trace {
    /// A drag longer than this many seconds looks like times in milliseconds
    /// (docs/model.md "Times in milliseconds").
    public static let suspectDuration = 60.0
    /// Samples further apart than this many seconds on average look like
    /// times in milliseconds.
    public static let suspectMeanInterval = 1.0

    /// Why this trace's times look like milliseconds rather than seconds,
    /// or nil when they look like seconds.
    ///
    /// A pan lasts well under a minute and its touch events come 60–120
    /// times a second; a trace whose samples span more than
    /// ``suspectDuration`` seconds, or are more than ``suspectMeanInterval``
    /// apart on average, was most likely written in milliseconds. The trace
    /// is still valid (docs/model.md): `record` warns, and a strict
    /// record refuses it.
    public var timeUnitSuspicion: String? {
        guard samples.count >= 2, let first = samples.first?.t, let last = samples.last?.t else { return nil }
        let duration = last - first
        guard duration.isFinite else { return nil }
        let meanInterval = duration / Double(samples.count - 1)
        if duration > Self.suspectDuration {
            return "its samples span \(Self.show(duration)) s (a drag longer than \(Self.show(Self.suspectDuration)) s): "
                + "are the times in milliseconds? `t` is in seconds"
        }
        if meanInterval > Self.suspectMeanInterval {
            return "its samples are \(Self.show(meanInterval)) s apart on average (more than \(Self.show(Self.suspectMeanInterval)) s): "
                + "are the times in milliseconds? `t` is in seconds"
        }
        return nil
    }
}
