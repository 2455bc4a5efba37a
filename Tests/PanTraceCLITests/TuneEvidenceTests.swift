import Foundation
import Testing

/// `tune --evidence` on the command line (docs/tune.md "Evidence"): an
/// unknown source is a usage error, a source with no label is not a failure.
@Suite struct TuneEvidenceTests {
    @Test(arguments: ["people", "person,", "person,Synthetic", ""])
    func anUnknownSourceExits64NamingIt(_ value: String) async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus()
        let output = try await runner.run(["tune", "--sweep", "threshold=0.3,0.4", "--evidence", value])
        #expect(output.status == 64)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains("--evidence: unknown intent source"), "\(output.stderr)")
        #expect(output.stderr.contains("valid sources: person, inferred, synthetic"))
    }

    /// Nothing to learn from is a report (0), but a --best-config asked for and
    /// not written is a failure (65), and an older file is left as it was.
    @Test func noLabelFromTheSourceExits0WithNothingToLearnFromAnd65WithBestConfig() async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus()
        #expect(try await runner.expect(0, ["tune", "--sweep", "threshold=0.3,0.4", "--evidence", "inferred"]).stdout.contains("nothing to learn from"))
        try "old".write(toFile: runner.path("old.json"), atomically: true, encoding: .utf8)
        let refused = try await runner.expect(65, ["tune", "--sweep", "threshold=0.3,0.4", "--evidence", "inferred", "--best-config", "old.json"])
        #expect(refused.stderr.contains("no --best-config written"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: runner.path("old.json"), encoding: .utf8) == "old")
        let output = try await runner.expect(
            65, ["tune", "--sweep", "threshold=0.3,0.4", "--evidence", "person,inferred", "--best-config", "best.json", "--html", "tune.html"])
        let html = try String(contentsOfFile: runner.path("tune.html"), encoding: .utf8)
        #expect(html.contains("Nothing to learn from") && html.contains(#"data-best="none""#))
        #expect(output.stdout.contains("nothing to learn from"))
        #expect(!output.stdout.contains("◀ best"))
        #expect(output.stderr.contains("nothing to learn from") && output.stderr.contains("no --best-config written"))
        #expect(!FileManager.default.fileExists(atPath: runner.path("best.json")))
    }

    @Test func theGeneratorsLabelsAreWarnedAboutOnStandardOutput() async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus()
        let output = try await runner.expect(0, ["tune", "--sweep", "threshold=0.3:0.5:0.05"])
        let lines = output.stdout.split(separator: "\n")
        let warning = try #require(lines.firstIndex { $0.hasPrefix("warning     every intent here is the generator's guess") })
        let best = try #require(lines.firstIndex { $0.hasPrefix("best        ") })
        #expect(warning < best)
        #expect(output.stdout.contains("evidence    ") && output.stdout.contains(" 0 person, 0 inferred, "))
    }
}
