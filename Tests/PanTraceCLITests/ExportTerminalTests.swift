import Foundation
import Testing
import TestFolders
import TestThreads

/// docs/safety.md: an export written to a terminal shows a name's
/// bidirectional controls as escapes (the same JSON value); to a pipe it is
/// written as it is.
@Suite(.blocksItsThread) struct ExportTerminalTests {
    /// `script`, which runs a command on a terminal of its own.
    static let script: String? = ["/usr/bin/script", "/bin/script"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test func aNamesBidiControlIsEscapedOnATerminalAndRawInAPipe() throws {
        guard let script = Self.script else { try Test.cancel("skipped: no script(1) here") }
        let runner = try CommandRunner()
        let name = "left\u{202E}right"
        let traces = try runner.write(ValidTraceLine.validLine(named: name) + "\n", to: "bidi.jsonl")
        #expect(try runner.run(["record", "--from", traces]).status == 0)
        let piped = try runner.run(["export", "traces", "--db", runner.db], db: false)
        #expect(piped.status == 0 && piped.stdout.contains(name), "raw in a pipe: \(piped.stdout.prefix(200)) \(piped.stderr)")

        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        let command = [CommandRunner.binary.path, "export", "traces", "--db", runner.db].map { "'\($0)'" }.joined(separator: " ")
        process.arguments = ["-qec", command, "/dev/null"]
        process.environment = ["PATH": "/usr/bin:/bin", "NO_COLOR": "1"]
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let shown = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(shown.prefix(300))")
        #expect(!shown.unicodeScalars.contains("\u{202E}"), "\(shown.prefix(300))")
        #expect(shown.contains(#""name": "left\u202Eright""#), "\(shown.prefix(300))")
    }
}
