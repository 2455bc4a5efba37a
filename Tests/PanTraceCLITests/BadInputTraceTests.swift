import TestFolders
import Foundation
import Testing

/// docs/commands.md §7.4 on the command line (the binary; the binary
/// for standard input and in ExitStatusTests): exit 65 with one line
/// on standard error and nothing on standard output, standard input named
/// `<stdin>`, and a missing input that leaves no new database. Every rule of
/// the battery is checked in-process (PanTraceKitTests/BadTraceInputTests).
@Suite struct BadInputTraceTests {
    static func edit(_ target: String, _ replacement: String) -> String { ValidTraceLine.edited(target, replacement) }

    @Test func badTraceFileExits65AndChangesNothing() async throws {
        let runner = try await Hardening.seededRunner()
        try runner.write(Self.edit(#""width":400"#, #""width":0"#) + "\n", to: "in.jsonl")
        let before = try DatabaseState(path: runner.db)
        try #require(before.integrity == ["ok"])
        let output = try await runner.run(["record", "--from", "in.jsonl"])
        #expect(output.status == 65, "stderr: \(output.stderr)")
        #expect(output.stderr.hasPrefix("pantrace: error: in.jsonl:1: width: "), "stderr: \(output.stderr)")
        #expect(output.stderr.contains("> 0"), "stderr: \(output.stderr)")
        #expect(output.stderr.split(separator: "\n").count == 1, "one line: \(output.stderr)")
        #expect(output.stdout.isEmpty)
        #expect(try DatabaseState(path: runner.db) == before)
    }

    /// The same content on standard input is named `<stdin>`.
    @Test func badTraceOnStandardInputNamesStdin() async throws {
        let runner = try await Hardening.seededRunner()
        let before = try DatabaseState(path: runner.db)
        let input = [ValidTraceLine.validLine(named: "new-1"), Self.edit(#""t":0.1,"#, #""t":0.01,"#)].joined(separator: "\n")
        let output = try await runner.run(["record", "--from", "-"], stdin: input)
        #expect(output.status == 65)
        #expect(output.stderr.hasPrefix("pantrace: error: <stdin>:2: samples[2].t: time goes backwards"), "\(output.stderr)")
        #expect(try DatabaseState(path: runner.db) == before)
    }

    /// A missing input with a database path that does not exist yet creates no database.
    @Test func missingFileCreatesNoDatabase() async throws {
        let runner = try CommandRunner()
        let output = try await runner.run(["record", "--from", "missing.jsonl"])
        #expect(output.status == 66)
        #expect(!FileManager.default.fileExists(atPath: runner.db))
    }
}
