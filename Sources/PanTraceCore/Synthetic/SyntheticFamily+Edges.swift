// The edge cases: gestures that are not a plain dismissal drag — sideways
// swipes, scroll views that own or hand off the gesture, system cancels, taps.
import PanTraceModel


extension SyntheticFamily {
    /// A mostly horizontal swipe with a little vertical travel. Intent `cancel`.
    static func sideways(_ gesture: inout SyntheticGesture, _ random: inout SeededRandom) {
        gesture.attachOptionalScrollView(&random)
        let direction = random.sign()
        let travel = random.uniform(0.35...0.8) * gesture.width
        let margin = 0.05 * gesture.width
        let x =
            direction > 0
            ? random.uniform(margin...(gesture.width - margin - travel))
            : random.uniform((margin + travel)...(gesture.width - margin))
        gesture.touchDown(x: x, y: random.uniform(0.2...0.8) * gesture.height)
        gesture.press(&random, seconds: 0.02...0.08)
        gesture.path.append(
            FingerStroke(
                duration: random.uniform(0.18...0.5), dx: direction * travel,
                dy: random.uniform(-0.1...0.25) * travel,
                startSpeed: random.uniform(0...0.5), endSpeed: random.uniform(0.5...2),
                bendY: random.normal() * 0.03 * travel))
        gesture.liftMoves = random.chance(0.6)
        gesture.intent = .cancel
    }

    /// A scroll view a little below its top; the drag scrolls it to the top
    /// and continues by 32–70 % of the height. Intent `finish`, a guess
    /// (docs/synthetic.md "scroll-handoff").
    static func scrollHandoff(_ gesture: inout SyntheticGesture, _ random: inout SeededRandom) {
        let height = gesture.height
        gesture.scrollContent = (height * random.uniform(1.5...6)).rounded()
        let offset = gesture.device.snap(random.uniform(30...(0.25 * height)))
        gesture.scrollOffset = offset
        // Keep the finger on the screen: offset + continuation ≤ 88 % of the height.
        let continuation = random.uniform(0.32...min(0.7, 0.88 - offset / height)) * height
        let travel = offset + continuation
        touchDown(&gesture, travel: travel, &random)
        gesture.path.append(
            downStroke(
                gesture, travel: travel, duration: random.uniform(0.55...0.95),
                startSpeed: random.uniform(0...0.4), endSpeed: random.uniform(0...0.8), &random))
        gesture.liftMoves = random.chance(0.3)
        gesture.intent = .finish
    }

    /// A scroll view deep in its content and a drag or fling that only
    /// scrolls it: the travel is always shorter than the offset. Intent `cancel`.
    static func scrollDeep(_ gesture: inout SyntheticGesture, _ random: inout SeededRandom) {
        let height = gesture.height
        gesture.scrollContent = (height * random.uniform(4...12)).rounded()
        let maximum = gesture.scrollContent - height
        gesture.scrollOffset = gesture.device.snap(random.uniform((0.8 * height)...maximum))
        let travel = random.uniform(0.15...0.7) * height
        touchDown(&gesture, travel: travel, &random)
        gesture.path.append(
            downStroke(
                gesture, travel: travel, duration: random.uniform(0.15...0.6),
                startSpeed: random.uniform(0...0.5), endSpeed: random.uniform(0.3...2.2), &random))
        gesture.liftMoves = random.chance(0.5)
        gesture.intent = .cancel
    }

    /// A drag in progress that the system interrupts (a call, Control
    /// Centre): the last sample is `cancel`, taken while the finger still
    /// moves. No intent: what the person meant is unknown, and every config
    /// decides it `cancel` (docs/synthetic.md "system-cancel").
    static func systemCancel(_ gesture: inout SyntheticGesture, _ random: inout SeededRandom) {
        gesture.attachOptionalScrollView(&random)
        let travel = random.uniform(0.15...0.6) * gesture.height
        touchDown(&gesture, travel: travel, &random)
        gesture.path.append(
            downStroke(
                gesture, travel: travel, duration: random.uniform(0.3...0.7),
                startSpeed: random.uniform(0...0.3), endSpeed: random.uniform(0.3...1.2), &random))
        gesture.ending = .cancel
        gesture.intent = nil
    }

    /// A press of 50–180 ms that moves a few points at most. Intent `cancel`.
    static func tap(_ gesture: inout SyntheticGesture, _ random: inout SeededRandom) {
        gesture.attachOptionalScrollView(&random)
        gesture.touchDown(
            x: random.uniform(0.1...0.9) * gesture.width, y: random.uniform(0.1...0.9) * gesture.height)
        gesture.tremor = random.uniform(0.2...1)
        gesture.press(&random, seconds: 0.05...0.18)
        if random.chance(0.5) {
            gesture.path.append(
                FingerStroke(
                    duration: random.uniform(0.02...0.06), dx: random.normal() * 2,
                    dy: random.uniform(0...6), endSpeed: random.uniform(0...1)))
        }
        gesture.liftMoves = random.chance(0.3)
        gesture.intent = .cancel
    }
}
