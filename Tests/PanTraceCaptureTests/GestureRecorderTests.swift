import Foundation
import PanTraceCapture
import PanTraceModel
import Testing

/// The recorder turns event streams into docs/model.md §3 traces (docs/capture.md).
@Suite struct GestureRecorderTests {
    /// A window of 0 writes each gesture as soon as it ends.
    static let immediate = CaptureOptions(namePrefix: "sheet", labellingWindow: 0)

    /// A fresh folder and a recorder into it that writes each gesture as it ends.
    static func immediateRecorder(clock: ManualClock = ManualClock()) throws -> (CaptureFolder, GestureRecorder) {
        let folder = try CaptureFolder()
        return (folder, try folder.recorder(immediate, clock: clock))
    }

    @Test func bootTimeClockBecomesTimesFromTheDown() throws {
        let (folder, recorder) = try Self.immediateRecorder()
        // docs/model.md §3's example trace, its times shifted onto a boot-time clock.
        let boot = 81_234.567
        recorder.record([
            TouchEvent(t: boot, x: 200, y: 300, phase: .down),
            TouchEvent(t: boot + 0.008, x: 200, y: 311, phase: .move),
            TouchEvent(t: boot + 0.016, x: 201, y: 329, phase: .move),
            TouchEvent(t: boot + 0.024, x: 201, y: 329, phase: .up),
        ])
        let trace = try #require(try folder.traces().first)
        // 81234.567 + 0.008 − 81234.567 is 0.00799999999 in doubles; whole
        // nanoseconds give back docs/model.md §3's 0.008, 0.016 and 0.024 exactly.
        #expect(trace.samples == [
            Sample(t: 0, x: 200, y: 300, phase: .down),
            Sample(t: 0.008, x: 200, y: 311, phase: .move),
            Sample(t: 0.016, x: 201, y: 329, phase: .move),
            Sample(t: 0.024, x: 201, y: 329, phase: .up),
        ])
        #expect(trace.width == 393 && trace.height == 852)
        #expect(trace.scrollOffset == 0 && trace.scrollContent == 0)
        #expect(trace.intent == nil)
        #expect(recorder.statistics.written == 1)
    }

    @Test func nameHasPrefixSequenceAndUTCTime() throws {
        let clock = ManualClock()
        let (folder, recorder) = try Self.immediateRecorder(clock: clock)
        recorder.record(drag())
        clock.wallTime += 61.25  // 22:14:21.250
        recorder.record(drag(start: 81_300))
        // 1,700,000,000 s after 1970 is 2023-11-14 22:13:20 UTC.
        let names = try folder.traces().map(\.name)
        #expect(names.map(withoutRecorder) == ["sheet-0001-20231114T221320.000Z", "sheet-0002-20231114T221421.250Z"])
        // One recorder, one id.
        #expect(Set(names.map { $0.suffix(8) }).count == 1)
    }

    @Test func metaHasSourceInteractionAndTheAppsKeysInOrder() throws {
        let folder = try CaptureFolder()
        var options = Self.immediate
        options.interaction = .swipeBack
        options.meta = ["screenScale": 3, "appVersion": "2.4.1", "beta": false, "ratio": 0.5]
        let recorder = try folder.recorder(options)
        recorder.record(drag())
        let trace = try #require(try folder.traces().first)
        #expect(trace.meta == #"{"source": "PanTraceCapture", "interaction": "swipe-back", "appVersion": "2.4.1", "beta": false, "ratio": 0.5, "screenScale": 3}"#)
    }

    @Test func scrollStateAndContainerAreReadAtTheDownOnly() throws {
        let (folder, recorder) = try Self.immediateRecorder()
        var reads = 0
        let events = drag()
        for event in events {
            recorder.record(event) {
                reads += 1
                return CaptureScreen(width: 390, height: 844, scroll: ScrollState(offset: 120.5, content: 2400))
            }
        }
        #expect(reads == 1)
        let trace = try #require(try folder.traces().first)
        #expect(trace.width == 390 && trace.height == 844)
        #expect(trace.scrollOffset == 120.5 && trace.scrollContent == 2400)
    }

    @Test func multiTouchCountsAreKept() throws {
        let (folder, recorder) = try Self.immediateRecorder()
        recorder.record([
            TouchEvent(t: 10, x: 100, y: 100, phase: .down, touches: 1),
            TouchEvent(t: 10.25, x: 110, y: 120, phase: .move, touches: 2),
            TouchEvent(t: 10.5, x: 120, y: 140, phase: .move, touches: 3),
            TouchEvent(t: 10.75, x: 120, y: 140, phase: .up, touches: 2),
        ])
        let trace = try #require(try folder.traces().first)
        #expect(trace.samples.map(\.touches) == [1, 2, 3, 2])
        #expect(trace.samples.map(\.t) == [0, 0.25, 0.5, 0.75])
    }

    @Test func cancelEndsTheTraceWithCancel() throws {
        let (folder, recorder) = try Self.immediateRecorder()
        recorder.record(drag(moves: 2, end: .cancel))
        let trace = try #require(try folder.traces().first)
        #expect(trace.samples.map(\.phase) == [.down, .move, .move, .cancel])
    }

    @Test func eventsBeforeADownAreIgnored() throws {
        let (folder, recorder) = try Self.immediateRecorder()
        recorder.record([
            TouchEvent(t: 1, x: 5, y: 5, phase: .move),
            TouchEvent(t: 2, x: 5, y: 5, phase: .up),
        ])
        recorder.record(drag())
        #expect(recorder.statistics.strayEvents == 2)
        #expect(try folder.traces().map { $0.samples.count } == [5])
    }

    @Test func aSecondDownDiscardsTheUnfinishedGesture() throws {
        let (folder, recorder) = try Self.immediateRecorder()
        recorder.record(Array(drag(start: 100).dropLast()))  // lost its up
        recorder.record(drag(start: 200))
        let traces = try folder.traces()
        #expect(traces.map { withoutRecorder($0.name) } == ["sheet-0002-20231114T221320.000Z"])
        #expect(recorder.statistics.discarded == 1)
        #expect(recorder.statistics.written == 1)
    }

    @Test func timesGoingBackAreClampedToThePreviousSample() throws {
        let (folder, recorder) = try Self.immediateRecorder()
        recorder.record([
            TouchEvent(t: 50, x: 0, y: 0, phase: .down),
            TouchEvent(t: 50.5, x: 0, y: 10, phase: .move),
            TouchEvent(t: 50.25, x: 0, y: 20, phase: .move),  // earlier than the previous: clamped to 0.5
            TouchEvent(t: 49, x: 0, y: 30, phase: .up),  // before the down: clamped to 0.5
        ])
        let trace = try #require(try folder.traces().first)
        #expect(trace.samples.map(\.t) == [0, 0.5, 0.5, 0.5])
        #expect(trace.samples.map(\.y) == [0, 10, 20, 30])
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func aValueThatIsNotFiniteDiscardsTheGesture(bad: Double) throws {
        let (folder, recorder) = try Self.immediateRecorder()
        var badTime = drag(start: 100)
        badTime[2].t = bad
        var badPlace = drag(start: 200)
        badPlace[1].x = bad
        var badUp = drag(start: 300)
        badUp[badUp.count - 1].y = bad
        var badDown = drag(start: 400)
        badDown[0].t = bad
        for events in [badTime, badPlace, badUp, badDown] { recorder.record(events) }
        recorder.record(drag(start: 500))  // the recorder goes on afterwards
        #expect(recorder.statistics.discarded == 4)
        #expect(recorder.statistics.strayEvents == 0)
        #expect(try folder.traces().count == 1)
    }

    @Test(arguments: [
        CaptureScreen(width: 0, height: 852), CaptureScreen(width: 393, height: -1),
        CaptureScreen(width: .infinity, height: 852), CaptureScreen(width: 393, height: .nan),
        CaptureScreen(width: 393, height: 852, scroll: ScrollState(offset: .nan, content: 100)),
        CaptureScreen(width: 393, height: 852, scroll: ScrollState(offset: 0, content: -1)),
    ])
    func aScreenTheFormatRejectsDiscardsTheGesture(screen: CaptureScreen) throws {
        let (folder, recorder) = try Self.immediateRecorder()
        recorder.record(drag(), on: screen)
        #expect(recorder.statistics.discarded == 1)
        #expect(try folder.traces().isEmpty)
    }

    @Test func aNegativeScrollOffsetIsKept() throws {
        // docs/model.md §3: scrollOffset is any finite number (content pulled past the top).
        let (folder, recorder) = try Self.immediateRecorder()
        recorder.record(drag(), on: CaptureScreen(width: 393, height: 852, scroll: ScrollState(offset: -12, content: 900)))
        #expect(try folder.traces().first?.scrollOffset == -12)
    }

    @Test func touchCountsBelowOneAreRecordedAsOne() throws {
        let (folder, recorder) = try Self.immediateRecorder()
        recorder.record([
            TouchEvent(t: 0, x: 0, y: 0, phase: .down, touches: 0),
            TouchEvent(t: 0.5, x: 0, y: 9, phase: .up, touches: -3),
        ])
        #expect(try folder.traces().first?.samples.map(\.touches) == [1, 1])
    }

    @Test func aDownAndAnUpMakeTheSmallestTrace() throws {
        let (folder, recorder) = try Self.immediateRecorder()
        recorder.record([TouchEvent(t: 3, x: 1, y: 2, phase: .down), TouchEvent(t: 3, x: 1, y: 2, phase: .up)])
        #expect(try folder.traces().first?.samples.count == 2)
    }

    @Test(arguments: [
        (CaptureOptions(namePrefix: ""), "namePrefix"),
        (CaptureOptions(namePrefix: String(repeating: "p", count: 101)), "namePrefix"),
        (CaptureOptions(labellingWindow: -1), "labellingWindow"),
        (CaptureOptions(labellingWindow: .infinity), "labellingWindow"),
        (CaptureOptions(maximumFileSize: 0), "maximumFileSize"),
        (CaptureOptions(oneIn: 0), "oneIn"),
        (CaptureOptions(oneIn: 3, samplingPhase: 3), "samplingPhase"),
        (CaptureOptions(meta: ["source": "mine"]), "meta"),
        (CaptureOptions(meta: ["x": .number(.nan)]), "meta"),
    ])
    func optionsThatCannotWorkAreRefused(options: CaptureOptions, key: String) throws {
        let folder = try CaptureFolder()
        #expect {
            try folder.recorder(options)
        } throws: { error in
            guard case .invalidOption(let name, _) = error as? CaptureError else { return false }
            return name == key
        }
    }

    @Test func aFileThatCannotBeOpenedIsCountedNotThrown() throws {
        let recorder = try GestureRecorder(
            path: "/nonexistent-folder/gestures.jsonl", options: Self.immediate, clock: ManualClock().captureClock)
        recorder.record(drag())
        #expect(recorder.statistics.failed == 1)
        #expect(recorder.statistics.lastFailure?.hasPrefix("cannot open /nonexistent-folder/gestures.jsonl: ") == true)
    }
}
