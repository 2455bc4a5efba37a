import Foundation
import PanTraceCapture
import PanTraceCore
import PanTraceModel
import PropertyBased
import Testing

/// A sheet's detents as the capture library reads them
/// (docs/capture.md "A sheet with detents"): a `UISheetPresentationController`'s resolved
/// detents and `selectedDetentIdentifier` made into the trace's `detents`
/// and `detent`, and every line written with them one that `pantrace
/// record` accepts.
@Suite struct SheetStateTests {
    static let medium = SheetGeometry.Resolved(identifier: "com.apple.UIKit.medium", height: 426)
    static let large = SheetGeometry.Resolved(identifier: "com.apple.UIKit.large", height: 852)
    static let sheet = [Detent(name: "medium", height: 0.5), Detent(name: "large", height: 1)]

    @Test func theSystemDetentsAreMediumAndLargeAsFractionsOfTheContainer() {
        let state = SheetState(SheetGeometry(detents: [Self.medium, Self.large], selectedIdentifier: "com.apple.UIKit.large", containerHeight: 852))
        #expect(state == SheetState(detents: Self.sheet, detent: "large"))
        // A custom detent keeps its identifier; 213 of 852 points is a quarter.
        let custom = SheetGeometry.Resolved(identifier: "peek", height: 213)
        let three = SheetState(SheetGeometry(detents: [custom, Self.medium, Self.large], selectedIdentifier: "peek", containerHeight: 852))
        #expect(three == SheetState(detents: [Detent(name: "peek", height: 0.25)] + Self.sheet, detent: "peek"))
    }

    /// UIKit shows the smallest detent when none is selected; inactive and
    /// empty detents are left out; a detent taller than the container rests at its top.
    @Test func noSelectionIsTheSmallestAndWhatDoesNotResolveIsLeftOut() {
        let state = SheetState(SheetGeometry(
            detents: [Self.large, .init(identifier: "gone", height: nil), .init(identifier: "flat", height: 0), Self.medium],
            selectedIdentifier: nil, containerHeight: 852))
        #expect(state == SheetState(detents: [Detent(name: "large", height: 1), Detent(name: "medium", height: 0.5)], detent: "medium"))
        let tall = SheetState(SheetGeometry(detents: [.init(identifier: "tall", height: 900)], selectedIdentifier: "gone", containerHeight: 852))
        #expect(tall == SheetState(detents: [Detent(name: "tall", height: 1)], detent: "tall"))
        // Two at one height: the selected one stays.
        let twins = SheetState(SheetGeometry(
            detents: [Self.medium, .init(identifier: "half", height: 426), Self.large], selectedIdentifier: "half", containerHeight: 852))
        #expect(twins == SheetState(detents: [Detent(name: "half", height: 0.5), Detent(name: "large", height: 1)], detent: "half"))
        #expect(SheetState(SheetGeometry(detents: [Self.large], selectedIdentifier: nil, containerHeight: 0)) == .none)
        #expect(SheetState(SheetGeometry(detents: [], selectedIdentifier: nil, containerHeight: 852)) == .none)
    }

    /// Written by the capture library, read by `record`'s parser: the detents, the
    /// start, and an intent that names a detent (one the sheet does not have is refused).
    @Test func aSheetsGestureIsWrittenWithItsDetentsAndReadByRecord() throws {
        let folder = try CaptureFolder()
        let recorder = try folder.recorder(CaptureOptions(namePrefix: "sheet", labellingWindow: 10))
        let screen = CaptureScreen(
            width: 393, height: 852,
            sheet: SheetState(SheetGeometry(detents: [Self.medium, Self.large], selectedIdentifier: "com.apple.UIKit.large", containerHeight: 852)))
        recorder.record(drag(), on: screen)
        #expect(!recorder.setIntent(Intent(word: "small")), "no such detent: refused")
        #expect(recorder.setIntent(Intent(word: "medium")))
        recorder.flush()
        let line = try #require(try folder.lines().first)
        #expect(line.contains("\"detents\": {\"medium\": 0.5, \"large\": 1}"), "\(line)")
        let trace = try #require(try folder.traces().first)
        #expect(trace.detents == Self.sheet && trace.startDetent == "large")
        #expect(trace.intent == Intent(word: "medium") && trace.intentSource == .inferred)
        // Simulated as a sheet: it starts and, not dismissed, rests at a detent.
        let outcome = Simulator.simulate(trace, under: Config())
        #expect(outcome.decision == .cancel && outcome.detent == "large", "\(outcome)")
        // Without detents a detent's name is no intent.
        recorder.record(drag(start: 90_000))
        #expect(!recorder.setIntent(Intent(word: "medium")))
    }

    /// Whatever a sheet reports — duplicate heights, names that break the
    /// rules, nine detents, a selection that is gone — the recorder writes a
    /// line `record` accepts, carrying the detents as read, or discards the gesture.
    @Test func everyLineWrittenForASheetIsOneRecordAccepts() async throws {
        let names = ["com.apple.UIKit.medium", "com.apple.UIKit.large", "peek", "finish", "medium", String(repeating: "n", count: 41), "a\u{0}b", "x"]
        let resolved = zip(Gen.int(in: 0...(names.count - 1)), Gen.double(in: -100...1000), Gen.int(in: 0...9))
            .map { name, height, oddity in
                SheetGeometry.Resolved(identifier: names[name], height: oddity == 0 ? nil : oddity == 1 ? .nan : oddity == 2 ? 426 : height.rounded())
            }
        await propertyCheck(count: 200, input: resolved.array(of: 0...9), Gen.int(in: 0...(names.count))) { detents, selected in
            let folder = try CaptureFolder()
            let recorder = try folder.recorder(CaptureOptions(labellingWindow: 0))
            let state = SheetState(SheetGeometry(detents: detents, selectedIdentifier: selected < names.count ? names[selected] : nil, containerHeight: 852))
            recorder.record(drag(), on: CaptureScreen(width: 393, height: 852, sheet: state))
            let traces = try folder.traces()
            #expect(traces.count == recorder.statistics.written && traces.count + recorder.statistics.discarded == 1)
            if let trace = traces.first {
                try trace.validate()
                #expect(trace.detents == (state.detents.isEmpty ? nil : state.detents))
                #expect(trace.startDetent == state.detent)
            } else {
                #expect(Detent.issue(in: state.detents) != nil, "only a sheet that breaks the rules is discarded: \(state)")
            }
            try? FileManager.default.removeItem(at: folder.folder)
        }
    }
}
