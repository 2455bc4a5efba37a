import Foundation
import SQLiteTestSupport
import Testing

/// `record` and times that look like milliseconds (docs/model.md "Times in
/// milliseconds"): recorded with one warning per file on standard error, or
/// refused with `--strict` (65).
@Suite struct RecordTimeUnitsTests {
    static func line(_ name: String, times: [Double]) -> String {
        let samples = times.enumerated().map { index, t in
            let phase = index == 0 ? "down" : index == times.count - 1 ? "up" : "move"
            return #"{"t": \#(t), "x": 200, "y": \#(300 + index * 40), "phase": "\#(phase)"}"#
        }
        return #"{"name": "\#(name)", "width": 393, "height": 852, "samples": [\#(samples.joined(separator: ", "))]}"#
    }

    static let file = [
        line("seconds", times: [0, 0.016, 0.033, 0.05]),
        line("millis-1", times: [0, 16, 33, 450]),
        line("millis-2", times: [0, 8, 16, 24, 400]),
    ].joined(separator: "\n") + "\n"

    @Test func aFileInMillisecondsIsRecordedWithOneWarning() async throws {
        let runner = try CommandRunner()
        let path = try runner.write(Self.file, to: "ms.jsonl")
        let plain = try runner.write(Self.line("fine", times: [0, 0.01, 0.02]) + "\n", to: "fine.jsonl")
        let result = try await runner.run(["record", "--from", path, "--from", plain])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try runner.database.integer("SELECT count(*) FROM trace") == 4)
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }
        #expect(warnings.count == 1)
        let warning = try #require(warnings.first)
        #expect(warning.contains("\(path):2: trace \"millis-1\""))
        #expect(warning.contains("milliseconds") && warning.contains("450 s"))
        #expect(warning.contains("1 more trace(s) of this file"))
        #expect(!result.stderr.contains("fine.jsonl"))
        // --quiet keeps the warning: it is not a summary.
        let quiet = try await runner.run(["record", "--quiet", "--db", runner.path("quiet.sqlite"), "--from", path], db: false)
        #expect(quiet.status == 0 && quiet.stderr.split(separator: "\n").map(String.init) == [String(warning)])
    }

    @Test func strictRefusesTheFirstSuchTraceAndStoresNothing() async throws {
        let runner = try CommandRunner()
        let path = try runner.write(Self.file, to: "ms.jsonl")
        let result = try await runner.run(["record", "--strict", "--from", path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("ms.jsonl") && result.stderr.contains(":2") && result.stderr.contains("samples"))
        #expect(result.stderr.contains("milliseconds"))
        if FileManager.default.fileExists(atPath: runner.db) {
            #expect(try runner.database.integer("SELECT count(*) FROM trace") == 0)
        }
    }
}
