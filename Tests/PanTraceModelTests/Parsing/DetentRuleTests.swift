import Testing
import TraceFixtures
@testable import PanTraceModel

/// docs/model.md §3 on `detents`, `detent` and intents naming a detent: each
/// bad value refused naming line 2 and the key.
@Suite struct DetentTraceRuleTests {
    typealias L = TraceLines
    static let sheet = #""detents": {"medium": 0.5, "large": 1}"#

    static let cases: [InvalidLine] = [
        .init(label: "height 0", text: L.minimal(#""detents": {"medium": 0}"#), keyPath: "detents.medium", reason: "> 0 and ≤ 1"),
        .init(label: "height 1.5", text: L.minimal(#""detents": {"tall": 1.5}"#), keyPath: "detents.tall", reason: "found 1.5"),
        .init(label: "height text", text: L.minimal(#""detents": {"tall": "1"}"#), keyPath: "detents.tall", reason: "expected a height"),
        .init(label: "duplicate height", text: L.minimal(#""detents": {"a": 0.5, "b": 0.5}"#), keyPath: "detents.b", reason: "no two heights"),
        .init(label: "nine detents", text: L.minimal(#""detents": {"a": 0.1, "b": 0.2, "c": 0.3, "d": 0.4, "e": 0.5, "f": 0.6, "g": 0.7, "h": 0.8, "i": 0.9}"#),
              keyPath: "detents", reason: "1–8 detents, found 9"),
        .init(label: "no detents", text: L.minimal(#""detents": {}"#), keyPath: "detents", reason: "found 0"),
        .init(label: "not an object", text: L.minimal(#""detents": [0.5]"#), keyPath: "detents", reason: "expected an object"),
        .init(label: "named finish", text: L.minimal(#""detents": {"finish": 0.5}"#), keyPath: "detents.finish", reason: "cannot name a detent"),
        .init(label: "named cancel", text: L.minimal(#""detents": {"cancel": 1}"#), keyPath: "detents.cancel", reason: "cannot name a detent"),
        .init(label: "empty name", text: L.minimal(#""detents": {"": 1}"#), keyPath: "detents.", reason: "1–40 characters"),
        .init(label: "long name", text: L.minimal(#""detents": {"\#(String(repeating: "x", count: 41))": 1}"#),
              keyPath: "detents." + String(repeating: "x", count: 41), reason: "1–40 characters, found 41"),
        .init(label: "start not a detent", text: L.minimal(sheet + #", "detent": "half""#), keyPath: "detent", reason: "not one of the detents"),
        .init(label: "detent without detents", text: L.minimal(#""detent": "large""#), keyPath: "detent", reason: "only with `detents`"),
        .init(label: "intent naming no detent", text: L.minimal(sheet + #", "intent": "half""#), keyPath: "intent", reason: "found \"half\""),
        .init(label: "detent intent without detents", text: L.minimal(#""intent": "large""#), keyPath: "intent", reason: "only for a trace with `detents`"),
    ]

    @Test(arguments: cases)
    func rejects(_ invalid: InvalidLine) throws {
        try invalid.expectRefused()
    }

    @Test func readsAndWritesDetents() throws {
        let line = L.minimal(Self.sheet + #", "intent": "medium""#)
        let trace = try #require(try TraceReader(bytes: Array(line.utf8)).readAll().first?.trace)
        #expect(trace.detents == [Detent(name: "medium", height: 0.5), Detent(name: "large", height: 1)])
        // Without `detent`, the sheet starts at the tallest.
        #expect(trace.startDetent == "large")
        #expect(trace.intent?.detentName == "medium")
        let again = try #require(try TraceReader(bytes: Array(trace.jsonLine().utf8)).readAll().first?.trace)
        #expect(again == trace)
        #expect(trace.jsonLine().contains(#""detents": {"medium": 0.5, "large": 1}, "detent": "large", "intent": "medium""#))
    }
}
