import PropertyBased
import Testing
@testable import PanTraceModel

@Suite struct JSONParserTests {
    private func parse(_ text: String) throws(JSONError) -> JSONNode {
        try JSONParser.parse(text)
    }

    private func error(_ text: String) -> JSONError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    private func error(bytes: [UInt8]) -> JSONError? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func parsesScalars() throws {
        #expect(try parse("null").value == .null)
        #expect(try parse(" true ").value == .bool(true))
        #expect(try parse("false").value == .bool(false))
        #expect(try parse(#""h\u00e9llo\n""#).string == "héllo\n")
        #expect(try parse("-12").number == JSONNumber(value: -12, isIntegerLiteral: true))
        #expect(try parse("1.0").number == JSONNumber(value: 1, isIntegerLiteral: false))
        #expect(try parse("2E3").number == JSONNumber(value: 2000, isIntegerLiteral: false))
    }

    @Test func keepsObjectKeysInOrderWithRanges() throws {
        let text = #"  {"b": 1, "a": {"x": [true, null]}, "c": "z"}  "#
        let node = try parse(text)
        let members = try #require(node.members)
        #expect(members.map(\.key) == ["b", "a", "c"])
        let bytes = Array(text.utf8)
        #expect(node.range == 2..<(bytes.count - 2))
        let inner = try #require(node["a"])
        #expect(String(decoding: bytes[inner.range], as: UTF8.self) == #"{"x": [true, null]}"#)
        #expect(members[1].keyOffset == 11)
    }

    @Test(arguments: [
        "0", "-0", "1", "0.008", "300", "-1.5", "1e-7", "123456789012345678901234567890",
        "0.1", "0.30000000000000004", "5e-324", "1.7976931348623157e308", "2.2250738585072014e-308",
        "9007199254740993", "0.000000000000000000000000001", "1e22", "1e23", "4.35", "-0.0",
    ])
    func numbersMatchStrtod(literal: String) throws {
        let number = try #require(try parse(literal).number)
        let expected = try #require(Double(literal))
        #expect(number.value.bitPattern == expected.bitPattern)
    }

    @Test func integerValueAcceptsWholeNumbersOnly() throws {
        #expect(try parse("1.0").number?.integerValue == 1)
        #expect(try parse("1e0").number?.integerValue == 1)
        #expect(try parse("1.5").number?.integerValue == nil)
        #expect(try parse("1e300").number?.integerValue == nil)
    }

    /// 2^53 = 9007199254740992; 2^53 + 1 rounds to it, 2^53 + 2 is a double
    /// but beyond the limit. The literal's digits decide, not its double.
    @Test(arguments: [
        ("0", 0), ("-0", 0), ("7", 7), ("-7", -7), ("7.0", 7), ("7e0", 7), ("70e-1", 7), ("0.7e1", 7), ("7.000000000000000000000000", 7),
        ("0.00000000000000000000000000007e29", 7), ("9007199254740992", 9_007_199_254_740_992), ("-9007199254740992", -9_007_199_254_740_992),
        ("9.007199254740992e15", 9_007_199_254_740_992), ("1e15", 1_000_000_000_000_000),
        ("9007199254740993", nil), ("9007199254740994", nil), ("-9007199254740993", nil), ("9.007199254740993e15", nil),
        ("90071992547409930e-1", nil), ("1e16", nil), ("1e300", nil), ("1.0000000000000000001", nil), ("7.5", nil), ("75e-1", nil),
        ("123456789012345678901234567890", nil), ("0.1", nil),
    ] as [(String, Int?)])
    func integerValueIsExactOrNil(literal: String, expected: Int?) throws {
        let number = try #require(try parse(literal).number)
        #expect(number.integerValue == expected)
        #expect(number.isExactInteger == (expected != nil))
        #expect(JSONNumber.exactInteger(literal: literal.utf8) == expected)
    }

    /// Every integer literal up to 2^60: exact exactly when at most 2^53, and then its own value.
    @Test func integerLiteralsAreExactUpTo2To53() async {
        let limit = UInt64(JSONNumber.exactIntegerLimit)
        let near = Gen<UInt64>.uint64(in: (limit - 1000)...(limit + 1000))
        await propertyCheck(count: 300, input: Gen<UInt64>.uint64(in: 0...(1 << 60)), near) { far, close in
            for n in [far, close] {
                let number = try #require(try parse(String(n)).number)
                #expect(number.isExactInteger == (n <= limit), "\(n)")
                #expect(number.integerValue == (n <= limit ? Int(n) : nil), "\(n)")
                let fraction = try #require(try parse(String(n) + ".000").number)
                #expect(fraction.isExactInteger == (n <= limit), "\(n).000")
            }
        }
    }

    /// An object's members take the room of their number, not a reserve of
    /// eight (8 MiB of `{"":0}` would otherwise cost gigabytes).
    @Test func objectsKeepOnlyTheirMembers() throws {
        let node = try parse(#"[{"a": 0}, {}, {"b": {"c": 1}}]"#)
        let objects = try #require(node.elements).map { $0.members ?? [] }
        #expect(objects.map(\.count) == [1, 0, 1])
        #expect(objects[0].capacity < 4)
        #expect(objects[2].first?.node["c"]?.number?.value == 1)
        // A large object with a duplicate at the end, through the set of keys.
        let keys = (0..<5000).map { #""k\#($0)": 0"# }.joined(separator: ", ")
        #expect(try parse("{" + keys + "}").members?.count == 5000)
        #expect(error("{" + keys + #", "k17": 1}"#)?.reason == #"duplicate key "k17""#)
    }

    /// The doubles of x, y, t are rounded as before: only integer keys care.
    @Test func roundingStaysForDoubles() throws {
        #expect(try parse("9007199254740993").number?.value == 9_007_199_254_740_992)
        #expect(try parse("0.1").number?.value == 0.1)
    }

    @Test(arguments: [
        ("1e999", "not a finite number"), ("-1e999", "not a finite number"),
        ("NaN", "not a finite number"), ("Infinity", "not a finite number"),
        ("-Infinity", "not a finite number"), ("01", "leading zeros"), ("1.", "decimal point"),
        (".5", "expected a value"), ("+1", "expected a value"), ("1e", "exponent"),
        ("{} x", "after the JSON value"), ("[1,]", "expected a value"), ("{\"a\" 1}", "':'"),
        ("{\"a\": 1,}", "string key"), ("[1 2]", "',' or ']'"), ("", "end of input"),
        ("tru", "invalid literal"), ("\"abc", "unterminated string"), ("\"a\\x\"", "invalid escape"),
        ("\"\\ud800\"", "unpaired surrogate"), ("\"\\udc00\"", "unpaired surrogate"),
        ("\"\\u12\"", "four hexadecimal digits"), ("\"a\tb\"", "control character"),
        ("{\"a\": 1, \"a\": 2}", "duplicate key \"a\""),
    ])
    func rejects(text: String, reason: String) throws {
        let failure = try #require(error(text))
        #expect(failure.reason.contains(reason), "\(failure)")
    }

    @Test func errorsCarryOffsetAndPath() throws {
        let failure = try #require(error(#"{"samples": [{"t": 0}, {"t": 1e999}]}"#))
        #expect(failure.path.keyPath == "samples[1].t")
        #expect(failure.offset == 29)
        #expect(failure.description == "samples[1].t: not a finite number (it overflows a double) (column 30)")
        let duplicate = try #require(error(#"{"a": {"b": 1, "b": 2}}"#))
        #expect(duplicate.path.keyPath == "a.b")
        #expect(duplicate.offset == 15)
    }

    @Test func rejectsInvalidUTF8() throws {
        let quote = UInt8(ascii: "\"")
        for bad: [UInt8] in [[0xC3], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF], [0x80]] {
            let failure = try #require(error(bytes: [quote] + bad + [quote]))
            #expect(failure.reason.contains("UTF-8"), "\(bad): \(failure)")
            #expect(failure.offset == 1)
        }
        #expect(error(bytes: [0xFF, 0xFE, 0x00]) != nil)
        #expect(error(bytes: [0xEF, 0xBB, 0xBF, UInt8(ascii: "1")])?.reason.contains("byte order mark") == true)
        let valid = try JSONParser.parse([quote, 0xF0, 0x9F, 0x91, 0x8B, quote])
        #expect(valid.string == "👋")
    }

    @Test func decodesSurrogatePairsAndEscapes() throws {
        #expect(try parse(#""\ud83d\udc4b \/ \b\f\r\t \"\\""#).string == "👋 / \u{08}\u{0C}\r\t \"\\")
    }

    @Test func limitsNesting() throws {
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(error(deep)?.reason.contains("nesting") == true)
        let fine = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(throws: Never.self) { try parse(fine) }
    }

    @Test func detectsDuplicatesInLargeObjects() throws {
        let members = (0..<40).map { "\"k\($0)\": \($0)" }
        #expect(throws: Never.self) { try parse("{" + members.joined(separator: ",") + "}") }
        let failure = error("{" + (members + ["\"k7\": 0"]).joined(separator: ",") + "}")
        #expect(failure?.reason == "duplicate key \"k7\"")
    }
}
