import Foundation
import Testing
import TraceFixtures
@testable import PanTraceModel

/// pantrace's own reader over the real recorded strokes of
/// `../shared/fixtures/peer-velocity` (meta with nested objects and nulls).
/// Without the folder (a fresh clone) these tests are skipped.
@Suite(.enabled(if: SharedFixtures.peerVelocity != nil, "../shared/fixtures/peer-velocity is absent: peer fixture parsing skipped"))
struct PeerFixtureParsingTests {
    static let files = [("flutter.jsonl", 14), ("android.jsonl", 19)]

    @Test(arguments: files)
    func readsEveryLine(file: String, count: Int) throws {
        let folder = try #require(SharedFixtures.peerVelocity)
        let path = folder.appending(path: file).path
        let entries = try TraceReader(path: path).readAll()
        #expect(entries.count == count)
        #expect(entries.map(\.line) == Array(1...count))
        let text = try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
        let lines = text.split(separator: "\n")
        for (line, trace) in entries {
            #expect(trace.name.hasPrefix(file.hasPrefix("flutter") ? "flutter-" : "android-"))
            #expect(trace.family == nil)
            let meta = try #require(trace.meta)
            // Verbatim: the exact bytes of the line's meta object.
            #expect(lines[line - 1].contains(meta))
            #expect(try JSONParser.parse(meta)["expected"]?["lsq2"]?.members != nil)
            #expect(try Trace(jsonLine: trace.jsonLine()) == trace)
            try trace.validate()
        }
    }
}
