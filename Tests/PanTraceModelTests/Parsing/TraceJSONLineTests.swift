import PropertyBased
import Testing
import TraceFixtures
@testable import PanTraceModel

@Suite struct TraceJSONLineTests {
    @Test func writesTheCanonicalLine() throws {
        let trace = try Trace(jsonLine: TraceLines.specExample)
        #expect(trace.jsonLine() == #"""
            {"name": "flick-0001", "width": 393, "height": 852, "scrollOffset": 0, "scrollContent": 0, "intent": "finish", "intentSource": "person", "meta": {"family": "flick", "seed": 7}, "samples": [{"t": 0, "x": 200, "y": 300, "phase": "down", "touches": 1}, {"t": 0.008, "x": 200, "y": 311, "phase": "move", "touches": 1}, {"t": 0.016, "x": 201, "y": 329, "phase": "move", "touches": 1}, {"t": 0.024, "x": 201, "y": 329, "phase": "up", "touches": 1}]}
            """#)
    }

    @Test func leavesOutAbsentIntentAndMeta() throws {
        let trace = Trace(
            name: "a\"b\\c\u{1}", width: 0.5, height: 1e-7, scrollOffset: -12.25, scrollContent: 2000,
            samples: [Sample(t: 0, x: -0.0, y: 1e300, phase: .down, touches: 2), Sample(t: 0, x: 1, y: 2, phase: .cancel)])
        let line = trace.jsonLine()
        #expect(line == #"""
            {"name": "a\"b\\c\u0001", "width": 0.5, "height": 1e-7, "scrollOffset": -12.25, "scrollContent": 2000, "samples": [{"t": 0, "x": -0, "y": 1e300, "phase": "down", "touches": 2}, {"t": 0, "x": 1, "y": 2, "phase": "cancel", "touches": 1}]}
            """#)
        let parsed = try Trace(jsonLine: line)
        #expect(parsed == trace)
        #expect(parsed.samples[0].x.sign == .minus)
    }

    @Test func keepsMetaVerbatimOnOneLine() throws {
        let samples = [Sample(t: 0, x: 0, y: 0, phase: .down), Sample(t: 1, x: 0, y: 0, phase: .up)]
        let compact = Trace(name: "m", width: 1, height: 1, meta: #"{"family":"x","n":[1.50,null]}"#, family: "x", samples: samples)
        #expect(try Trace(jsonLine: compact.jsonLine()) == compact)
        let pretty = Trace(name: "m", width: 1, height: 1, meta: "{\n  \"a\": 1\r\n}", samples: samples)
        let line = pretty.jsonLine()
        #expect(!line.contains("\n") && !line.contains("\r"))
        #expect(try Trace(jsonLine: line).meta == "{   \"a\": 1  }")
    }

    /// Finite doubles of every magnitude, including the awkward ones.
    static let anyFinite = Gen<UInt64>.value(in: 0...UInt64.max).map { bits in
        let value = Double(bitPattern: bits)
        return value.isFinite ? value : 0
    }

    static let sampleStep = zip(Gen.double(in: 0...0.05), anyFinite, Gen.double(in: -3000...3000), Gen.int(in: 1...4))

    static let metas: [String?] = [nil, "{}", #"{"family": "flick", "seed": 7}"#, #"{"family": 3, "deep": {"a": [null, true, "é\n"]}}"#]

    static let traceGenerator = zip(
        Gen.character(in: " "..."\u{2FF}").string(of: 1...40), Gen.double(in: 0.001...5000), anyFinite,
        Gen.double(in: 0...5000), Gen<Intent>.case.optional, Gen.int(in: 0...(metas.count - 1)),
        sampleStep.array(of: 2...40), Gen.bool
    ).map { name, width, scrollOffset, scrollContent, intent, metaIndex, steps, cancels in
        var t = 0.0
        let samples = steps.enumerated().map { index, step in
            t += step.0
            let phase: Phase = index == 0 ? .down : index == steps.count - 1 ? (cancels ? .cancel : .up) : .move
            return Sample(t: t, x: step.1, y: step.2, phase: phase, touches: step.3)
        }
        let meta = metas[metaIndex]
        let family: String? = meta.flatMap { try? JSONParser.parse($0)["family"]?.string }
        return Trace(
            name: name, width: width, height: width * 2, scrollOffset: scrollOffset, scrollContent: scrollContent,
            intent: intent, meta: meta, family: family, samples: samples)
    }

    @Test func parsingTheLineGivesTheTraceBackBitForBit() async {
        await propertyCheck(count: 200, input: Self.traceGenerator) { trace in
            let line = trace.jsonLine()
            guard let parsed = try? Trace(jsonLine: line) else {
                Issue.record("does not parse: \(line)")
                return
            }
            #expect(parsed == trace)
            let bits = { (trace: Trace) in
                [trace.width, trace.height, trace.scrollOffset, trace.scrollContent].map(\.bitPattern)
                    + trace.samples.flatMap { [$0.t, $0.x, $0.y].map(\.bitPattern) }
            }
            #expect(bits(parsed) == bits(trace))
            #expect(parsed.jsonLine() == line)
        }
    }
}
