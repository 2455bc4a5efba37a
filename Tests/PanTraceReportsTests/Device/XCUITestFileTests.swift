import Testing
import TraceFixtures
@testable import PanTraceCore
@testable import PanTraceModel
@testable import PanTraceReports

/// The Swift file of `export xcuitest` (docs/device.md): its method names, class names and comments.
@Suite struct XCUITestFileTests {
    @Test func methodNamesAreTestAndTheNamesLettersAndDigits() {
        var names = XCUITestFile.MethodNames()
        #expect(names.unique(for: "flick-0001") == "testflick_0001")
        #expect(names.unique(for: "a-b") == "testa_b")
        #expect(names.unique(for: "a_b") == "testa_b_2")
        #expect(names.unique(for: "a.b") == "testa_b_3")
        #expect(names.unique(for: "a_b_2") == "testa_b_2_2")
        #expect(names.unique(for: "caf\u{E9} 🙂") == "testcaf___")
        #expect(names.unique(for: "line\nbreak") == "testline_break")
    }

    @Test(arguments: [
        ("PantraceGestureTests", true), ("_Sheet2", true), ("Tésts", true), ("class", false), ("Self", false),
        ("_", false), ("1Tests", false), ("a-b", false), ("", false), ("a b", false), ("`x`", false), ("x\n", false),
    ])
    func classNames(name: String, valid: Bool) {
        #expect(XCUITestFile.isClassName(name) == valid)
    }

    /// The comment's first line is the trace's name, safe in a `//` comment.
    @Test func theCommentNamesTheTraceAndWhatItDecides() {
        var builder = WorkedExamples.example2Moves
        builder.up()
        let gesture = DeviceGesture(dragOf: builder.trace, under: Config.with { $0.decision = .velocity })
        let test = XCUITestFile.test(named: "testx", trace: "x", width: 400, height: 800, gesture: gesture)
        let lines = test.split(separator: "\n").map { String($0.drop { $0 == " " }) }
        #expect(lines[0] == "// x")
        #expect(lines[1] == "// simulated: finish/flick, percent 0.1125, velocity 1250.0 pt/s")
        #expect(lines[2] == "// faithful: true")
        #expect(test.contains("CGVector(dx: 0.5, dy: 0.125)"))
        #expect(test.contains("CGVector(dx: 0.5, dy: 0.25)"))
        #expect(test.contains("thenHoldForDuration: 0)"))
        let awkward = XCUITestFile.test(named: "testa", trace: "a\nb", width: 400, height: 800, gesture: gesture)
        #expect(awkward.hasPrefix("\n    // \"a\\nb\"\n"))
    }

    /// docs/model.md §4.10 worked example 6: under `threshold` the sheet stays
    /// `large`, under `velocity` (1000 pt/s) it drops to `medium`. Both are
    /// `cancel`, yet they do not decide alike (a change of detent is a change),
    /// and the comment names the detent.
    @Test func aChangeOfDetentIsNotAlikeAndTheCommentNamesTheDetent() {
        let large = Simulator.simulate(WorkedExamples.example6, under: Config())
        let medium = Simulator.simulate(WorkedExamples.example6, under: .with { $0.decision = .velocity })
        #expect(large.decision == medium.decision)
        #expect(!large.decidesAlike(medium))
        #expect(large.decidesAlike(large))
        #expect(XCUITestFile.summary(of: medium).hasPrefix("cancel/flick, detent medium, percent 0.1125, velocity 1250.0 pt/s"))
        // Without detents the comment is as before.
        let plain = Simulator.simulate(WorkedExamples.example2, under: Config())
        #expect(XCUITestFile.summary(of: plain) == "cancel/belowThreshold, percent 0.1125, velocity 1250.0 pt/s")
    }

    /// docs/device.md "What a device test must set up, and both sides of a
    /// flip": the setup and both runs' results, in the comment and in the actions line.
    @Test func theSetupAndBothSidesAreStated() throws {
        var builder = WorkedExamples.example2Moves
        builder.up()
        let gesture = DeviceGesture(dragOf: builder.trace, under: Config.with { $0.decision = .velocity })
        let setup = DeviceSetup(detent: "medium", scrollOffset: 300)
        let sides = FlipSides(
            baseline: FlipSide(config: "uikit-sheet", decision: .cancel, detent: "large"),
            candidate: FlipSide(config: "stepVelocity=500", decision: .cancel, detent: "medium"))
        let test = XCUITestFile.test(
            named: "testx", trace: "x", width: 400, height: 800, gesture: gesture, setup: setup, sides: sides)
        #expect(test.contains("    // set up: the sheet at medium, the list scrolled 300 pt\n"))
        #expect(test.contains(
            "    // baseline \"uikit-sheet\": rests at large; candidate \"stepVelocity=500\": rests at medium\n"))
        #expect(XCUITestFile.setupWords(DeviceSetup(detent: nil, scrollOffset: 0)).hasPrefix("set up: nothing"))

        let line = PointerActions(builder.trace).jsonLine(
            trace: "x", width: 400, height: 800, faithful: true, setup: setup, sides: sides)
        #expect(line.contains(#""setup": {"detent": "medium", "scrollOffset": 300}"#))
        #expect(line.contains(#""baseline": {"config": "uikit-sheet", "decision": "cancel", "detent": "large"}"#))
        #expect(line.contains(#""candidate": {"config": "stepVelocity=500", "decision": "cancel", "detent": "medium"}"#))
        let plain = PointerActions(builder.trace).jsonLine(
            trace: "x", width: 400, height: 800, faithful: true, setup: DeviceSetup(builder.trace))
        #expect(plain.contains(#""setup": {"detent": null, "scrollOffset": 0}"#))
    }

    /// A sheet's start detent and a list's offset: what the trace starts from.
    @Test func theSetupIsWhereTheTraceStarts() {
        var trace = WorkedExamples.example6
        trace.scrollContent = 2000
        trace.scrollOffset = 300
        let setup = DeviceSetup(trace)
        #expect(setup.detent == trace.startingDetent?.name)
        #expect(setup.detent != nil)
        #expect(setup.scrollOffset == 300)
        trace.scrollContent = 0
        #expect(DeviceSetup(trace).scrollOffset == 0)
    }
}
