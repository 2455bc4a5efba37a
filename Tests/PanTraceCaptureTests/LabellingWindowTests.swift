import PanTraceCapture
import PanTraceModel
import Testing

/// A finished gesture waits for its label (docs/capture.md), timed by an injected clock.
@Suite struct LabellingWindowTests {
    @Test func aLabelWithinTheWindowIsWritten() throws {
        let folder = try CaptureFolder()
        let clock = ManualClock()
        let recorder = try folder.recorder(clock: clock)  // default window: 10 s
        recorder.record(drag())
        #expect(recorder.heldCount == 1)
        clock.now += 9.999
        #expect(recorder.setIntent(.finish))
        recorder.writeExpired()
        #expect(try folder.traces().isEmpty, "held until the window has passed")
        clock.now += 0.001  // 10 s after the end
        recorder.writeExpired()
        #expect(try folder.traces().map(\.intent) == [.finish])
        #expect(recorder.heldCount == 0)
    }

    @Test func aLabelAfterTheWindowIsRefusedAndTheGestureWrittenWithout() throws {
        let folder = try CaptureFolder()
        let clock = ManualClock()
        let recorder = try folder.recorder(CaptureOptions(labellingWindow: 3), clock: clock)
        recorder.record(drag())
        clock.now += 3
        #expect(!recorder.setIntent(.cancel))
        #expect(try folder.traces().map(\.intent) == [nil])
    }

    @Test func onlyTheGestureThatEndedLastCanBeLabelled() throws {
        let folder = try CaptureFolder()
        let clock = ManualClock()
        let recorder = try folder.recorder(clock: clock)
        recorder.record(drag(start: 100))
        clock.now += 2
        recorder.record(drag(start: 102))
        #expect(recorder.setIntent(.cancel))
        #expect(recorder.setIntent(.finish))  // a later label replaces an earlier one
        recorder.flush()
        #expect(try folder.traces().map(\.intent) == [nil, .finish])
    }

    @Test func aLabelNeverFallsBackToAnOlderGesture() throws {
        // A gesture not sampled (or discarded) ends last: labelling must not
        // reach the earlier one still in its window.
        let folder = try CaptureFolder()
        let clock = ManualClock()
        let recorder = try folder.recorder(CaptureOptions(oneIn: 2, samplingPhase: 0), clock: clock)
        recorder.record(drag(start: 100))  // gesture 1: recorded
        #expect(recorder.setIntent(.finish))
        recorder.record(drag(start: 101))  // gesture 2: not sampled
        #expect(!recorder.setIntent(.cancel))
        var broken = drag(start: 102)  // gesture 3: sampled, discarded
        broken[1].y = .nan
        recorder.record(broken)
        #expect(!recorder.setIntent(.cancel))
        recorder.flush()
        #expect(try folder.traces().map(\.intent) == [.finish])
    }

    @Test func aGestureInProgressDoesNotHideTheOneThatEnded() throws {
        let folder = try CaptureFolder()
        let clock = ManualClock()
        let recorder = try folder.recorder(clock: clock)
        recorder.record(drag(start: 100))
        recorder.record(Array(drag(start: 101).prefix(2)))  // down and a move, still going
        #expect(recorder.setIntent(.cancel))
        #expect(recorder.heldCount == 1)
    }

    @Test func labelsCanBeCleared() throws {
        let folder = try CaptureFolder()
        let recorder = try folder.recorder()
        recorder.record(drag())
        #expect(recorder.setIntent(.finish))
        #expect(recorder.setIntent(nil))
        recorder.flush()
        #expect(try folder.traces().map(\.intent) == [nil])
    }

    @Test func nothingToLabelBeforeAnyGestureEnds() throws {
        let folder = try CaptureFolder()
        let recorder = try folder.recorder()
        #expect(!recorder.setIntent(.finish))
    }

    @Test func expiredGesturesAreWrittenByTheNextEventInTheOrderTheyEnded() throws {
        let folder = try CaptureFolder()
        let clock = ManualClock()
        let recorder = try folder.recorder(CaptureOptions(labellingWindow: 5), clock: clock)
        recorder.record(drag(start: 100))
        clock.now += 1
        recorder.record(drag(start: 101))
        clock.now += 4.5  // the first is 5.5 s old, the second 4.5 s
        recorder.record(TouchEvent(t: 106, x: 0, y: 0, phase: .down)) { plainSheet }
        #expect(try folder.traces().map { withoutRecorder($0.name) } == ["capture-0001-20231114T221320.000Z"])
        #expect(recorder.heldCount == 1)
        clock.now += 0.5
        recorder.writeExpired()
        #expect(try folder.traces().count == 2)
    }

    @Test func flushWritesEverythingHeld() throws {
        let folder = try CaptureFolder()
        let recorder = try folder.recorder()
        recorder.record(drag(start: 100))
        recorder.record(drag(start: 101))
        recorder.flush()
        #expect(try folder.lines().count == 2)
        #expect(!recorder.setIntent(.finish))
    }
}
