import Foundation
import SQLiteTestSupport
import Testing

/// `pantrace compare` and `pantrace presets` on the command line
/// (docs/presets.md): exit statuses, the order of the configs, the database
/// left alone. The counts are tested in-process (ConfigComparisonTests).
@Suite struct CompareTests {
    static func corpus() async throws -> CommandRunner {
        let runner = try CommandRunner()
        try await runner.recordCorpus()
        return runner
    }

    /// Works on a chmod 0444 database and changes nothing; configs in the order given.
    @Test func comparesOnAReadOnlyDatabaseInTheOrderGiven() async throws {
        let runner = try await Self.corpus()
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: runner.db)
        let before = try Data(contentsOf: URL(fileURLWithPath: runner.db))
        let velocity = CommandRunner.repositoryRoot.appending(path: "Fixtures/configs/velocity.json").path
        let output = try await runner.expect(
            0, ["compare", "--preset", "panmodal", "--config", velocity, "--preset", "seed", "--format", "json", "--limit", "3"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let configs = try #require(report["configs"] as? [[String: Any]])
        #expect(configs.map { $0["name"] as? String } == ["panmodal", "velocity-flick", "seed"])
        #expect((configs[0]["settings"] as? [String: Any])?.count == 26)
        #expect(report["traces"] as? Int == 200)
        #expect((report["matrix"] as? [[Int]])?.count == 3)
        #expect(((report["divided"] as? [Any])?.count ?? 99) <= 3)
        #expect(output.stderr.hasSuffix("s; nothing stored\n"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: runner.db)) == before)
        let all = try await runner.expect(0, ["compare", "--preset", "all", "--set", "threshold=0.45", "--quiet"])
        #expect(all.stdout.contains("11  gorhom-bottomsheet threshold=0.45"))
        #expect(all.stderr.isEmpty)
    }

    @Test(arguments: [
        (["compare", "--preset", "seed"], "compare needs two or more configs"),
        (["compare", "--preset", "seed", "--preset", "all"], "the config \"seed\" is named twice"),
        (["compare", "--preset", "seed", "--preset", "panmodel"], "--preset panmodel: unknown preset (did you mean `panmodal`?)"),
        (["compare", "--preset", "seed", "--preset", "floatingpanel", "--html", "test.sqlite"], "--html test.sqlite is the database"),
        (["replay", "--preset", "panmodal", "--config", "x.json"], "--preset and --config both choose"),
        (["replay", "--preset", "all"], "--preset all is for pantrace compare"),
        (["tune", "--preset", "gorhom", "--sweep", "threshold=0.3"], "did you mean"),
        (["replay", "--preset", "material3", "--set", "thresholdUnit=fraction"], "threshold: must be > 0 and ≤ 1, found 56"),
    ])
    func badChoicesExit64(_ arguments: [String], _ words: String) async throws {
        let runner = try await Self.corpus()
        let before = DatabaseFiles(path: runner.db)
        let output = try await runner.run(arguments)
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains(words), "\(output.stderr)")
        #expect(DatabaseFiles(path: runner.db) == before)
    }

    @Test func presetsListsEveryPreset() async throws {
        let runner = try CommandRunner()
        let text = try await runner.run(["presets"], db: false)
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("seed\n  (the defaults)\n"))
        let json = try await runner.run(["presets", "--format", "json"], db: false)
        #expect(json.status == 0)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(list.count == 15)
        #expect(list.map { Set($0.keys) }.allSatisfy { $0 == ["name", "settings", "source"] })
        let floating = try #require(list.first { $0["name"] as? String == "floatingpanel" })
        #expect(floating["settings"] as? NSDictionary == ["decision": "velocity", "flickVelocity": 5.5, "flickVelocityUnit": "remaining", "threshold": 1])
        // A variant's setting is worded as the command line's override.
        let states = try #require(list.first { $0["name"] as? String == "floatingpanel-states" })
        #expect((states["source"] as? String)?.hasSuffix("--set dismissible=true for a layout with .hidden, --set stepOrigin=start for shouldProjectMomentum true") == true)
        #expect(text.stdout.contains("--set dismissible=true for a layout with .hidden"))
    }
}
