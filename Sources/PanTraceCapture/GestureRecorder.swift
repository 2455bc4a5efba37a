import PanTraceModel

/// Turns an app's touch events into docs/model.md §3 traces and appends them to a JSON
/// Lines file that `pantrace record --from` accepts (docs/capture.md).
///
/// Feed it every event of the container's gestures with ``record(_:screen:)``;
/// read the screen (container size, scroll state) only at a `down`. A
/// finished gesture is held for ``CaptureOptions/labellingWindow`` seconds,
/// during which ``GestureRecorder/setIntent(_:askedThePerson:)`` may label it; after that it is written by
/// the next call into the recorder, by ``writeExpired()`` (call it from a
/// timer) or by ``flush()`` (call it when the app goes to the background).
///
/// The rules for imperfect input:
/// - Events before a `down` are ignored (``CaptureStatistics/strayEvents``).
/// - A `down` while a gesture is in progress discards that gesture (it lost
///   its end) and starts a new one.
/// - Times are made relative to the `down` and rounded to whole nanoseconds
///   (which removes the rounding noise a boot-time clock leaves); a time
///   earlier than the previous sample's is clamped to it (docs/model.md §3: `t` never
///   decreases), so that no sample, and in particular no `up`, is lost.
/// - A time or place that is not finite, or a screen docs/model.md §3 rejects, discards
///   the whole gesture: a trace with a guessed value would mislead a replay.
/// - `touches` below 1 is recorded as 1.
/// - A gesture with fewer than 2 samples is discarded (a `down` and an `up`
///   always make 2, so this only guards the format).
///
/// Writing is one append per gesture (open, one `write`, close) on the
/// caller's thread, at most once per gesture; nothing else does I/O. The
/// recorder is not thread-safe: call it from one thread (UIKit's main thread).
///
/// Privacy: a trace holds only coordinates, times, counts, the screen's size
/// and scroll state, and the `meta` the app chooses. Record only users who
/// opted in.
public final class GestureRecorder {
    /// The options the recorder was made with.
    public let options: CaptureOptions
    /// What happened to the gestures so far.
    public private(set) var statistics = CaptureStatistics()
    /// The file being appended to.
    public var path: String { file.path }

    private enum State {
        case idle
        case recording(GestureInProgress)
        /// A gesture that will not be written (not sampled, or discarded), until its end.
        case ignoring
    }

    private struct GestureInProgress {
        var sequence: Int
        var name: String
        var screen: CaptureScreen
        var downTime: Double
        var samples: [Sample]
    }

    private struct HeldGesture {
        var sequence: Int
        var trace: Trace
        var finishedAt: Double
    }

    private let file: TraceFile
    private let clock: CaptureClock
    private let metaJSON: String
    private let samplingPhase: Int
    /// This recorder's part of every name (``TraceName/newRecorderID()``).
    private let recorderID = TraceName.newRecorderID()
    private var state = State.idle
    private var downs = 0
    /// Finished gestures waiting for their labelling window to pass, oldest first.
    private var held: [HeldGesture] = []
    /// The sequence number of the gesture that ended last, written or not.
    private var lastEnded: Int?

    /// A recorder appending to the file at `path` (created when the first
    /// gesture is written).
    ///
    /// - Throws: ``CaptureError`` when an option cannot work.
    public init(path: String, options: CaptureOptions = CaptureOptions(), clock: CaptureClock = .system) throws(CaptureError) {
        try options.validate()
        self.options = options
        self.clock = clock
        file = TraceFile(path: path, maximumSize: options.maximumFileSize)
        metaJSON = options.metaJSON()
        samplingPhase = options.samplingPhase ?? Int.random(in: 0..<options.oneIn)
    }

    /// Writes what is still held: a recorder that goes away loses no gesture.
    deinit {
        flush()
    }

    /// Feeds one touch event; `screen` is called only for a `down` that is recorded.
    ///
    /// See the type's documentation for events out of order or out of range.
    public func record(_ event: TouchEvent, screen: () -> CaptureScreen) {
        writeExpired()
        if event.phase == .down {
            begin(event, screen: screen)
            return
        }
        switch state {
        case .idle:
            statistics.strayEvents += 1
        case .ignoring:
            if event.phase != .move { end(nil) }
        case .recording(var gesture):
            state = .idle  // let go of the stored copy, so the append below does not copy every sample
            guard event.t.isFinite, event.x.isFinite, event.y.isFinite else {
                discard(ending: event.phase != .move)
                return
            }
            // docs/model.md §3: t never decreases; clamp rather than drop, so the end is kept.
            let t = max(Self.relativeTime(event.t, since: gesture.downTime), gesture.samples.last?.t ?? 0)
            gesture.samples.append(Sample(t: t, x: event.x, y: event.y, phase: event.phase, touches: Self.touches(event.touches)))
            if event.phase == .move {
                state = .recording(gesture)
            } else {
                end(gesture)
            }
        }
    }

    /// Labels the gesture that ended last, if it is still in its labelling window.
    ///
    /// The trace's `intentSource` says where the label came from
    /// (docs/capture.md "Where a label came from"): `inferred` by default,
    /// for an intent the app set from what happened next (the sheet reopened
    /// within seconds); `person` with `askedThePerson: true`, when the app
    /// asked the person what they meant. `pantrace tune` counts the two
    /// apart.
    ///
    /// For a sheet with detents the intent may name the detent meant
    /// (`Intent(word: "medium")`: the person dropped it to `medium`, then
    /// dragged it back there). An intent naming a detent the gesture's
    /// sheet does not have is refused (false, nothing changes): the line
    /// written must be one `pantrace record` accepts.
    ///
    /// Returns false when that gesture is not held: its window has passed, it
    /// was not recorded (sampling, discarded), or no gesture has ended yet.
    /// A later call replaces an earlier label (and its source); `nil` removes
    /// it. An older gesture is never labelled instead.
    @discardableResult
    public func setIntent(_ intent: Intent?, askedThePerson: Bool = false) -> Bool {
        writeExpired()
        guard let lastEnded, let index = held.indices.last, held[index].sequence == lastEnded else { return false }
        if let name = intent?.detentName {
            guard let detents = held[index].trace.detents, detents.contains(where: { $0.name.isScalarEqual(to: name) }) else { return false }
        }
        held[index].trace.intent = intent
        held[index].trace.intentSource = intent == nil ? nil : askedThePerson ? .person : .inferred
        return true
    }

    /// Records what the app did with the gesture that ended last, if it is
    /// still in its labelling window (docs/capture.md "What the app did"):
    /// the line then carries `observed` with `observedSource: app`.
    ///
    /// Without detents the words are `finish`, `cancel` and `none` (no
    /// transition began); for a sheet with detents `finish` (dismissed) or
    /// the name of the detent it came to rest at (``AppOutcome`` makes them
    /// from what UIKit reports). A word the gesture's trace does not allow is
    /// refused (false, nothing changes): the line written must be one
    /// `pantrace record` accepts. What the app did and the intent are
    /// independent: setting one leaves the other as it is.
    ///
    /// Returns false when that gesture is not held, as ``setIntent(_:askedThePerson:)``.
    /// A later call replaces an earlier outcome; `nil` removes it.
    @discardableResult
    public func setObserved(_ observed: Observed?) -> Bool {
        writeExpired()
        guard let lastEnded, let index = held.indices.last, held[index].sequence == lastEnded else { return false }
        var trace = held[index].trace
        trace.observed = observed
        trace.observedSource = observed == nil ? nil : .app
        do {
            try trace.validate()
        } catch {
            return false
        }
        held[index].trace = trace
        return true
    }

    /// Records where a sheet with detents came to rest after the gesture that
    /// ended last: `finish` when it was `dismissed`, else the detent
    /// `selectedIdentifier` names among the gesture's detents (``AppOutcome/sheet(dismissed:selectedIdentifier:detents:)``).
    /// False when the gesture is not held or that detent is not one of its sheet's.
    @discardableResult
    public func setSheetOutcome(dismissed: Bool, selectedIdentifier: String?) -> Bool {
        guard let lastEnded, let index = held.indices.last, held[index].sequence == lastEnded else { return false }
        let detents = held[index].trace.detents ?? []
        guard let observed = AppOutcome.sheet(dismissed: dismissed, selectedIdentifier: selectedIdentifier, detents: detents) else {
            return false
        }
        return setObserved(observed)
    }

    /// Records what an interactive transition did after the gesture that
    /// ended last: `none` when none `began`, else `cancel` or `finish`
    /// (``AppOutcome/transition(began:cancelled:)``).
    @discardableResult
    public func setTransitionOutcome(began: Bool, cancelled: Bool) -> Bool {
        setObserved(AppOutcome.transition(began: began, cancelled: cancelled))
    }

    /// Writes every held gesture whose labelling window has passed.
    public func writeExpired() {
        guard !held.isEmpty else { return }
        let now = clock.now()
        let expired = held.prefix { now - $0.finishedAt >= options.labellingWindow }
        guard !expired.isEmpty else { return }
        held.removeFirst(expired.count)
        for gesture in expired { write(gesture.trace) }
    }

    /// Writes every held gesture now, labelled or not (for example when the
    /// app goes to the background); later labels cannot reach them.
    public func flush() {
        let all = held
        held.removeAll()
        for gesture in all { write(gesture.trace) }
    }

    /// The number of finished gestures waiting for their labelling window to pass.
    public var heldCount: Int { held.count }

    // MARK: Gestures

    private func begin(_ event: TouchEvent, screen: () -> CaptureScreen) {
        if case .recording = state { statistics.discarded += 1 }  // it lost its end
        downs += 1
        guard (downs - 1) % options.oneIn == samplingPhase else {
            statistics.notSampled += 1
            state = .ignoring
            return
        }
        let screen = screen()
        guard event.t.isFinite, event.x.isFinite, event.y.isFinite, screen.isValid else {
            statistics.discarded += 1
            state = .ignoring
            return
        }
        let name = TraceName.make(prefix: options.namePrefix, sequence: downs, wallTime: clock.wallTime(), recorder: recorderID)
        let down = Sample(t: 0, x: event.x, y: event.y, phase: .down, touches: Self.touches(event.touches))
        state = .recording(GestureInProgress(sequence: downs, name: name, screen: screen, downTime: event.t, samples: [down]))
    }

    /// Ends the current gesture; holds `gesture` for labelling when it makes a valid trace.
    private func end(_ gesture: GestureInProgress?) {
        state = .idle
        lastEnded = downs
        guard let gesture else { return }
        let trace = Trace(
            name: gesture.name, width: gesture.screen.width, height: gesture.screen.height,
            scrollOffset: gesture.screen.scroll.offset, scrollContent: gesture.screen.scroll.content,
            meta: metaJSON, detents: gesture.screen.detents, startDetent: gesture.screen.startDetent, samples: gesture.samples)
        do {
            try trace.validate()  // docs/model.md §3; fewer than 2 samples lands here
        } catch {
            statistics.discarded += 1
            return
        }
        held.append(HeldGesture(sequence: gesture.sequence, trace: trace, finishedAt: clock.now()))
        writeExpired()  // a window of 0 writes at once
    }

    /// `t − downTime` in whole nanoseconds.
    ///
    /// A boot-time clock (81,234.567 s) leaves rounding noise of about 1e-11 s
    /// in the difference (0.016666666662786156 for 1/60); no touch clock
    /// resolves below a nanosecond, so rounding there removes the noise and
    /// gives back a time like 0.016071042 exactly. Rounding keeps the order.
    /// A finger count as docs/model.md §3 takes it: at least 1, and at most 2^53 (the
    /// largest integer a JSON number holds exactly), so that `Int.max`
    /// touches cannot make a line that `pantrace record` refuses.
    static func touches(_ count: Int) -> Int {
        min(max(1, count), JSONNumber.exactIntegerLimit)
    }

    static func relativeTime(_ t: Double, since downTime: Double) -> Double {
        ((t - downTime) * 1e9).rounded() / 1e9
    }

    private func discard(ending: Bool) {
        statistics.discarded += 1
        if ending { end(nil) } else { state = .ignoring }
    }

    private func write(_ trace: Trace) {
        let line = trace.jsonLine()
        // The longest line `pantrace record` reads (docs/capture.md): a longer one is never written.
        guard line.utf8.count <= InputLimits.maximumTraceLineBytes else {
            statistics.discarded += 1
            return
        }
        switch file.append(line) {
        case .written: statistics.written += 1
        case .full: statistics.droppedAtCap += 1
        case .failed(let reason):
            statistics.failed += 1
            statistics.lastFailure = reason
        }
    }
}
