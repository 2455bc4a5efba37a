import PanTraceModel

/// The state of one simulated pan, advanced one position sample at a time:
/// recognition (docs/model.md §4.2), scroll arbitration (§4.3), percent (§4.4), and at the
/// end the decision (4.5–4.8).
struct PanMachine {
    private enum Phase {
        /// docs/model.md §4.2: not yet recognised.
        case possible
        /// docs/model.md §4.2: failed with too many touches.
        case failed
        /// docs/model.md §4.2: a screen-edge pan whose `down` was outside the edge.
        case outsideEdge
        /// docs/model.md §4.10: a sheet with detents under another interaction: not simulated.
        case notApplicable
        /// The pan began, but the scroll view owns the gesture (4.3 `offsetAtBegin` with `o > 0`).
        case scrollOwned
        /// The pan began; the scroll view scrolls until it reaches its edge (4.3 `handoff`).
        case handoffPending
        /// The transition is running.
        case transition
    }

    let config: Config
    let sign: Double
    let horizontal: Bool
    /// docs/model.md §4: the extent `E`.
    let extent: Double
    let hasScrollView: Bool
    /// docs/model.md §4: the scroll view's maximum offset `m`.
    let maximumOffset: Double
    /// The container's height, for the screen edge of `pull-up-present`.
    let containerHeight: Double
    /// docs/model.md §4.10: the sheet's anchors, for a trace with detents.
    let sheet: DetentRule?

    private var phase = Phase.possible
    private var downX = 0.0
    private var downY = 0.0
    private var previousQ = 0.0
    private var isFirstPosition = true
    /// The scroll view's offset `o`.
    private var offset: Double
    /// With `offsetAtBegin`, whether the scroll view moves with the transition.
    private var simultaneous = false
    private var origin = 0.0
    private var percent = 0.0
    /// docs/model.md §4.10: the translation `T` since the transition started.
    private var translation = 0.0
    private var peakPercent = 0.0
    private var overscroll = 0.0
    private var trackingError = 0.0
    private var beganSeq: Int?
    private var startSeq: Int?
    private var justBegan = false

    init(trace: Trace, config: Config) {
        self.config = config
        sign = config.interaction.sign
        horizontal = config.interaction.isHorizontal
        let viewport = horizontal ? trace.width : trace.height
        extent = config.extent(width: trace.width, height: trace.height)
        hasScrollView = trace.scrollContent > 0
        maximumOffset = max(0, trace.scrollContent - viewport)
        offset = trace.scrollOffset
        containerHeight = trace.height
        sheet = DetentRule(trace, config: config)
        // docs/model.md §4.10: a sheet follows only a pull-to-dismiss.
        if sheet != nil, config.interaction != .pullToDismiss { phase = .notApplicable }
    }

    /// docs/model.md §4.10: the sheet's height `h = H_s − T/E`.
    var height: Double? {
        sheet.map { $0.startHeight - translation / extent }
    }

    /// Processes a position sample (docs/model.md §4.1): `down`, `move`, or an `up` away
    /// from the previous place, processed as a move.
    mutating func position(_ sample: Sample, at index: Int) {
        let q = sign * (horizontal ? sample.x : sample.y)
        let deltaQ = isFirstPosition ? 0 : (q - previousQ).saturated
        justBegan = false
        if isFirstPosition {
            downX = sample.x
            downY = sample.y
            isFirstPosition = false
        }
        previousQ = q
        switch phase {
        case .possible:
            if sample.touches > config.maximumNumberOfTouches {
                phase = .failed
            } else if index == 0, isOutsideEdge(sample) {
                phase = .outsideEdge
            } else if index > 0, distanceFromDown(sample) >= config.touchSlop {
                begin(at: index, q: q)
            }
        case .failed, .outsideEdge, .notApplicable:
            break
        case .scrollOwned:
            offset = min(max((offset - deltaQ).saturated, 0), maximumOffset)
        case .handoffPending:
            let next = (offset - deltaQ).saturated
            if next >= 0 {
                offset = min(next, maximumOffset)
            } else {
                // docs/model.md §4.3: the origin is where the edge was reached.
                offset = 0
                startTransition(at: index, origin: (q + next).saturated)
                track(q)
            }
        case .transition:
            if simultaneous {
                offset = min((offset - deltaQ).saturated, maximumOffset)
                overscroll = max(overscroll, -offset)
            }
            track(q)
        }
    }

    /// docs/model.md §4.2: with `edgeWidth`, a `down` farther from the screen edge.
    private func isOutsideEdge(_ sample: Sample) -> Bool {
        guard config.edgeWidth > 0 else { return false }
        switch config.interaction {
        case .pullToDismiss: return false
        case .swipeBack: return sample.x > config.edgeWidth
        case .pullUpPresent: return containerHeight - sample.y > config.edgeWidth
        }
    }

    private func distanceFromDown(_ sample: Sample) -> Double {
        let dx = sample.x - downX
        let dy = sample.y - downY
        return (dx * dx + dy * dy).squareRoot()
    }

    /// docs/model.md §4.2 and §4.3: the pan begins; arbitration decides who owns it.
    private mutating func begin(at index: Int, q: Double) {
        beganSeq = index
        justBegan = true
        if expandsBeforeScrolling(q: q) {
            // docs/model.md §4.3: a sheet pulled up expands first, its list held.
            startTransition(at: index, origin: q)
            return
        }
        let gating = hasScrollView ? config.scrollGating : .none
        switch gating {
        case .none:
            startTransition(at: index, origin: q)
        case .offsetAtBegin:
            if offset <= 0 {
                startTransition(at: index, origin: q)
                simultaneous = !config.lockScroll
                overscroll = simultaneous ? max(0, -offset) : 0
            } else {
                phase = .scrollOwned
            }
        case .handoff:
            if offset <= 0 {
                startTransition(at: index, origin: q)
            } else {
                phase = .handoffPending
            }
        }
    }

    /// docs/model.md §4.3 `scrollExpands`: a sheet with a scroll view, below
    /// its tallest detent, whose pan begins pointing up (away from dismissal).
    private func expandsBeforeScrolling(q: Double) -> Bool {
        guard config.scrollExpands, hasScrollView, let sheet, sheet.start < sheet.top else { return false }
        return q < sign * (horizontal ? downX : downY)
    }

    private mutating func startTransition(at index: Int, origin: Double) {
        phase = .transition
        startSeq = index
        self.origin = origin
        percent = 0
    }

    /// docs/model.md §4.4: percent with the seed's reset of a negative translation;
    /// §4.10 for a sheet: no reset, the percent of the way to dismissed.
    private mutating func track(_ q: Double) {
        let translation = (q - origin).saturated
        if let sheet {
            self.translation = translation
            percent = min(max(translation / (sheet.startHeight * extent), 0), 1)
        } else if translation < 0 {
            origin = q
        } else {
            percent = min(1, translation / extent)
        }
        peakPercent = max(peakPercent, percent)
        if config.curve != .linear {
            trackingError = max(trackingError, abs(config.curve.progress(percent) - percent) * extent)
        }
    }

    /// The frame after the sample at `index`.
    func frame(at index: Int) -> Frame {
        let state: GestureState
        let owner: Owner
        switch phase {
        case .possible: (state, owner) = (.possible, .none)
        case .failed, .outsideEdge: (state, owner) = (.failed, .none)
        case .notApplicable: (state, owner) = (.possible, .none)
        case .scrollOwned, .handoffPending: (state, owner) = (justBegan ? .began : .changed, .scroll)
        case .transition: (state, owner) = (justBegan ? .began : .changed, .transition)
        }
        return Frame(
            seq: index, state: state, owner: owner, percent: percent,
            scrollOffset: hasScrollView ? offset : 0, height: phase == .transition ? height : sheet?.startHeight
        )
    }

    /// The outcome when the transition never ran (docs/model.md §4.6: everything 0).
    private func unstarted() -> Outcome? {
        switch phase {
        case .possible: Outcome(decision: .none, reason: .neverBegan, detent: startName)
        case .failed: Outcome(decision: .none, reason: .tooManyTouches, detent: startName)
        case .outsideEdge: Outcome(decision: .none, reason: .outsideEdge, detent: startName)
        case .notApplicable: Outcome(decision: .none, reason: .notApplicable, detent: startName)
        case .scrollOwned, .handoffPending:
            Outcome(decision: .none, reason: .scrollOwned, beganSeq: beganSeq, detent: startName)
        case .transition: nil
        }
    }

    /// docs/model.md §4.10: the start detent's name, where `none` and `cancelled` rest.
    private var startName: String? {
        sheet.map { $0.names[$0.start] }
    }

    /// docs/model.md §4.6: a `cancel` sample.
    func cancel() -> Outcome {
        if let outcome = unstarted() { return outcome }
        var settle = settle(.cancel)
        if let sheet, let height { settle = sheet.settle(height: height, at: sheet.start) }
        return Outcome(
            decision: .cancel, reason: .cancelled, percent: percent, peakPercent: peakPercent,
            settle: settle, overscroll: overscroll, trackingError: trackingError,
            beganSeq: beganSeq, startSeq: startSeq, detent: startName
        )
    }

    /// docs/model.md §4.5–4.7: the lift at `liftIndex`.
    func lift(samples: [Sample], liftIndex: Int) -> Outcome {
        if let outcome = unstarted() { return outcome }
        let v = releaseVelocity(samples: samples, liftIndex: liftIndex)
        if let sheet, let height { return lift(sheet, height: height, velocity: v, samples: samples, liftIndex: liftIndex) }
        // docs/model.md §4.6: one rule decides, here and in tune and the release map.
        let rule = LiftRule(config)
        let decided = rule.decide(percent: percent, velocity: v, extent: extent, threshold: config.threshold)
        // docs/model.md §4.6 "Rest and stale velocity": since the last down or move.
        let rest = liftIndex > 0 ? samples[liftIndex].t - samples[liftIndex - 1].t : 0
        let stale = rule.isStale(percent: percent, velocity: v, extent: extent, threshold: config.threshold, rest: rest)
        return Outcome(
            decision: decided.decision, reason: decided.reason, percent: percent, peakPercent: peakPercent,
            velocity: v, projected: decided.projected, settle: settle(decided.decision), overscroll: overscroll,
            trackingError: trackingError, attempted: decided.attempted, beganSeq: beganSeq, startSeq: startSeq,
            rest: rest, stale: stale
        )
    }

    /// docs/model.md §4.10: the lift of a sheet with detents.
    private func lift(_ sheet: DetentRule, height h: Double, velocity v: Double, samples: [Sample], liftIndex: Int) -> Outcome {
        let decided = sheet.decide(height: h, velocity: v, extent: extent)
        let rest = liftIndex > 0 ? samples[liftIndex].t - samples[liftIndex - 1].t : 0
        return Outcome(
            decision: decided.decision, reason: decided.reason, percent: percent, peakPercent: peakPercent,
            velocity: v, projected: decided.projected, settle: sheet.settle(height: h, at: decided.anchor),
            overscroll: overscroll, trackingError: trackingError, attempted: decided.attempted, beganSeq: beganSeq,
            startSeq: startSeq, rest: rest, stale: sheet.isStale(height: h, velocity: v, extent: extent, rest: rest),
            detent: sheet.name(of: decided.anchor))
    }

    private func settle(_ decision: Decision) -> Double {
        switch decision {
        case .finish: (1 - percent) * config.duration / config.completionSpeed
        case .cancel: percent * config.duration / config.completionSpeed
        case .none: 0
        }
    }

    /// docs/model.md §4.5: the velocity from every position sample, the down on
    /// (for `uikit`, the down and the moves: never the lift, even one that moved).
    private func releaseVelocity(samples: [Sample], liftIndex: Int) -> Double {
        let lift = samples[liftIndex]
        let liftMoved = liftIndex > 0
            && (lift.x != samples[liftIndex - 1].x || lift.y != samples[liftIndex - 1].y)
        let count = liftMoved && config.velocityEstimator.readsMovedLift ? liftIndex + 1 : liftIndex
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * max(count, 1)) { buffer in
            for i in 0..<count {
                buffer[i] = samples[i].t
                buffer[count + i] = sign * (horizontal ? samples[i].x : samples[i].y)
            }
            return config.velocityEstimator.velocity(
                times: UnsafeBufferPointer(rebasing: buffer[0..<count]),
                positions: UnsafeBufferPointer(rebasing: buffer[count..<(2 * count)])
            )
        }
    }
}
