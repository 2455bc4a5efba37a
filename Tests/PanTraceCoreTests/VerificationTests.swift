import PanTraceReports
import Testing
import TraceFixtures
@testable import PanTraceCore
@testable import PanTraceModel

/// docs/commands.md §7.12 `pantrace verify`: counts, share, Wilson interval, confusion, mismatches,
/// and the same numbers in the text and JSON reports.
@Suite struct VerificationTests {
    static let samples = [Sample(t: 0, x: 100, y: 100, phase: .down), Sample(t: 0.1, x: 100, y: 200, phase: .up)]
    static let detents = [Detent(name: "large", height: 1), Detent(name: "medium", height: 0.5)]

    static func trace(_ name: String, observed: String, sheet: Bool = false, source: ObservedSource? = nil) -> Trace {
        Trace(
            name: name, width: 393, height: 852, meta: #"{"family":"f"}"#, family: "f",
            detents: sheet ? detents : nil, startDetent: sheet ? "large" : nil,
            observed: Observed(word: observed), observedSource: source, samples: samples)
    }

    /// Five traces, three matched (docs/model.md §2 by hand): finish=finish, cancel≠none, none=none,
    /// medium at medium, large ≠ dismissed.
    static func example() -> Verification {
        var verification = Verification(config: Config())
        verification.add(trace("b", observed: "finish"), outcome: Outcome(decision: .finish, reason: .threshold, percent: 0.6, velocity: 300), releaseHeight: nil)
        verification.add(trace("a", observed: "cancel", source: .device), outcome: Outcome(decision: .none, reason: .neverBegan), releaseHeight: nil)
        verification.add(trace("c", observed: "none"), outcome: Outcome(decision: .none, reason: .neverBegan), releaseHeight: nil)
        verification.add(
            trace("d", observed: "medium", sheet: true, source: .synthetic),
            outcome: Outcome(decision: .cancel, reason: .belowThreshold, percent: 0.4, velocity: 100, detent: "medium"), releaseHeight: 0.55)
        verification.add(
            trace("e", observed: "large", sheet: true), outcome: Outcome(decision: .finish, reason: .flick, percent: 0.3, velocity: 1500),
            releaseHeight: 0.7)
        var unobserved = trace("z", observed: "finish")
        unobserved.observed = nil
        verification.add(unobserved)
        return verification
    }

    @Test func countsShareAndWilsonInterval() throws {
        let v = Self.example()
        #expect(v.checked == 5 && v.matches == 3 && v.mismatchCount == 2 && v.skipped == 1)
        #expect(v.sources == [.app: 3, .device: 1, .synthetic: 1])
        #expect(v.share == 0.6)
        // Wilson score interval of 3 of 5 at z = 1.959964: 0.2307 to 0.8824 (the textbook's numbers).
        let interval = try #require(v.interval)
        #expect(abs(interval.low - 0.2307) < 0.00005)
        #expect(abs(interval.high - 0.8824) < 0.00005)
    }

    @Test func theConfusionTableIsInTheWordsOrder() {
        let v = Self.example()
        // finish, none, cancel, then the detents by height (medium 0.5 before large 1).
        #expect(v.words == ["finish", "none", "cancel", "medium", "large"])
        #expect(v.observedWords == ["finish", "none", "cancel", "medium", "large"])
        #expect(v.simulatedWords == ["finish", "none", "medium"])
        #expect(v.count(observed: "cancel", simulated: "none") == 1)
        #expect(v.count(observed: "large", simulated: "finish") == 1)
        #expect(v.count(observed: "medium", simulated: "medium") == 1)
        #expect(v.count(observed: "finish", simulated: "finish") == 1)
    }

    @Test func mismatchesAreSortedByNameWithTheirDetails() {
        let v = Self.example()
        let sorted = v.mismatchesByName
        #expect(sorted.map(\.trace) == ["a", "e"])
        #expect(sorted[1].simulated == "finish" && sorted[1].detent == nil && sorted[1].releaseHeight == 0.7)
        #expect(sorted[0].releaseHeight == nil && sorted[0].reason == .neverBegan)
    }

    @Test func theReportsCountTheSame() throws {
        let v = Self.example()
        let json = try JSONParser.parse(v.jsonReport())
        #expect(json["checked"]?.number?.value == 5)
        #expect(json["matches"]?.number?.value == 3)
        #expect(json["mismatches"]?.number?.value == 2)
        #expect(json["share"]?.number?.value == 0.6)
        #expect(json["sources"]?["device"]?.number?.value == 1)
        #expect(json["interval"]?.elements?.count == 2)
        #expect(json["confusion"]?.members?.map(\.key) == ["finish", "none", "cancel", "medium", "large"])
        #expect(json["confusion"]?["cancel"]?.members?.map(\.key) == ["finish", "none", "medium"])
        #expect(json["confusion"]?["cancel"]?["none"]?.number?.value == 1)
        let mismatched = try #require(json["mismatched"]?.elements)
        #expect(mismatched.map { $0["trace"]?.string } == ["a", "e"])
        #expect(mismatched[1]["detent"]?.value == .null && mismatched[1]["decision"]?.string == "finish")
        #expect(mismatched[0]["observed"]?.string == "cancel" && mismatched[0]["reason"]?.string == "neverBegan")
        let text = v.textReport(origin: "the defaults", limit: 1)
        #expect(text.contains("matches    3 of 5 (60.0%; 95% interval 23.1%–88.2%); 2 mismatches"))
        #expect(text.contains("app 3, device 1, synthetic 0") == false)
        #expect(text.contains("app 3, device 1, synthetic 1"))
        #expect(text.contains("… and 1 more"))
        let page = v.page(origin: "the defaults")
        #expect(page.contains("id=\"confusion\""))
        #expect(page.contains("data-trace=\"a\"") && page.contains("data-trace=\"e\""))
    }

    @Test func noCheckedTraceHasNoShare() {
        let v = Verification(config: Config())
        #expect(v.share == nil && v.interval == nil)
        #expect(v.jsonReport().contains("\"share\": null, \"interval\": null"))
    }
}
