import PanTraceCapture
import PanTraceCore
import PanTraceModel
import Testing

/// docs/capture.md "Where a label came from": an inferred label is
/// `inferred`, one the person gave when asked is `person`.
@Suite struct LabelSourceTests {
    @Test func anInferredLabelIsInferredAndAnAnswerIsAPersons() throws {
        let folder = try CaptureFolder()
        let clock = ManualClock()
        let recorder = try folder.recorder(clock: clock)
        recorder.record(drag(start: 100))
        #expect(recorder.setIntent(.cancel))
        clock.now += 1
        recorder.record(drag(start: 102))
        #expect(recorder.setIntent(.finish, askedThePerson: true))
        clock.now += 1
        recorder.record(drag(start: 104))
        #expect(recorder.setIntent(.finish, askedThePerson: true))
        #expect(recorder.setIntent(nil))  // removes the label and its source
        recorder.flush()
        let traces = try folder.traces()
        #expect(traces.map(\.intent) == [.cancel, .finish, nil])
        #expect(traces.map(\.intentSource) == [.inferred, .person, nil])
    }

    /// A later label replaces the source with it.
    @Test func aLaterLabelReplacesTheSource() throws {
        let folder = try CaptureFolder()
        let recorder = try folder.recorder(clock: ManualClock())
        recorder.record(drag())
        #expect(recorder.setIntent(.cancel, askedThePerson: true))
        #expect(recorder.setIntent(.cancel))
        recorder.flush()
        #expect(try folder.traces().map(\.intentSource) == [.inferred])
    }
}
