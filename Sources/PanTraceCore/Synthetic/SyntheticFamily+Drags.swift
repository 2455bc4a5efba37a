// The drags: the pull-to-dismiss gestures that the decision rules tell apart.
//
// Distances are fractions of the container height (the default extent), so
// that the spread straddles the default threshold of 0.4: changing the
// threshold, the decision rule or the estimator flips some decisions.
import PanTraceModel


extension SyntheticFamily {
    /// Plans one gesture of this family on `gesture`'s device.
    func shape(_ gesture: inout SyntheticGesture, _ random: inout SeededRandom) {
        switch self {
        case .slowDrag:
            gesture.attachOptionalScrollView(&random)
            Self.slowDrag(&gesture, fraction: random.uniform(0.32...0.72), &random)
        case .peek: Self.peek(&gesture, &random)
        case .flick: Self.flick(&gesture, &random)
        case .dragBack: Self.dragBack(&gesture, &random)
        case .hesitate: Self.hesitate(&gesture, &random)
        case .noisyDrag:
            gesture.attachOptionalScrollView(&random)
            Self.slowDrag(&gesture, fraction: random.uniform(0.32...0.72), &random)
            gesture.tremor = random.uniform(1...3.5)
            gesture.jitterMicros = random.uniform(800...2000)
            gesture.dropChance = 0.06
        case .sideways: Self.sideways(&gesture, &random)
        case .scrollTop:
            gesture.attachScrollViewAtTop(&random)
            Self.slowDrag(&gesture, fraction: random.uniform(0.32...0.72), &random)
        case .scrollHandoff: Self.scrollHandoff(&gesture, &random)
        case .scrollDeep: Self.scrollDeep(&gesture, &random)
        case .twoFinger:
            gesture.attachOptionalScrollView(&random)
            Self.slowDrag(&gesture, fraction: random.uniform(0.32...0.72), &random)
            let from = random.chance(0.4) ? 0 : random.int(1...3)
            let count = random.chance(0.5) ? Int.max : random.int(3...10)
            gesture.secondFinger = (from, count)
            // docs/synthetic.md "two-finger": a second finger on a sheet is as
            // often a grip or the start of a pinch as a dismissal; no label.
            gesture.intent = nil
        case .systemCancel: Self.systemCancel(&gesture, &random)
        case .tap: Self.tap(&gesture, &random)
        case .sheetSettle, .sheetFlick, .sheetClose, .sheetExpand, .sheetPeek: shapeSheet(&gesture, &random)
        }
    }

    /// A downward stroke of `travel` points with a sideways drift and bow.
    static func downStroke(
        _ gesture: SyntheticGesture, travel: Double, duration: Double,
        startSpeed: Double, endSpeed: Double, _ random: inout SeededRandom
    ) -> FingerStroke {
        FingerStroke(
            duration: duration, dx: random.normal() * 0.03 * gesture.width, dy: travel,
            startSpeed: startSpeed, endSpeed: endSpeed,
            bendX: random.normal() * 0.04 * gesture.width)
    }

    /// Puts the finger down with room below for `travel` points, and presses.
    static func touchDown(_ gesture: inout SyntheticGesture, travel: Double, _ random: inout SeededRandom) {
        let x = random.uniform(0.25...0.75) * gesture.width
        gesture.touchDown(x: x, y: gesture.startY(forTravel: travel, &random))
        gesture.press(&random)
    }

    /// A slow, eased drag down by `fraction` of the height, released gently. Intent `finish`.
    static func slowDrag(_ gesture: inout SyntheticGesture, fraction: Double, _ random: inout SeededRandom) {
        let travel = fraction * gesture.height
        touchDown(&gesture, travel: travel, &random)
        let endSpeed = random.uniform(0...0.8)
        gesture.path.append(
            downStroke(
                gesture, travel: travel, duration: random.uniform(0.4...0.85),
                startSpeed: random.uniform(0...0.3), endSpeed: endSpeed, &random))
        // A finger that has almost stopped sometimes rests before it lifts.
        if endSpeed < 0.3, random.chance(0.4) { gesture.path.append(.rest(random.uniform(0.02...0.08))) }
        gesture.liftMoves = random.chance(0.3)
        gesture.intent = .finish
    }

    /// A short pull, drawn back a little half of the time. Intent `cancel`.
    static func peek(_ gesture: inout SyntheticGesture, _ random: inout SeededRandom) {
        gesture.attachOptionalScrollView(&random)
        let travel = random.uniform(0.05...0.46) * gesture.height
        touchDown(&gesture, travel: travel, &random)
        let drawsBack = random.chance(0.5)
        gesture.path.append(
            downStroke(
                gesture, travel: travel, duration: random.uniform(0.25...0.6),
                startSpeed: random.uniform(0...0.3), endSpeed: drawsBack ? 0 : random.uniform(0...0.4), &random))
        if drawsBack {
            gesture.path.append(
                FingerStroke(
                    duration: random.uniform(0.15...0.35), dx: random.normal() * 0.01 * gesture.width,
                    dy: -travel * random.uniform(0.2...0.9), endSpeed: random.uniform(0...1)))
        } else {
            gesture.path.append(.rest(random.uniform(0.03...0.2)))
        }
        gesture.liftMoves = random.chance(0.3)
        gesture.intent = .cancel
    }

    /// A fast, short, accelerating flick released at 600–2500 pt/s. Intent `finish`.
    static func flick(_ gesture: inout SyntheticGesture, _ random: inout SeededRandom) {
        gesture.attachOptionalScrollView(&random)
        let velocity = random.uniform(600...2500)
        let endSpeed = random.uniform(1.8...2.6)
        // Release speed = endSpeed × travel / duration; keep the travel to 5–32 %.
        let wanted = velocity * random.uniform(0.08...0.18) / endSpeed
        let travel = min(max(wanted, 0.05 * gesture.height), 0.32 * gesture.height)
        let x = random.uniform(0.25...0.75) * gesture.width
        gesture.touchDown(x: x, y: gesture.startY(forTravel: travel, &random))
        gesture.press(&random, seconds: 0.08...0.25)
        gesture.path.append(
            FingerStroke(
                duration: endSpeed * travel / velocity, dx: random.normal() * 0.015 * gesture.width,
                dy: travel, endSpeed: endSpeed, bendX: random.normal() * 0.01 * gesture.width))
        gesture.liftMoves = random.chance(0.6)
        gesture.intent = .finish
    }

    /// Past the threshold and back, still moving back at release. Intent `cancel`.
    static func dragBack(_ gesture: inout SyntheticGesture, _ random: inout SeededRandom) {
        gesture.attachOptionalScrollView(&random)
        let out = random.uniform(0.42...0.75) * gesture.height
        let back = out - random.uniform(0.05...0.38) * gesture.height
        touchDown(&gesture, travel: out, &random)
        gesture.path.append(
            downStroke(
                gesture, travel: out, duration: random.uniform(0.3...0.55),
                startSpeed: random.uniform(0...0.3), endSpeed: 0, &random))
        if random.chance(0.4) { gesture.path.append(.rest(random.uniform(0.02...0.1))) }
        gesture.path.append(
            FingerStroke(
                duration: random.uniform(0.2...0.4), dx: random.normal() * 0.02 * gesture.width,
                dy: -back, endSpeed: random.uniform(0.6...1.8), bendX: random.normal() * 0.02 * gesture.width))
        gesture.liftMoves = random.chance(0.5)
        gesture.intent = .cancel
    }

    /// A drag that stops and rests before release; intent by position.
    static func hesitate(_ gesture: inout SyntheticGesture, _ random: inout SeededRandom) {
        gesture.attachOptionalScrollView(&random)
        let fraction = random.uniform(0.25...0.70)
        let travel = fraction * gesture.height
        touchDown(&gesture, travel: travel, &random)
        gesture.path.append(
            downStroke(
                gesture, travel: travel, duration: random.uniform(0.35...0.7),
                startSpeed: random.uniform(0...0.3), endSpeed: 0, &random))
        gesture.path.append(.rest(random.uniform(0.15...0.45)))
        gesture.intent = fraction >= 0.5 ? .finish : .cancel
    }
}
