import Testing
import TraceFixtures
@testable import PanTraceCore
@testable import PanTraceModel
@testable import PanTraceReports

/// `export actions`' W3C sequence (docs/device.md): durations from rounded
/// times, the rest as a pause, the cancel as a pause and `pointerCancel`.
/// Every expected number is computed by hand from the rules.
@Suite struct PointerActionsTests {
    @Test func workedExample2IsTenMovesOf8Milliseconds() {
        var builder = WorkedExamples.example2Moves
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
        var builder = WorkedExamples.example2Moves
        builder.up(after: 0.2)
        let actions = PointerActions(builder.trace).actions
        #expect(Array(actions.suffix(3)) == [.move(x: 200, y: 200, duration: 8), .pause(duration: 200), .up])
    }

    /// An up that moved is a position sample: a move to it, and no pause.
    @Test func anUpThatMovedIsAMove() {
        var builder = WorkedExamples.example2Moves
        builder.up(after: 0.012, y: 215)
        let actions = PointerActions(builder.trace).actions
        #expect(Array(actions.suffix(2)) == [.move(x: 200, y: 215, duration: 12), .up])
        #expect(actions.count == 14)
    }

    /// An up at the same place and time: no move, no pause.
    @Test func anUpAtTheSamePlaceAndTimeIsOnlyTheLift() {
        var builder = WorkedExamples.example2Moves
        builder.up(after: 0.0004)
        #expect(Array(PointerActions(builder.trace).actions.suffix(2)) == [.move(x: 200, y: 200, duration: 8), .up])
    }

    @Test func aCancelIsAPauseThenPointerCancel() {
        var builder = WorkedExamples.example2Moves
        builder.cancel(after: 0.05)
        #expect(Array(PointerActions(builder.trace).actions.suffix(2)) == [.pause(duration: 50), .cancel])
        var atOnce = WorkedExamples.example2Moves
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

/// The line's numbers are JSONWriter's, whatever fast path writes them.
@Suite struct PointerActionsNumberTests {
    @Test(arguments: [
        0.0, -0.0, 0.5, -0.5, 1, -1, 277.5, -3.5, 42, 0.25, 1e-7, 0.001, 0.0001, 277.333, 1e9 - 0.5, 0.1 + 0.2, 123456789.12345679, 1e15, 4.5e15, -1e21, 0.1, 2.5e-300,
        Double.greatestFiniteMagnitude, 9_007_199_254_740_994,
    ])
    func numbersAreJSONWritersText(value: Double) {
        var bytes: [UInt8] = []
        PointerActions.append(number: value, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == JSONWriter.number(value))
    }

    /// Property: decimals of every kind, and doubles with no short decimal, read as JSONWriter writes them.
    @Test func numbersOfEveryKindAreJSONWritersText() {
        var random = SystemRandomNumberGenerator()
        var values: [Double] = []
        for _ in 0..<10_000 {
            let whole = Double(Int.random(in: -5_000_000...5_000_000, using: &random))
            values.append(whole / 3)
            values.append(whole / 7)
            values.append(whole / 1000)
            values.append(whole / 1_000_000)
            values.append(whole / 1_024)
            values.append(Double.random(in: -1000...1000, using: &random))
            values.append(Double.random(in: 0.0009...0.0011, using: &random))
            values.append(Double(Float.random(in: 0...900, using: &random)))
        }
        var mismatches: [Double] = []
        for value in values {
            var bytes: [UInt8] = []
            PointerActions.append(number: value, to: &bytes)
            if String(decoding: bytes, as: UTF8.self) != JSONWriter.number(value) { mismatches.append(value) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5).map { ($0, JSONWriter.number($0)) })")
    }

    @Test(arguments: [0, 7, -7, 10, 1234567, Int.max, Int.min + 1])
    func integersAreDecimal(value: Int) {
        var bytes: [UInt8] = []
        PointerActions.append(integer: value, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == String(value))
    }
}
