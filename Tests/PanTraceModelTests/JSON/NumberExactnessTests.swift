import Foundation
import PropertyBased
import Testing
import TraceFixtures
@testable import PanTraceModel

/// docs/safety.md "Numbers are what they say": the parser reads every number it accepts as the nearest
/// double, or refuses it (65, naming the key).
@Suite struct NumberExactnessTests {
    /// `0.` and 999,999 zeros, then `1e10000000`: 10^9,000,000, which was read as 1.
    static let hugeInDisguise = "0." + String(repeating: "0", count: 999_999) + "1e10000000"

    @Test func aHugeNumberWithManyLeadingZerosIsRefusedAsATraceWidth() throws {
        let error = try #require(TraceLines.failure(TraceLines.exactly(#""name": "a", "width": \#(Self.hugeInDisguise), "height": 800"#)))
        #expect(error.keyPath == "width")
        #expect(error.reason.contains("overflows"), "\(error)")
    }

    @Test func aHugeNumberWithManyLeadingZerosIsRefusedAsAThreshold() throws {
        do {
            _ = try Config(json: Array(#"{"threshold": \#(Self.hugeInDisguise)}"#.utf8), file: "c.json")
            Issue.record("accepted")
        } catch {
            #expect(error.key == "threshold", "\(error)")
            #expect(error.description.contains("overflows"), "\(error)")
        }
    }

    @Test func theSameDigitsWithAnExponentThatCancelsThemAreExact() throws {
        // 10^-1,000,000 × 10^1,000,000 is 1.
        let literal = "0." + String(repeating: "0", count: 999_999) + "1e1000000"
        #expect(try JSONParser.parse(literal).number?.value == 1)
    }

    @Test(arguments: ["1e-400", "-1e-400", "0.0000001e-330", "1" + String(repeating: "0", count: 500) + "e-900"])
    func aNonzeroNumberThatRoundsToZeroIsRefused(_ literal: String) throws {
        #expect(throws: JSONError.self) { try JSONParser.parse(literal) }
        var config = Config()
        #expect(throws: (any Error).self) { try config.apply(override: "threshold=" + literal) }
        // Zero itself, however written, is zero.
        #expect(try JSONParser.parse("0e-400").number?.value == 0)
        #expect(try JSONParser.parse("-0.000e99999999999").number?.value == 0)
    }

    /// Any literal: the parser's double is the system's correctly rounded
    /// `strtod`, or it refuses exactly what is not a finite nonzero-for-nonzero double.
    @Test func everyLiteralIsReadAsTheNearestDoubleOrRefused() async {
        await propertyCheck(
            count: 500, input: Gen.int(in: 0...40), Gen<UInt64>.uint64(), Gen.int(in: 0...30), Gen.int(in: -1200...1200)
        ) { leadingZeros, digitBits, fractionLength, exponent in
            var random = Xoshiro(seed: (digitBits, ~digitBits, 0x9E37_79B9_7F4A_7C15, digitBits &* 0xBF58_476D_1CE4_E5B9))
            let integer = Bool.random(using: &random) ? "0" : String(Int.random(in: 1...9, using: &random)) + (0..<Int.random(in: 0...20, using: &random)).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
            let fraction = String(repeating: "0", count: leadingZeros) + (0..<fractionLength).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
            let literal = integer + (fraction.isEmpty ? "" : "." + fraction) + "e" + String(exponent)
            let expected = strtod(literal, nil)
            let nonzero = literal.prefix { $0 != "e" }.contains { ("1"..."9").contains($0) }
            do {
                let value = try JSONParser.parse(literal).number?.value
                #expect(value == expected, "\(literal)")
                #expect(expected.isFinite && (expected != 0 || !nonzero), "\(literal) accepted")
            } catch {
                #expect(!expected.isFinite || (expected == 0 && nonzero), "\(literal): \(error)")
            }
        }
    }
}
