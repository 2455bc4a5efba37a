import PropertyBased
import Testing
import TraceFixtures
@testable import PanTraceModel

/// docs/safety.md "What export writes, record reads": one limit for a trace's line, read or exported
/// (``InputLimits/maximumTraceLineBytes``): what export writes, record reads.
@Suite struct ExportLimitTests {
    /// `count` samples at 10^15 (4 bytes read, 16 written) on one compact line.
    static func expandingLine(samples count: Int) -> String {
        let sample = #"{"t":1e15,"x":1e15,"y":1e15,"phase":"move"}"#
        let down = #"{"t":1e15,"x":1e15,"y":1e15,"phase":"down"}"#
        let up = #"{"t":1e15,"x":1e15,"y":1e15,"phase":"up"}"#
        return #"{"name":"long","width":400,"height":800,"samples":["# + down + ","
            + Array(repeating: sample, count: count).joined(separator: ",") + "," + up + "]}"
    }

    @Test func aLineUnderTheLimitWhoseExportIsOverItIsRefused() throws {
        let line = Self.expandingLine(samples: 90_000)
        #expect(line.utf8.count < InputLimits.maximumTraceLineBytes)
        let error = try #require(TraceLines.failure(line))
        #expect(error.line == 1)
        #expect(error.reason.contains("on the line export writes, longer than 8 MiB"), "\(error)")
    }

    @Test func aLongLineWhoseExportFitsIsRead() throws {
        let line = Self.expandingLine(samples: 30_000)
        #expect(line.utf8.count > InputLimits.exportCheckedAboveBytes)
        let trace = try #require(try TraceReader(text: line).next()?.trace)
        #expect(trace.jsonLine().utf8.count <= InputLimits.maximumTraceLineBytes)
        #expect(try Trace(jsonLine: trace.jsonLine()) == trace)
    }

    /// Why shorter lines need no check (``InputLimits/exportCheckedAboveBytes``):
    /// whatever the spelling read, the exported line is at most 5 times as long, plus 200 bytes.
    @Test func theExportOfAnyLineIsAtMostFiveTimesItPlus200Bytes() async {
        let literals = ["0", "9", "1e15", "1e22", "5e-324", "-1e-7", "1e308", "-2.2250738585072014e-308", "0.1", "123456789012"]
        await propertyCheck(count: 300, input: Gen<UInt64>.uint64()) { bits in
            var random = Xoshiro(seed: (bits, ~bits, 0x9E37_79B9_7F4A_7C15, bits &* 0xBF58_476D_1CE4_E5B9))
            func literal() -> String { literals[Int.random(in: 0...(literals.count - 1), using: &random)] }
            let count = Int.random(in: 2...40, using: &random)
            var samples: [String] = []
            for index in 0..<count {
                let phase = index == 0 ? "down" : index == count - 1 ? (Bool.random(using: &random) ? "up" : "cancel") : "move"
                let touches = Double.random(in: 0..<1, using: &random) < 0.3 ? #","touches":9007199254740992"# : ""
                // t stays 0: never decreasing, whatever the other literals.
                samples.append(#"{"t":0,"x":\#(literal()),"y":\#(literal()),"phase":"\#(phase)"\#(touches)}"#)
            }
            let line = #"{"name":"n","width":1,"height":1,"samples":["# + samples.joined(separator: ",") + "]}"
            let read = try? Trace(jsonLine: line)
            #expect(read != nil, "\(line)")
            guard let trace = read else { return }
            #expect(trace.jsonLine().utf8.count <= 5 * line.utf8.count + 200, "\(line)")
        }
    }
}
