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

    /// 20,000 names that sanitise alike: each new one takes the next suffix in constant time (quadratic took 17 s).
    @Test func manyNamesThatSanitiseAlikeAreMadeUniqueInLinearTime() {
        var names = XCUITestFile.MethodNames()
        let clock = ContinuousClock()
        var made: [String] = []
        let elapsed = clock.measure {
            for index in 0..<20_000 { made.append(names.unique(for: index.isMultiple(of: 2) ? "x-" : "x.")) }
            made.append(names.unique(for: "x__3"))
            made.append(names.unique(for: "x_"))
        }
        #expect(made.prefix(3) == ["testx_", "testx__2", "testx__3"])
        #expect(made[19_999] == "testx__20000")
        #expect(made[20_000] == "testx__3_2", "a trace whose own name was taken as a suffix")
        #expect(made[20_001] == "testx__20001")
        #expect(Set(made).count == made.count)
        #expect(elapsed < .seconds(5), "\(elapsed)")
    }

    @Test(arguments: [
        ("PantraceGestureTests", true), ("_Sheet2", true), ("Tésts", true), ("class", false), ("Self", false),
        ("_", false), ("1Tests", false), ("a-b", false), ("", false), ("a b", false), ("`x`", false), ("x\n", false),
        // The Swift Programming Language, "Lexical Structure": U+2E2F is in no identifier range (swiftc refuses it),
        // a combining mark may follow a head but not begin a name.
        ("\u{2E2F}", false), ("A\u{2E2F}", false), ("e\u{301}x", true), ("\u{301}x", false), ("A\u{660}", true),
        ("\u{1F600}", true), ("A\u{D7}", false),
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
