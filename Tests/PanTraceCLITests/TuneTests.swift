import Foundation
import SQLiteTestSupport
import Testing

/// `pantrace tune` on the command line (docs/commands.md §7.5; the binary): exit statuses,
/// the streams, the files it writes and the database it leaves alone. The
/// counts themselves are tested in-process (Tests/PanTraceKitTests/TunerTests).
@Suite struct TuneTests {
    /// A database of 200 synthetic traces, all with an intent.
    static func corpus() async throws -> CommandRunner {
        let runner = try CommandRunner()
        try await runner.recordCorpus()
        return runner
    }

    @Test func aTuneReportsOnStandardOutputAndStoresNothing() async throws {
        let runner = try await Self.corpus()
        let before = DatabaseFiles(path: runner.db)
        let output = try await runner.expect(0, ["tune", "--sweep", "threshold=0.2:0.6:0.1"])
        #expect(output.stdout.hasPrefix("base        baseline   (the config of baseline run 1)\n"))
        #expect(output.stdout.contains("◀ best"))
        #expect(output.stderr.hasPrefix("tune: 5 candidates over 200 traces of \(runner.db) in "))
        #expect(output.stderr.hasSuffix("s; nothing stored\n"))
        #expect(DatabaseFiles(path: runner.db) == before)
        #expect(try await runner.run(["tune", "--sweep", "threshold=0.3", "--quiet"]).stderr.isEmpty)
    }

    /// One of each refusal that reaches `run`: a sweep (every rule of a sweep
    /// is checked in-process: PanTraceCoreTests' SweepTests and PanTraceKitTests'
    /// TunerTests) and each output file that is the database (`--max-accidental
    /// -1` is refused by the parser: FailureMappingTests).
    @Test(arguments: [
        (["--sweep", "threshold=0.2:1.2:0.1"], "--sweep threshold=0.2:1.2:0.1: threshold: must be > 0 and ≤ 1, found 1.1"),
        (["--sweep", "threshold=0.3", "--best-config", "test.sqlite"], "--best-config test.sqlite is the database"),
        (["--sweep", "threshold=0.3", "--html", "test.sqlite-wal"], "--html test.sqlite-wal is the database"),
    ])
    func badInputExits64ByName(_ arguments: [String], _ words: String) async throws {
        let runner = try await Self.corpus()
        let before = DatabaseFiles(path: runner.db)
        let output = try await runner.run(["tune"] + arguments)
        #expect(output.status == 64)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.hasPrefix("pantrace: error: ") && output.stderr.contains(words), "\(output.stderr)")
        #expect(DatabaseFiles(path: runner.db) == before)
    }

    /// Traces without an intent: nothing to tune against (65).
    @Test func tracesWithoutAnIntentExit65() async throws {
        let runner = try CommandRunner()
        try await runner.expect(0, ["record", "--from", CommandRunner.repositoryRoot.appending(path: "Fixtures/traces/edge-cases.jsonl").path])
        let output = try await runner.run(["tune", "--sweep", "threshold=0.3,0.4", "--best-config", "best.json"])
        #expect(output.status == 65)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.hasPrefix("pantrace: error: none of the "))
        #expect(output.stderr.contains("has an intent"))
        #expect(!FileManager.default.fileExists(atPath: runner.path("best.json")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: runner.folder.path).allSatisfy { !$0.hasPrefix(".best.json") })
    }

    /// No candidate within --max-accidental: the report says so, exit 1, no config file.
    @Test func noCandidateWithinTheLimitExits1WithoutAConfigFile() async throws {
        let runner = try await Self.corpus()
        // At threshold 0.05 every pull past 5 % finishes: the peeks meant to cancel count as accidental.
        let output = try await runner.expect(1, ["tune", "--sweep", "threshold=0.05", "--max-accidental", "0", "--best-config", "best.json"])
        #expect(output.stdout.contains("best        none: no candidate with at most 0 accidental"))
        #expect(output.stderr.contains("tune: no candidate has at most 0 accidental; no --best-config written"))
        #expect(!FileManager.default.fileExists(atPath: runner.path("best.json")))
    }

    /// `--best-config` writes a file that `--config` reads; an existing one is replaced whole.
    @Test func theBestConfigFileIsAConfig() async throws {
        let runner = try await Self.corpus()
        try runner.write("old", to: "best.json")
        let tune = try await runner.expect(0, ["tune", "--sweep", "threshold=0.3,0.5", "--format", "json", "--best-config", "best.json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(tune.stdout.utf8)) as? [String: Any])
        let best = try #require(report["best"] as? [String: Any])
        let threshold = try #require((best["settings"] as? [String: Any])?["threshold"] as? NSNumber)
        let replay = try await runner.expect(0, ["replay", "--config", "best.json", "--format", "json"])
        let replayed = try #require(try JSONSerialization.jsonObject(with: Data(replay.stdout.utf8)) as? [String: Any])
        #expect((replayed["candidate"] as? [String: Any])?["config"] as? String == "baseline threshold=\(threshold.stringValue)")
        let file = try String(contentsOfFile: runner.path("best.json"), encoding: .utf8)
        #expect(file.contains("\n  \"threshold\": \(threshold.stringValue),\n"))
    }

    /// A database that does not exist is not created (66).
    @Test func aMissingDatabaseExits66AndIsNotCreated() async throws {
        let runner = try CommandRunner()
        let output = try await runner.run(["tune", "--db", runner.path("missing.sqlite"), "--sweep", "threshold=0.3"], db: false)
        #expect(output.status == 66)
        #expect(output.stderr.contains("missing.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: runner.path("missing.sqlite")))
    }

    /// A chmod 0444 database is enough.
    @Test func aReadOnlyDatabaseIsEnough() async throws {
        let runner = try await Self.corpus()
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: runner.db)
        let before = try Data(contentsOf: URL(fileURLWithPath: runner.db))
        let output = try await runner.expect(0, ["tune", "--sweep", "threshold=0.3,0.4"])
        #expect(output.stdout.contains("◀ best"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: runner.db)) == before)
    }

    /// `--html` writes one self-contained page with the best candidate marked:
    /// the one docs/commands.md §7.5's rule picks from the JSON report's counts.
    @Test(arguments: [
        (["--sweep", "threshold=0.2:0.6:0.05"], 1), (["--sweep", "threshold=0.3:0.5:0.1", "--sweep", "decision=threshold,velocity"], 2),
    ])
    func htmlIsOneSelfContainedPageWithTheBestMarked(_ sweeps: [String], neighbourStride: Int) async throws {
        let runner = try await Self.corpus()
        let tune = try await runner.expect(0, ["tune", "--format", "json", "--html", "tune.html"] + sweeps)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(tune.stdout.utf8)) as? [String: Any])
        let results = try #require(report["results"] as? [[String: Any]])
        let agree = results.map { ($0["agree"] as? Int) ?? -1 }
        let accidental = results.map { ($0["accidental"] as? Int) ?? -1 }
        // docs/tune.md "The robust best": the floor is the fewest agree among a
        // candidate and its neighbours one step away in the threshold range.
        let floor = agree.indices.map { index in
            [index - neighbourStride, index, index + neighbourStride].filter(agree.indices.contains).map { agree[$0] }.min() ?? -1
        }
        #expect(results.map { $0["floor"] as? Int } == floor)
        // The largest floor, then the most agree, fewer accidental, the earlier candidate.
        let best = try #require(
            results.indices.min { (-floor[$0], -agree[$0], accidental[$0], $0) < (-floor[$1], -agree[$1], accidental[$1], $1) })
        let html = try String(contentsOfFile: runner.path("tune.html"), encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("data-best=\"\(best)\""))
        for external in ["<script src", "<link", "http://", "https://", "url("] {
            #expect(!html.lowercased().contains(external), "the page loads \(external)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: runner.folder.path).filter { $0.hasPrefix(".") }.isEmpty)
        // The base config is the recorded run's: its agree, from the decisions view.
        let baseAgree = try runner.database.integer(
            "SELECT count(*) FROM decisions WHERE run = 1 AND ((intent = 'finish' AND decision = 'finish') OR (intent = 'cancel' AND decision <> 'finish'))")
        #expect(html.contains("Against the base config (baseline): agree \(baseAgree) → \(agree[best]) ("))
        // docs/tune.md: the intervals, the verdict and the floor are on the page.
        let verdict = try #require(report["verdict"] as? String)
        #expect(html.contains(#"id="intervals""#) && html.contains(#"data-verdict="\#(verdict)""#))
        #expect(html.contains(">floor</th>"))
    }

    /// The README's "Choose a threshold" output is what the command prints
    /// after the README's first command (lines marked `…` are left out there).
    @Test func theReadmeWalkThroughIsRealOutput() async throws {
        let readme = try String(contentsOf: CommandRunner.repositoryRoot.appending(path: "README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Choose a threshold").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```\n").dropFirst().first)
        let lines = block.split(separator: "\n").map(String.init)
        try #require(lines.count > 10 && lines[0].hasPrefix("$ pantrace tune "), "\(lines)")
        let command = try #require(lines.first?.split(separator: " ").dropFirst(2).map(String.init))
        let runner = try await HelpTests.readmeFolder()
        let output = try await runner.run(command, db: false)
        #expect(output.status == 0, "\(output.stderr)")
        let printed = Set(output.stdout.split(separator: "\n").map(String.init))
        for line in lines.dropFirst() where line != "…" {
            #expect(printed.contains(line), "README line not printed: \(line)")
        }
        #expect(FileManager.default.fileExists(atPath: runner.path("best.json")))
    }
}
