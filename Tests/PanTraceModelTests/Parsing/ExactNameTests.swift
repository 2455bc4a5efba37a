import PropertyBased
import Testing
import TraceFixtures

@testable import PanTraceModel

/// Names are compared as exact Unicode scalar sequences, never by
/// Swift's canonical equivalence.
@Suite struct ExactNameTests {
    static let nfc = "caf\u{E9}"  // é as one scalar
    static let nfd = "cafe\u{301}"  // e + combining acute

    @Test func canonicallyEquivalentSpellingsAreTwoNames() {
        // The trap: Swift's == says these are equal.
        #expect(Self.nfc == Self.nfd)
        #expect(!Self.nfc.isScalarEqual(to: Self.nfd))
        #expect(ExactName(Self.nfc) != ExactName(Self.nfd))
        #expect(Set([ExactName(Self.nfc), ExactName(Self.nfd)]).count == 2)
        // The Kelvin sign U+212A is canonically equivalent to the letter K.
        #expect("\u{212A}" == "K")
        #expect(ExactName("\u{212A}") != ExactName("K"))
        #expect(ExactName(Self.nfc) == ExactName("caf\u{E9}"))
        #expect(Set([ExactName(Self.nfd), ExactName("cafe\u{301}")]).count == 1)
    }

    /// ExactName equality is exactly equality of the scalar arrays, and equal
    /// names hash equally.
    @Test func equalityIsScalarEquality() async {
        let alphabet: [Unicode.Scalar] = ["e", "\u{301}", "\u{E9}", "K", "\u{212A}", "\u{3B}", "\u{37E}", "\u{0}"]
        let word = Gen.int(in: 0...(alphabet.count - 1)).map { alphabet[$0] }.array(of: 0...4)
        await propertyCheck(count: 300, input: word, word) { a, b in
            var first = ""
            first.unicodeScalars.append(contentsOf: a)
            var second = ""
            second.unicodeScalars.append(contentsOf: b)
            #expect((ExactName(first) == ExactName(second)) == (a == b))
            #expect(first.isScalarEqual(to: second) == (a == b))
            if a == b { #expect(ExactName(first).hashValue == ExactName(second).hashValue) }
        }
    }

    @Test func objectKeysAreComparedByScalars() throws {
        // `"\u00E9"` and `"e\u0301"` are two keys; the same spelling twice is a duplicate.
        let two = try JSONParser.parse(#"{"\u00E9": 1, "e\u0301": 2}"#)
        #expect(two.members?.count == 2)
        #expect(two["e\u{301}"]?.number?.value == 2)
        #expect(two["\u{E9}"]?.number?.value == 1)
        #expect(throws: JSONError.self) { try JSONParser.parse(#"{"\u00E9": 1, "\u00E9": 2}"#) }
        // Past 16 keys the parser switches to a set: the same rule there.
        let many = (0..<20).map { #""k\#($0)": 0"# }.joined(separator: ", ")
        #expect(try JSONParser.parse("{" + many + #", "\u00E9": 1, "e\u0301": 2}"#).members?.count == 22)
        #expect(throws: JSONError.self) { try JSONParser.parse("{" + many + #", "e\u0301": 1, "e\u0301": 2}"#) }
    }

    @Test func tracesWithTwoSpellingsOfANameDiffer() throws {
        let nfc = try Trace(jsonLine: TraceLines.exactly(#""name": "caf\u00E9", "width": 1, "height": 1"#))
        let nfd = try Trace(jsonLine: TraceLines.exactly(#""name": "cafe\u0301", "width": 1, "height": 1"#))
        #expect(nfc.name == nfd.name)  // canonically equivalent …
        #expect(nfc != nfd)  // … but two traces
        #expect(Set([nfc, nfd]).count == 2)
        #expect(Array(nfd.name.unicodeScalars) == ["c", "a", "f", "e", "\u{301}"])
    }

    /// NUL is refused by key in a trace's and a config's name, with the file and line.
    @Test func nulInANameIsRefusedByKey() throws {
        let text = TraceLines.minimal() + "\n" + TraceLines.exactly(#""name": "x\u0000", "width": 1, "height": 1"#) + "\n"
        #expect(throws: TraceError(file: "n.jsonl", line: 2, keyPath: "name",
            reason: "must not contain NUL (U+0000), found one at character 2")) {
            try TraceReader(text: text, file: "n.jsonl").readAll()
        }
        let handBuilt = Trace(name: "a\u{0}", width: 1, height: 1,
            samples: [Sample(t: 0, x: 0, y: 0, phase: .down), Sample(t: 1, x: 0, y: 0, phase: .up)])
        #expect(throws: TraceError.self) { try handBuilt.validate() }

        let config = "{\n  \"threshold\": 0.3,\n  \"name\": \"base\\u0000line\"\n}\n"
        #expect(throws: ConfigError(kind: .invalidData, file: "c.json", line: 3, key: "name",
            reason: "must not contain NUL (U+0000), found one at character 5")) {
            try Config(json: Array(config.utf8), file: "c.json")
        }
        var typed = Config()
        #expect(throws: ConfigError.self) { try typed.apply(override: "name=a\u{0}") }
    }

    /// Other controls are allowed in names (stored exactly, escaped when printed).
    @Test func otherControlsAreAllowedInNames() throws {
        let trace = try Trace(jsonLine: TraceLines.exactly(#""name": "a\u001B[2J\tb\n\u0085", "width": 1, "height": 1"#))
        #expect(Array(trace.name.unicodeScalars) == ["a", "\u{1B}", "[", "2", "J", "\t", "b", "\n", "\u{85}"])
        #expect(ExactName.issue(in: "\u{7F}\u{1}", maximumLength: 200) == nil)
    }
}
