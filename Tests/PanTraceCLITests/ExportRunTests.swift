import Testing

/// `export decisions --run RUN` on the command line (docs/sqlite.md
/// "Exporting decisions"): several runs without `--run` are a usage error,
/// exit 64, naming the baseline and the latest run, with nothing on
/// standard output; `--run latest` exports the newest; a word that is no
/// run is the parser's usage error.
@Suite struct ExportRunTests {
    @Test func severalRunsNeedRun() async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 10)
        let replayed = try await runner.run(["replay", "--set", "threshold=0.3", "--quiet"])
        #expect(replayed.status == 0, "\(replayed.stderr)")

        let refused = try await ExportTests.export(runner, "decisions")
        #expect(refused.status == 64)
        #expect(refused.stdout.isEmpty)
        #expect(
            refused.stderr.hasPrefix(
                "pantrace: error: \(runner.db) has 2 runs: say which to export with --run: "
                    + "--run baseline (run 1, the first), --run latest (run 2) or a run id\n"), "\(refused.stderr)")

        let latest = try await ExportTests.export(runner, "decisions", ["--run", "latest"])
        #expect(latest.status == 0, "\(latest.stderr)")
        let lines = latest.stdout.split(separator: "\n")
        #expect(lines.count == 10)
        #expect(lines.allSatisfy { $0.contains(#""run": 2, "kind": "replay", "config": "baseline threshold=0.3", "#) })
        let baseline = try await ExportTests.export(runner, "decisions", ["--run", "baseline"])
        #expect(baseline.stdout.split(separator: "\n").allSatisfy { $0.contains(#""run": 1, "kind": "record""#) })

        let word = try await ExportTests.export(runner, "decisions", ["--run", "newest"])
        #expect(word.status == 64 && word.stdout.isEmpty)
        #expect(word.stderr.contains("'newest'") && word.stderr.contains("--run"), "\(word.stderr)")
    }
}
