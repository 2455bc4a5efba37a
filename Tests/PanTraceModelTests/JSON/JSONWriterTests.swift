import PropertyBased
import Testing
@testable import PanTraceModel

@Suite struct JSONWriterTests {
    @Test(arguments: [
        (300.0, "300"), (0.008, "0.008"), (-1.5, "-1.5"), (1e-7, "1e-7"), (0, "0"), (-0.0, "-0"),
        (1e16, "1e16"), (1.5e300, "1.5e300"), (123456789012345680, "1.2345678901234568e17"),
        (.leastNonzeroMagnitude, "5e-324"), (0.1, "0.1"), (393, "393"), (-2.5e-10, "-2.5e-10"), (1e15, "1000000000000000"),
    ])
    func formatsNumbers(value: Double, text: String) {
        #expect(JSONWriter.number(value) == text)
    }

    @Test func wholeNumbersMatchSwiftsShortestDigits() async {
        // The integer fast path must write what Swift's description does, minus `.0`.
        await propertyCheck(count: 500, input: Gen.int(in: -(1 << 53)...(1 << 53))) { integer in
            let value = Double(integer)
            let described = value.description
            #expect(JSONWriter.number(value) + (described.contains("e") ? "" : ".0") == described
                || described.contains("e"), "\(value)")
        }
        #expect(JSONWriter.number(9_007_199_254_740_992) == "9007199254740992")
        #expect(JSONWriter.number(1e16) == "1e16")
    }

    @Test func writesNonFiniteAsNull() {
        #expect(JSONWriter.number(.infinity) == "null")
        #expect(JSONWriter.number(.nan) == "null")
    }

    @Test func numbersRoundTripBitExactly() async {
        await propertyCheck(count: 500, input: Gen.double(in: -1e6...1e6)) { value in
            let text = JSONWriter.number(value)
            let parsed = try? JSONParser.parse(text).number?.value
            #expect(parsed?.bitPattern == value.bitPattern, "\(value) → \(text)")
        }
        await propertyCheck(count: 500, input: Gen<UInt64>.value(in: 0...UInt64.max)) { bits in
            let value = Double(bitPattern: bits)
            guard value.isFinite else { return }
            let parsed = try? JSONParser.parse(JSONWriter.number(value)).number?.value
            #expect(parsed?.bitPattern == value.bitPattern, "\(value)")
        }
    }

    @Test func escapesStrings() throws {
        #expect(JSONWriter.string("plain") == "\"plain\"")
        #expect(JSONWriter.string("a\"b\\c\nd\u{01}é👋") == #""a\"b\\c\nd\u0001é👋""#)
        let tricky = "\t\r\u{08}\u{0C}\u{1F}\"/\\ ü"
        #expect(try JSONParser.parse(JSONWriter.string(tricky)).string == tricky)
    }
}
