import Foundation
import Snapshots
import Testing

/// The reports of `replay`, `regress`, `tune` and `compare` as a user reads them, text
/// and JSON, held to golden files in `__Snapshots__/` (`Snapshots.record`:
/// recorded on demand with `RECORD_SNAPSHOTS=1`, never on CI): any change to a report's words,
/// columns or numbers shows in review. The corpus is the bundled fixtures
/// and 60 synthetic traces of seed 7, the same on every machine.
@Suite struct ReportGoldenTests {
    static func fixture(_ name: String) -> String {
        CommandRunner.repositoryRoot.appending(path: "Fixtures/traces/\(name).jsonl").path
    }

    static func recorded() async throws -> CommandRunner {
        let runner = try CommandRunner()
        try await runner.expect(0, [
            "record", "--from", Self.fixture("worked-examples"), "--from", Self.fixture("families"),
            "--count", "60", "--seed", "7", "--quiet",
        ])
        return runner
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var golden: String
        var arguments: [String]
        var status: Int32 = 0
        var testDescription: String { "pantrace " + arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(golden: "report.replay.txt", arguments: ["replay", "--set", "threshold=0.3", "--limit", "8"]),
        Case(golden: "report.replay.json", arguments: ["replay", "--set", "decision=velocity", "--format", "json"]),
        Case(
            golden: "report.regress.txt", arguments: ["regress", "--set", "threshold=0.3", "--fail-on", "intent", "--limit", "8"],
            status: 1),
        Case(
            golden: "report.regress.json", arguments: ["regress", "--set", "threshold=0.5", "--format", "json", "--max-changes", "1000"]),
        Case(golden: "report.tune.txt", arguments: ["tune", "--sweep", "threshold=0.3:0.5:0.05", "--sweep", "decision=threshold,velocity"]),
        Case(golden: "report.tune.json", arguments: ["tune", "--sweep", "threshold=0.3:0.5:0.05", "--format", "json"]),
        Case(golden: "report.compare.txt", arguments: ["compare", "--preset", "seed", "--preset", "panmodal", "--preset", "material3"]),
        Case(golden: "report.compare.json", arguments: ["compare", "--preset", "seed", "--preset", "react-navigation", "--format", "json", "--limit", "5"]),
    ]

    @Test(arguments: cases)
    func reportMatchesItsGoldenFile(_ test: Case) async throws {
        let runner = try await Self.recorded()
        let output = try await runner.run(test.arguments + ["--quiet"])
        #expect(output.status == test.status, "stderr: \(output.stderr)")
        Snapshots.expect(output.stdout, file: test.golden, in: HelpTests.goldenFiles)
    }
}
