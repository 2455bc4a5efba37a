/// What a ``GestureRecorder`` did with the gestures it saw.
///
/// Every gesture (a `down` and what follows it) counts once: `written`,
/// `notSampled`, `discarded`, `droppedAtCap` or `failed`, or it is still in
/// progress or held in the labelling window.
public struct CaptureStatistics: Equatable, Sendable {
    /// Gestures appended to the file.
    public var written = 0
    /// Gestures left out by the sampling rate (``CaptureOptions/oneIn``).
    public var notSampled = 0
    /// Gestures that could not make a valid trace: a value that is not
    /// finite, an invalid screen, fewer than 2 samples, or a second `down`
    /// before the gesture ended.
    public var discarded = 0
    /// Gestures not written because the file had reached its size cap.
    public var droppedAtCap = 0
    /// Gestures the system refused to write (see ``lastFailure``).
    public var failed = 0
    /// Events ignored because no gesture was in progress (no `down` before them).
    public var strayEvents = 0
    /// The last write error, for example `cannot open …: No such file or directory`.
    public var lastFailure: String?

    /// All zero.
    public init() {}
}
