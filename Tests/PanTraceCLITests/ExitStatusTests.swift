import TestFolders
import Foundation
import Testing

/// docs/commands.md §7.4 through the built binary, for every class of outcome: the status
/// the shell sees, a report on standard output for 0 and a message on
/// standard error for the others. A closed or failing stream (74) is ClosedStreamTests'; signals are
/// CrashSafetyTests'; a lock held past the busy timeout (75) takes a minute
/// and is StoreFailureStatusTests' in-process.
@Suite struct ExitStatusTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var status: Int32
        var arguments: [String]
        var testDescription: String { "\(status): pantrace \(arguments.joined(separator: " "))" }
    }

    static let cases: [Case] = [
        Case(status: 0, arguments: ["runs"]),
        Case(status: 0, arguments: ["replay", "--set", "threshold=0.3", "--format", "json"]),
        Case(status: 0, arguments: ["show", "drag-back-s7-0003"]),
        Case(status: 0, arguments: ["--version"]),
        Case(status: 0, arguments: ["regress", "--help"]),
        Case(status: 1, arguments: ["regress", "--set", "threshold=0.3", "--junit", "pantrace.xml"]),
        // pantrace's own usage errors, the parser's, and an unknown command.
        Case(status: 64, arguments: ["record", "--count", "-5"]),
        Case(status: 64, arguments: ["replay", "--bogus"]),
        Case(status: 64, arguments: ["recrod", "--count", "5"]),
        Case(status: 64, arguments: ["show", "no-such-trace"]),
        // A config given twice is refused, not the last one taken; compare takes several.
        Case(status: 64, arguments: ["replay", "--preset", "seed", "--preset", "panmodal"]),
        Case(status: 64, arguments: ["replay", "--config=a.json", "--config", "b.json"]),
        Case(status: 0, arguments: ["compare", "--preset", "seed", "--preset", "panmodal"]),
        Case(status: 65, arguments: ["record", "--from", "bad.jsonl"]),
        Case(status: 65, arguments: ["replay", "--config", "bad-config.json"]),
        Case(status: 66, arguments: ["runs", "--db", "missing.sqlite"]),
        Case(status: 74, arguments: ["replay", "--set", "threshold=0.3", "--html", "no/such/folder/page.html"]),
    ]

    /// A runner with corpus 7 (60 traces) and the bad input files.
    static func prepared() async throws -> CommandRunner {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 60)
        try runner.write(ValidTraceLine.edited(#""width":400"#, #""width":0"#) + "\n", to: "bad.jsonl")
        try runner.write("{\"threshold\": 2}\n", to: "bad-config.json")
        return runner
    }

    @Test(arguments: cases)
    func theBinaryEndsWithItsStatus(_ test: Case) async throws {
        let runner = try await Self.prepared()
        let usesDatabase = test.arguments.first.map { !$0.hasPrefix("-") && !test.arguments.contains("--db") } ?? false
        let shell = try await runner.run(test.arguments, db: usesDatabase)

        #expect(shell.status == test.status, "stderr: \(shell.stderr)")
        if test.status == 0 { #expect(!shell.stdout.isEmpty) } else { #expect(!shell.stderr.isEmpty) }
        if test.status >= 64 { #expect(shell.stderr.hasPrefix("pantrace: error: "), "\(shell.stderr)") }
    }
}
