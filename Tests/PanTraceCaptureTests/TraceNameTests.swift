@testable import PanTraceCapture
import Testing

/// Names are `<prefix>-<sequence>-<UTC time>`, unique and within docs/model.md §3's 200 characters.
@Suite struct TraceNameTests {
    @Test(arguments: [
        (0.0, "19700101T000000.000Z"),
        (1_700_000_000, "20231114T221320.000Z"),  // a well-known instant
        (951_782_400.5, "20000229T000000.500Z"),  // 2000-02-29, a leap day of a century leap year
        (-0.001, "19691231T235959.999Z"),
        (4_102_444_799.9999, "20991231T235959.999Z"),  // milliseconds round down, never into the next day
        (Double.nan, "19700101T000000.000Z"),
    ])
    func timestamps(seconds: Double, expected: String) {
        #expect(TraceName.timestamp(seconds) == expected)
    }

    @Test func sequenceIsPaddedToFourDigitsAndGrowsBeyond() {
        #expect(TraceName.make(prefix: "a", sequence: 7, wallTime: 0) == "a-0007-19700101T000000.000Z")
        #expect(TraceName.make(prefix: "a", sequence: 123_456, wallTime: 0) == "a-123456-19700101T000000.000Z")
    }

    @Test func theLongestPrefixStillMakesAValidName() {
        let name = TraceName.make(prefix: String(repeating: "é", count: CaptureOptions.maximumPrefixLength), sequence: Int.max, wallTime: 0)
        #expect(name.unicodeScalars.count <= 200)
    }
}
