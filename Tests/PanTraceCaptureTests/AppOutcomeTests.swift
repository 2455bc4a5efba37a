import PanTraceCapture
import PanTraceCore
import PanTraceModel
import Testing

/// docs/capture.md "What the app did": the recorder takes the app's outcome for the gesture
/// that ended last, independent of its intent, and the words come from what UIKit reports.
@Suite struct AppOutcomeTests {
    static let detents = [Detent(name: "medium", height: 0.5), Detent(name: "large", height: 1)]
    static let sheetScreen = CaptureScreen(width: 393, height: 852, sheet: SheetState(detents: detents, detent: "large"))

    @Test func theOutcomeAndTheIntentAreIndependentAndTheLineSaysApp() throws {
        let folder = try CaptureFolder()
        let clock = ManualClock()
        let recorder = try folder.recorder(clock: clock)
        recorder.record(drag(start: 100))
        #expect(recorder.setObserved(.cancel))
        #expect(recorder.setIntent(.finish))
        clock.now += 1
        recorder.record(drag(start: 102))
        #expect(recorder.setObserved(Observed.none))
        clock.now += 1
        recorder.record(drag(start: 104))
        #expect(recorder.setIntent(.cancel, askedThePerson: true))
        #expect(recorder.setObserved(.finish))
        #expect(recorder.setObserved(nil))  // removes it, and keeps the intent
        recorder.flush()
        let traces = try folder.traces()
        #expect(traces.map(\.observed) == [.cancel, Observed.none, nil])
        #expect(traces.map(\.observedSource) == [.app, .app, nil])
        #expect(traces.map(\.intent) == [.finish, nil, .cancel])
        #expect(try folder.lines()[0].contains(#""observed": "cancel", "observedSource": "app""#))
    }

    @Test func aWordTheSheetDoesNotAllowIsRefused() throws {
        let folder = try CaptureFolder()
        let recorder = try folder.recorder(clock: ManualClock())
        recorder.record(drag(), on: Self.sheetScreen)
        #expect(!recorder.setObserved(.cancel))
        #expect(!recorder.setObserved(Observed.none))
        #expect(!recorder.setObserved(Observed(word: "small")))
        #expect(recorder.setObserved(Observed(word: "medium")))
        recorder.flush()
        let trace = try #require(try folder.traces().first)
        #expect(trace.observed == Observed(word: "medium") && trace.observedSource == .app)
    }

    @Test func nothingHeldNothingSet() throws {
        let folder = try CaptureFolder()
        let recorder = try folder.recorder(clock: ManualClock())
        #expect(!recorder.setObserved(.finish))
    }

    /// What the UIKit adapter reports: a dismissal is `finish`; a settled sheet the detent
    /// selected (UIKit's identifiers named as a trace names them; none selected: the smallest).
    @Test func aSheetsOutcomeFromUIKitsNumbers() {
        #expect(AppOutcome.sheet(dismissed: true, selectedIdentifier: "com.apple.UIKit.large", detents: Self.detents) == .finish)
        #expect(AppOutcome.sheet(dismissed: false, selectedIdentifier: "com.apple.UIKit.medium", detents: Self.detents) == Observed(word: "medium"))
        #expect(AppOutcome.sheet(dismissed: false, selectedIdentifier: nil, detents: Self.detents) == Observed(word: "medium"))
        #expect(AppOutcome.sheet(dismissed: false, selectedIdentifier: "peek", detents: Self.detents) == nil)
    }

    /// The transition coordinator: no transition began is `none`; cancelled or not when the interaction ended.
    @Test func aTransitionsOutcome() {
        #expect(AppOutcome.transition(began: false, cancelled: false) == Observed.none)
        #expect(AppOutcome.transition(began: true, cancelled: true) == .cancel)
        #expect(AppOutcome.transition(began: true, cancelled: false) == .finish)
    }
}
