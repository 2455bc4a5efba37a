// The sheets: a sheet with detents `medium` (half the container) and `large`
// (all of it) under pull-to-dismiss (docs/synthetic.md "Sheets with detents").
//
// The finger lands on the sheet a little below its top edge, which is at
// `height × (1 − H)` for a sheet resting at height `H`.
import PanTraceModel

extension SyntheticFamily {
    /// The detents every sheet family uses: `medium` 0.5 and `large` 1.
    static let sheetDetents = [Detent(name: "medium", height: 0.5), Detent(name: "large", height: 1)]

    /// True for the families of sheets with detents (docs/model.md §4.10).
    public var hasDetents: Bool {
        switch self {
        case .sheetSettle, .sheetFlick, .sheetClose, .sheetExpand, .sheetPeek: true
        default: false
        }
    }

    /// Plans one sheet gesture.
    func shapeSheet(_ gesture: inout SyntheticGesture, _ random: inout SeededRandom) {
        gesture.detents = Self.sheetDetents
        switch self {
        case .sheetSettle: Self.sheetSettle(&gesture, &random)
        case .sheetFlick: Self.sheetFlick(&gesture, &random)
        case .sheetClose: Self.sheetClose(&gesture, &random)
        case .sheetExpand: Self.sheetExpand(&gesture, &random)
        default: Self.sheetPeek(&gesture, &random)
        }
    }

    /// Puts the finger down on a sheet resting at `detent`, just below its top edge.
    static func touchSheet(_ gesture: inout SyntheticGesture, at detent: Detent, _ random: inout SeededRandom) {
        gesture.startDetent = detent.name
        let top = gesture.height * (1 - detent.height)
        let x = random.uniform(0.2...0.8) * gesture.width
        gesture.touchDown(x: x, y: top + random.uniform(0.02...0.12) * gesture.height)
        gesture.press(&random)
    }

    /// From `large`, a slow drag that stops with the sheet near `medium` and rests. Intent `medium`.
    static func sheetSettle(_ gesture: inout SyntheticGesture, _ random: inout SeededRandom) {
        touchSheet(&gesture, at: sheetDetents[1], &random)
        let release = random.uniform(0.4...0.62)
        gesture.path.append(
            downStroke(
                gesture, travel: (1 - release) * gesture.height, duration: random.uniform(0.5...0.9),
                startSpeed: random.uniform(0...0.3), endSpeed: 0, &random))
        gesture.path.append(.rest(random.uniform(0.03...0.25)))
        gesture.intent = Intent(word: "medium")
    }

    /// From `large`, a quick short flick down, 600–2200 pt/s. Intent `medium`.
    static func sheetFlick(_ gesture: inout SyntheticGesture, _ random: inout SeededRandom) {
        touchSheet(&gesture, at: sheetDetents[1], &random)
        let velocity = random.uniform(600...2200)
        let endSpeed = random.uniform(1.6...2.4)
        let travel = min(max(velocity * random.uniform(0.06...0.14) / endSpeed, 0.04 * gesture.height), 0.28 * gesture.height)
        gesture.path.append(
            FingerStroke(
                duration: endSpeed * travel / velocity, dx: random.normal() * 0.015 * gesture.width,
                dy: travel, endSpeed: endSpeed, bendX: random.normal() * 0.01 * gesture.width))
        gesture.liftMoves = random.chance(0.6)
        gesture.intent = Intent(word: "medium")
    }

    /// From `large`, a long fast drag most of the way down. Intent `finish`.
    static func sheetClose(_ gesture: inout SyntheticGesture, _ random: inout SeededRandom) {
        touchSheet(&gesture, at: sheetDetents[1], &random)
        let travel = random.uniform(0.6...0.85) * gesture.height
        gesture.path.append(
            downStroke(
                gesture, travel: travel, duration: random.uniform(0.25...0.5),
                startSpeed: random.uniform(0.2...0.6), endSpeed: random.uniform(0.9...1.8), &random))
        gesture.liftMoves = random.chance(0.5)
        gesture.intent = .finish
    }

    /// From `medium`, a drag up by 15–45 % of the container. Intent `large`.
    static func sheetExpand(_ gesture: inout SyntheticGesture, _ random: inout SeededRandom) {
        touchSheet(&gesture, at: sheetDetents[0], &random)
        let travel = random.uniform(0.15...0.45) * gesture.height
        gesture.path.append(
            FingerStroke(
                duration: random.uniform(0.3...0.7), dx: random.normal() * 0.02 * gesture.width, dy: -travel,
                startSpeed: random.uniform(0...0.3), endSpeed: random.uniform(0.2...1.4),
                bendX: random.normal() * 0.02 * gesture.width))
        gesture.liftMoves = random.chance(0.3)
        gesture.intent = Intent(word: "large")
    }

    /// From either detent, a small pull that is drawn back. Intent `cancel`.
    static func sheetPeek(_ gesture: inout SyntheticGesture, _ random: inout SeededRandom) {
        touchSheet(&gesture, at: sheetDetents[random.chance(0.5) ? 1 : 0], &random)
        let travel = random.uniform(0.03...0.14) * gesture.height
        gesture.path.append(
            downStroke(
                gesture, travel: travel, duration: random.uniform(0.2...0.45),
                startSpeed: random.uniform(0...0.3), endSpeed: 0, &random))
        gesture.path.append(
            FingerStroke(
                duration: random.uniform(0.15...0.35), dx: random.normal() * 0.01 * gesture.width,
                dy: -travel * random.uniform(0.5...0.95), endSpeed: random.uniform(0...0.6)))
        gesture.path.append(.rest(random.uniform(0.02...0.15)))
        gesture.intent = .cancel
    }
}
