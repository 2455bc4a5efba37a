import Testing
import TraceFixtures
@testable import PanTraceModel

/// One invalid trace line: the key path and a fragment of the reason the reader must report.
struct InvalidLine: CustomTestStringConvertible, Sendable {
    var label: String
    var text: String
    var keyPath: String
    var reason: String
    var testDescription: String { label }

    /// Between two valid lines, this one is refused: line 2 of `t.jsonl`, its key path, its reason.
    func expectRefused(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let error = try #require(
            TraceLines.failure(TraceLines.minimal() + "\n" + text + "\n" + TraceLines.minimal()), sourceLocation: sourceLocation)
        #expect(error.file == "t.jsonl", sourceLocation: sourceLocation)
        #expect(error.line == 2, sourceLocation: sourceLocation)
        #expect(error.keyPath == keyPath, sourceLocation: sourceLocation)
        #expect(error.reason.contains(reason), "\(error)", sourceLocation: sourceLocation)
    }
}

/// Every docs/model.md §3 rule, each broken once; the error must name line 2 and the key.
@Suite struct TraceRuleTests {
    typealias L = TraceLines

    static func sampleWith(_ extra: String) -> String {
        L.samples([("0", "down"), ("0.1", "up")], extra: [1: extra])
    }

    static let cases: [InvalidLine] = [
        // Required keys.
        .init(label: "no name", text: L.exactly(#""width": 1, "height": 1"#), keyPath: "name", reason: "required key is missing"),
        .init(label: "no width", text: L.exactly(#""name": "a", "height": 1"#), keyPath: "width", reason: "required key is missing"),
        .init(label: "no height", text: L.exactly(#""name": "a", "width": 1"#), keyPath: "height", reason: "required key is missing"),
        .init(label: "no samples", text: #"{"name": "a", "width": 1, "height": 1}"#, keyPath: "samples", reason: "required key is missing"),
        .init(label: "no t", text: L.minimal(samples: #"[{"x": 0, "y": 0, "phase": "down"}, {"t": 1, "x": 0, "y": 0, "phase": "up"}]"#),
              keyPath: "samples[0].t", reason: "required key is missing"),
        .init(label: "no x", text: L.minimal(samples: #"[{"t": 0, "y": 0, "phase": "down"}, {"t": 1, "x": 0, "y": 0, "phase": "up"}]"#),
              keyPath: "samples[0].x", reason: "required key is missing"),
        .init(label: "no y", text: L.minimal(samples: #"[{"t": 0, "x": 0, "y": 0, "phase": "down"}, {"t": 1, "x": 0, "phase": "up"}]"#),
              keyPath: "samples[1].y", reason: "required key is missing"),
        .init(label: "no phase", text: L.minimal(samples: #"[{"t": 0, "x": 0, "y": 0}, {"t": 1, "x": 0, "y": 0, "phase": "up"}]"#),
              keyPath: "samples[0].phase", reason: "required key is missing"),
        // Unknown keys.
        .init(label: "unknown trace key", text: L.minimal(#""colour": "red""#), keyPath: "colour", reason: "unknown key (allowed: name, width"),
        .init(label: "misspelt trace key", text: L.minimal(#""scrolloffset": 3"#), keyPath: "scrolloffset", reason: "did you mean `scrollOffset`?"),
        .init(label: "unknown sample key", text: L.minimal(samples: sampleWith(#""pressure": 1"#)), keyPath: "samples[1].pressure", reason: "unknown key"),
        .init(label: "misspelt sample key", text: L.minimal(samples: sampleWith(#""touchs": 1"#)), keyPath: "samples[1].touchs", reason: "did you mean `touches`?"),
        // Wrong types.
        .init(label: "string width", text: L.exactly(#""name": "a", "width": "1", "height": 1"#), keyPath: "width", reason: #"expected a number, found a string ("1")"#),
        .init(label: "bool height", text: L.exactly(#""name": "a", "width": 1, "height": true"#), keyPath: "height", reason: "expected a number, found true"),
        .init(label: "null height", text: L.exactly(#""name": "a", "width": 1, "height": null"#), keyPath: "height", reason: "expected a number, found null"),
        .init(label: "numeric name", text: L.exactly(#""name": 5, "width": 1, "height": 1"#), keyPath: "name", reason: "expected a string, found the number 5"),
        .init(label: "string scrollOffset", text: L.minimal(#""scrollOffset": "0""#), keyPath: "scrollOffset", reason: "expected a number"),
        .init(label: "array scrollContent", text: L.minimal(#""scrollContent": []"#), keyPath: "scrollContent", reason: "expected a number, found an array"),
        .init(label: "unknown intent", text: L.minimal(#""intent": "maybe""#), keyPath: "intent", reason: "expected `finish` or `cancel`"),
        .init(label: "null intent", text: L.minimal(#""intent": null"#), keyPath: "intent", reason: "found null"),
        .init(label: "array meta", text: L.minimal(#""meta": [1]"#), keyPath: "meta", reason: "expected an object, found an array"),
        .init(label: "string meta", text: L.minimal(#""meta": "{}""#), keyPath: "meta", reason: "expected an object, found a string"),
        .init(label: "object samples", text: L.minimal(samples: "{}"), keyPath: "samples", reason: "expected an array of samples, found an object"),
        .init(label: "number sample", text: L.minimal(samples: #"[{"t": 0, "x": 0, "y": 0, "phase": "down"}, 3]"#), keyPath: "samples[1]", reason: "expected a sample object"),
        .init(label: "string t", text: L.minimal(samples: L.samples([("\"0\"", "down"), ("1", "up")])), keyPath: "samples[0].t", reason: "expected a number, found a string"),
        .init(label: "unknown phase", text: L.minimal(samples: L.samples([("0", "began"), ("1", "up")])), keyPath: "samples[0].phase", reason: "expected `down`, `move`, `up` or `cancel`"),
        .init(label: "fractional touches", text: L.minimal(samples: sampleWith(#""touches": 1.5"#)), keyPath: "samples[1].touches", reason: "expected an integer ≥ 1, found the number 1.5"),
        .init(label: "string touches", text: L.minimal(samples: sampleWith(#""touches": "1""#)), keyPath: "samples[1].touches", reason: "found a string"),
        .init(label: "bool touches", text: L.minimal(samples: sampleWith(#""touches": true"#)), keyPath: "samples[1].touches", reason: "found true"),
        // 2^53 + 1 = 9007199254740993 is not a double: it would be stored as …992 (docs/safety.md).
        .init(label: "touches beyond 2^53", text: L.minimal(samples: sampleWith(#""touches": 9007199254740993"#)), keyPath: "samples[1].touches",
              reason: "must be an integer ≥ 1 of at most 9007199254740992 (2^53), found a number a double only holds rounded (to 9007199254740992)"),
        .init(label: "touches 1 plus 10^-19", text: L.minimal(samples: sampleWith(#""touches": 1.0000000000000000001"#)), keyPath: "samples[1].touches",
              reason: "found a number a double only holds rounded (to 1)"),
        .init(label: "touches 1e300", text: L.minimal(samples: sampleWith(#""touches": 1e300"#)), keyPath: "samples[1].touches", reason: "of at most 9007199254740992 (2^53)"),
        // Non-finite numbers.
        .init(label: "overflowing width", text: L.exactly(#""name": "a", "width": 1e999, "height": 1"#), keyPath: "width", reason: "not a finite number"),
        .init(label: "overflowing x", text: L.minimal(samples: #"[{"t": 0, "x": -1e400, "y": 0, "phase": "down"}, {"t": 1, "x": 0, "y": 0, "phase": "up"}]"#),
              keyPath: "samples[0].x", reason: "not a finite number"),
        .init(label: "NaN y", text: L.minimal(samples: #"[{"t": 0, "x": 0, "y": NaN, "phase": "down"}, {"t": 1, "x": 0, "y": 0, "phase": "up"}]"#),
              keyPath: "samples[0].y", reason: "not a finite number"),
        .init(label: "Infinity t", text: L.minimal(samples: L.samples([("0", "down"), ("Infinity", "up")])), keyPath: "samples[1].t", reason: "not a finite number"),
        // Value rules.
        .init(label: "zero width", text: L.exactly(#""name": "a", "width": 0, "height": 1"#), keyPath: "width", reason: "must be a finite number > 0, found 0"),
        .init(label: "negative height", text: L.exactly(#""name": "a", "width": 1, "height": -2.5"#), keyPath: "height", reason: "must be a finite number > 0, found -2.5"),
        .init(label: "negative scrollContent", text: L.minimal(#""scrollContent": -1"#), keyPath: "scrollContent", reason: "must be a finite number ≥ 0, found -1"),
        .init(label: "empty name", text: L.exactly(#""name": "", "width": 1, "height": 1"#), keyPath: "name", reason: "must be 1–200 characters, found 0"),
        .init(label: "long name", text: L.exactly(#""name": "\#(String(repeating: "n", count: 201))", "width": 1, "height": 1"#),
              keyPath: "name", reason: "must be 1–200 characters, found 201"),
        .init(label: "NUL in the name", text: L.exactly(#""name": "ab\u0000c", "width": 1, "height": 1"#),
              keyPath: "name", reason: "must not contain NUL (U+0000), found one at character 3"),
        .init(label: "NUL as the name", text: L.exactly(#""name": "\u0000", "width": 1, "height": 1"#),
              keyPath: "name", reason: "must not contain NUL"),
        .init(label: "one sample", text: L.minimal(samples: #"[{"t": 0, "x": 0, "y": 0, "phase": "down"}]"#), keyPath: "samples", reason: "needs at least 2 samples, found 1"),
        .init(label: "empty samples", text: L.minimal(samples: "[]"), keyPath: "samples", reason: "needs at least 2 samples, found 0"),
        .init(label: "first not down", text: L.minimal(samples: L.samples([("0", "move"), ("1", "up")])), keyPath: "samples[0].phase", reason: "the first sample must be `down`, found `move`"),
        .init(label: "last not up", text: L.minimal(samples: L.samples([("0", "down"), ("1", "move")])), keyPath: "samples[1].phase", reason: "the last sample must be `up` or `cancel`, found `move`"),
        .init(label: "up in the middle", text: L.minimal(samples: L.samples([("0", "down"), ("1", "up"), ("2", "up")])), keyPath: "samples[1].phase", reason: "must be `move`"),
        .init(label: "second down", text: L.minimal(samples: L.samples([("0", "down"), ("1", "down"), ("2", "up")])), keyPath: "samples[1].phase", reason: "found `down`"),
        .init(label: "zero touches", text: L.minimal(samples: sampleWith(#""touches": 0"#)), keyPath: "samples[1].touches", reason: "must be an integer ≥ 1, found 0"),
        .init(label: "time backwards", text: L.minimal(samples: L.samples([("0.5", "down"), ("0.4", "up")])), keyPath: "samples[1].t", reason: "time goes backwards (0.4 after 0.5)"),
        // Not a trace at all.
        .init(label: "top-level array", text: "[1, 2]", keyPath: "", reason: "expected a JSON object (one trace per line), found an array"),
        .init(label: "top-level string", text: #""trace""#, keyPath: "", reason: "found a string"),
        .init(label: "top-level number", text: "42", keyPath: "", reason: "found the number 42"),
        .init(label: "truncated JSON", text: #"{"name": "a", "width": 1"#, keyPath: "", reason: "invalid JSON: expected ',' or '}', found end of input (column 25)"),
        .init(label: "trailing garbage", text: L.minimal() + " x", keyPath: "", reason: "invalid JSON: unexpected 'x' after the JSON value"),
        .init(label: "two traces on a line", text: L.minimal() + L.minimal(), keyPath: "", reason: "after the JSON value"),
        .init(label: "duplicate key", text: L.exactly(#""name": "a", "width": 1, "height": 1, "width": 2"#), keyPath: "width", reason: "duplicate key \"width\""),
        .init(label: "control character", text: L.exactly("\"name\": \"a\u{07}b\", \"width\": 1, \"height\": 1"), keyPath: "name", reason: "control character byte 0x07"),
        .init(label: "binary garbage", text: "\u{00}\u{01}\u{02}garbage", keyPath: "", reason: "unexpected byte 0x00, expected a value (column 1)"),
    ]

    @Test(arguments: cases)
    func rejects(_ invalid: InvalidLine) throws {
        try invalid.expectRefused()
    }

    @Test func rejectsInvalidUTF8() throws {
        var bytes = Array(TraceLines.minimal().utf8) + [0x0A]
        bytes += Array(#"{"name": "a"#.utf8) + [0xC3, 0x28] + Array(#"", "width": 1}"#.utf8)
        do {
            _ = try TraceReader(bytes: bytes, file: "u.jsonl").readAll()
            Issue.record("expected an error")
        } catch let error as TraceError {
            #expect(error.description == "u.jsonl:2: name: invalid JSON: invalid UTF-8 sequence (column 12)")
        }
        let lone: [UInt8] = [0xFF, 0xFE, 0x7B, 0x7D]
        #expect(throws: TraceError.self) { try TraceReader(bytes: lone).readAll() }
    }

    @Test func validateChecksHandBuiltTraces() throws {
        let samples = [Sample(t: 0, x: 0, y: 0, phase: .down), Sample(t: 1, x: 0, y: .nan, phase: .up)]
        let bad = Trace(name: "n", width: 1, height: 1, samples: samples)
        #expect(throws: TraceError(keyPath: "samples[1].y", reason: "must be a finite number, found nan")) { try bad.validate() }
        var infiniteWidth = bad
        infiniteWidth.width = .infinity
        #expect(throws: TraceError(keyPath: "width", reason: "must be a finite number > 0, found inf")) { try infiniteWidth.validate() }
        var badMeta = Trace(name: "n", width: 1, height: 1, meta: "[1]", samples: [samples[0], Sample(t: 1, x: 0, y: 0, phase: .up)])
        #expect(throws: TraceError(keyPath: "meta", reason: "must be a JSON object, found an array")) { try badMeta.validate() }
        badMeta.meta = #"{"a": 1} extra"#
        #expect(throws: TraceError.self) { try badMeta.validate() }
        badMeta.meta = #"{"a": 1}"#
        #expect(throws: Never.self) { try badMeta.validate() }
    }
}
