import Testing

@testable import PanTraceModel

/// `intentSource` (docs/model.md "Evidence"): read, checked, written, generated.
@Suite struct IntentSourceTests {
    static func line(_ extra: String) -> String {
        #"{"name": "a", "width": 393, "height": 852\#(extra), "samples": [{"t": 0, "x": 1, "y": 2, "phase": "down"}, {"t": 0.1, "x": 1, "y": 2, "phase": "up"}]}"#
    }

    @Test func anIntentWithoutASourceIsAPersons() throws {
        let trace = try Trace(jsonLine: Self.line(#", "intent": "cancel""#))
        #expect(trace.intentSource == .person)
        #expect(trace.labelSource == .person)
        #expect(trace.jsonLine().contains(#""intent": "cancel", "intentSource": "person""#))
    }

    @Test(arguments: IntentSource.allCases)
    func everySourceIsReadAndWrittenBack(source: IntentSource) throws {
        let trace = try Trace(jsonLine: Self.line(#", "intent": "finish", "intentSource": "\#(source.rawValue)""#))
        #expect(trace.intentSource == source)
        let again = try Trace(jsonLine: trace.jsonLine())
        #expect(again == trace)
        #expect(again.intentSource == source)
    }

    @Test func noIntentNoSource() throws {
        let trace = try Trace(jsonLine: Self.line(""))
        #expect(trace.intentSource == nil)
        #expect(trace.labelSource == nil)
        #expect(!trace.jsonLine().contains("intentSource"))
    }

    @Test func aSourceWithoutAnIntentIsRefusedNamingTheKey() {
        let reader = TraceReader(text: Self.line("") + "\n" + Self.line(#", "intentSource": "person""#), file: "x.jsonl")
        #expect {
            _ = try reader.readAll()
        } throws: { error in
            let error = error as? TraceError
            return error?.line == 2 && error?.keyPath == "intentSource" && error?.file == "x.jsonl"
                && "\(error.map { "\($0)" } ?? "")".contains("only with `intent`")
        }
    }

    @Test(arguments: [#""people""#, #""Person""#, "1", "null"])
    func anUnknownSourceIsRefusedNamingTheKey(value: String) {
        #expect {
            _ = try Trace(jsonLine: Self.line(#", "intent": "finish", "intentSource": \#(value)"#))
        } throws: { error in
            let error = error as? TraceError
            return error?.keyPath == "intentSource" && "\(error.map { "\($0)" } ?? "")".contains("`person`, `inferred` or `synthetic`")
        }
    }

    /// A hand-built trace's intent without a source equals the same trace read from a file.
    @Test func aBuiltTraceEqualsItsLine() throws {
        let built = Trace(
            name: "a", width: 393, height: 852, intent: .finish,
            samples: [Sample(t: 0, x: 1, y: 2, phase: .down), Sample(t: 0.1, x: 1, y: 2, phase: .up)])
        #expect(try Trace(jsonLine: built.jsonLine()) == built)
        var other = built
        other.intentSource = .inferred
        #expect(other != built)
    }
}

/// docs/model.md "Times in milliseconds".
@Suite struct TimeUnitSuspicionTests {
    static func trace(times: [Double]) -> Trace {
        let samples = times.enumerated().map { index, t in
            Sample(t: t, x: 0, y: Double(index) * 10, phase: index == 0 ? .down : index == times.count - 1 ? .up : .move)
        }
        return Trace(name: "t", width: 393, height: 852, samples: samples)
    }

    @Test func secondsAreNotSuspect() {
        #expect(Self.trace(times: [0, 0.008, 0.016, 0.4]).timeUnitSuspicion == nil)
        // A long, slow drag: 59 s with samples 0.5 s apart is still seconds.
        #expect(Self.trace(times: stride(from: 0, through: 59, by: 0.5).map { $0 }).timeUnitSuspicion == nil)
        // Exactly at the limits is not past them.
        #expect(Self.trace(times: [0, 30, 60]).timeUnitSuspicion?.contains("apart") == true)
        #expect(Self.trace(times: [0, 1, 2]).timeUnitSuspicion == nil)
        #expect(Self.trace(times: stride(from: 0, through: 60, by: 0.5).map { $0 }).timeUnitSuspicion == nil)
    }

    @Test func millisecondsAreSuspect() throws {
        // A 400 ms drag written in milliseconds: 400 "seconds".
        let long = try #require(Self.trace(times: [0, 8, 16, 400]).timeUnitSuspicion)
        #expect(long.contains("span 400 s") && long.contains("milliseconds"))
        // A short one: 3 samples over 2.5 "seconds" is over 1 s apart on average.
        let sparse = try #require(Self.trace(times: [0, 1.2, 2.5]).timeUnitSuspicion)
        #expect(sparse.contains("1.25 s apart on average"))
    }
}
