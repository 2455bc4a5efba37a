import Foundation
import Testing
import TestFolders

/// docs/safety.md: an export written to a terminal shows a name's
/// bidirectional controls as escapes (the same JSON value); to a pipe it is
/// written as it is.
@Suite struct ExportTerminalTests {
    /// `script`, which runs a command on a terminal of its own.
    static let script: String? = ["/usr/bin/script", "/bin/script"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test func aNamesBidiControlIsEscapedOnATerminalAndRawInAPipe() async throws {
        guard let script = Self.script else { try Test.cancel("skipped: no script(1) here") }
        let runner = try CommandRunner()
        let name = "left\u{202E}right"
        let traces = try runner.write(ValidTraceLine.validLine(named: name) + "\n", to: "bidi.jsonl")
        #expect(try await runner.run(["record", "--from", traces]).status == 0)
        let piped = try await runner.run(["export", "traces", "--db", runner.db], db: false)
        #expect(piped.status == 0 && piped.stdout.contains(name), "raw in a pipe: \(piped.stdout.prefix(200)) \(piped.stderr)")

        let command = [CommandRunner.binary, "export", "traces", "--db", runner.db].map { "'\($0)'" }.joined(separator: " ")
        let terminal = try await CommandRunner.spawn(script, ["-qec", command, "/dev/null"], in: runner.folder)
        let shown = terminal.stdout
        #expect(terminal.status == 0, "\(shown.prefix(300))")
        #expect(!shown.unicodeScalars.contains("\u{202E}"), "\(shown.prefix(300))")
        #expect(shown.contains(#""name": "left\u202Eright""#), "\(shown.prefix(300))")
        // In-process, on a console that stands for a terminal: the same escapes.
        let onConsole = try await runner.run(["export", "traces", "--db", runner.db], db: false, terminal: true)
        #expect(onConsole.status == 0 && !onConsole.stdout.unicodeScalars.contains("\u{202E}"), "\(onConsole.stdout.prefix(300))")
        #expect(onConsole.stdout.contains(#""name": "left\u202Eright""#), "\(onConsole.stdout.prefix(300))")
    }
}
