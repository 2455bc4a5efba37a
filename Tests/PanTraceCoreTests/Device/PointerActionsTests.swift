import Testing
@testable import PanTraceCore
@testable import PanTraceModel
@testable import PanTraceReports

/// `export actions`' W3C sequence (docs/device.md): durations from rounded
/// times, the rest as a pause, the cancel as a pause and `pointerCancel`.
/// Every expected number is computed by hand from the rules.
@Suite struct PointerActionsTests {
    /// docs/model.md §4.9 example 2: down at y=100, ten moves of 10 pt every 8 ms, up at the last place.
    static var example2: TraceBuilder {
        var builder = TraceBuilder()
        builder.down(y: 100)
        builder.moves(toY: 200, steps: 10, interval: 0.008)
        return builder
    }

    @Test func workedExample2IsTenMovesOf8Milliseconds() {
        var builder = Self.example2
        builder.up()
        let actions = PointerActions(builder.trace).actions
        var expected: [PointerAction] = [.move(x: 200, y: 100, duration: 0), .down]
        for step in 1...10 { expected.append(.move(x: 200, y: 100 + 10 * Double(step), duration: 8)) }
        expected.append(.up)
        #expect(actions == expected)
    }

    /// Moves every 1/60 s: 16.67, 33.33, 50, 66.67, 83.33, 100 ms round to 17, 33,
    /// 50, 67, 83, 100, so the durations are 17, 16, 17, 17, 16, 17 (100 in all,
    /// where rounding each interval would give 6 × 17 = 102).
    @Test func durationsAreDifferencesOfRoundedTimes() {
        var builder = TraceBuilder()
        builder.down(y: 100)
        builder.moves(toY: 160, steps: 6, interval: 1.0 / 60)
        builder.up()
        let durations = PointerActions(builder.trace).actions.compactMap { action -> Int? in
            if case .move(_, _, let duration) = action { return duration }
            return nil
        }
        #expect(durations == [0, 17, 16, 17, 17, 16, 17])
    }

    @Test func timesRoundHalfAwayFromZero() {
        #expect(PointerActions.milliseconds(0.0005) == 1)
        #expect(PointerActions.milliseconds(-0.0005) == -1)
        #expect(PointerActions.milliseconds(0.0015) == 2)
        #expect(PointerActions.milliseconds(0.0004999) == 0)
        #expect(PointerActions.milliseconds(0.008) == 8)
        #expect(PointerActions.milliseconds(1e300) == 9_007_199_254_740_992)
    }

    /// docs/model.md §4.9 example 5: the up 0.2 s after the last move, at the same place: a pause of 200 ms.
    @Test func aRestIsAPauseBeforeTheLift() {
        var builder = Self.example2
        builder.up(after: 0.2)
        let actions = PointerActions(builder.trace).actions
        #expect(Array(actions.suffix(3)) == [.move(x: 200, y: 200, duration: 8), .pause(duration: 200), .up])
    }

    /// An up that moved is a position sample: a move to it, and no pause.
    @Test func anUpThatMovedIsAMove() {
        var builder = Self.example2
        builder.up(after: 0.012, y: 215)
        let actions = PointerActions(builder.trace).actions
        #expect(Array(actions.suffix(2)) == [.move(x: 200, y: 215, duration: 12), .up])
        #expect(actions.count == 14)
    }

    /// An up at the same place and time: no move, no pause.
    @Test func anUpAtTheSamePlaceAndTimeIsOnlyTheLift() {
        var builder = Self.example2
        builder.up(after: 0.0004)
        #expect(Array(PointerActions(builder.trace).actions.suffix(2)) == [.move(x: 200, y: 200, duration: 8), .up])
    }

    @Test func aCancelIsAPauseThenPointerCancel() {
        var builder = Self.example2
        builder.cancel(after: 0.05)
        #expect(Array(PointerActions(builder.trace).actions.suffix(2)) == [.pause(duration: 50), .cancel])
        var atOnce = Self.example2
        atOnce.cancel()
        #expect(Array(PointerActions(atOnce.trace).actions.suffix(2)) == [.pause(duration: 0), .cancel])
    }

    /// The performed trace: the same samples, times in whole milliseconds, one finger.
    @Test func thePerformedTraceHasRoundedTimesAndOneFinger() {
        var builder = TraceBuilder()
        builder.down(t: 0.0004, y: 100, touches: 2)
        builder.move(t: 0.0166, y: 120, touches: 2)
        builder.up(after: 0.1)
        let performed = PointerActions(builder.trace).performed
        #expect(performed.samples.map(\.t) == [0, 0.017, 0.117])
        #expect(performed.samples.map(\.touches) == [1, 1, 1])
        #expect(performed.samples.map(\.y) == [100, 120, 120])
        #expect(performed.width == 400 && performed.height == 800)
    }

    @Test func theLineIsAW3CActionsBody() {
        var builder = TraceBuilder()
        builder.down(y: 100.5)
        builder.move(t: 0.0166, y: 120.25)
        builder.up(after: 0.1)
        let line = PointerActions(builder.trace).jsonLine(trace: "a\"b", width: 400, height: 800, faithful: true)
        #expect(
            line
                == #"{"trace": "a\"b", "width": 400, "height": 800, "faithful": true, "actions": [{"type": "pointer", "id": "finger1", "parameters": {"pointerType": "touch"}, "actions": ["#
                + #"{"type": "pointerMove", "duration": 0, "x": 200, "y": 100.5, "origin": "viewport"}, {"type": "pointerDown", "button": 0}, "#
                + #"{"type": "pointerMove", "duration": 17, "x": 200, "y": 120.25, "origin": "viewport"}, {"type": "pause", "duration": 100}, "#
                + #"{"type": "pointerUp", "button": 0}]}]}"#)
    }

    /// Property: over synthetic traces, the durations add up to the last sample's rounded time minus the first's.
    @Test func durationsAddUpToTheRoundedSpan() {
        for trace in SyntheticCorpus(seed: 3).traces(count: 200) {
            let actions = PointerActions(trace).actions
            let total = actions.reduce(0) { sum, action in
                switch action {
                case .move(_, _, let duration), .pause(let duration): sum + duration
                default: sum
                }
            }
            let span = PointerActions.milliseconds(trace.samples.last?.t ?? 0) - PointerActions.milliseconds(trace.samples[0].t)
            #expect(total == span, "\(trace.name)")
        }
    }
}
