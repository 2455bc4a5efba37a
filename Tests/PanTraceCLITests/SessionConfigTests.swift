import Foundation
import PanTraceModel
import SQLiteTestSupport
import Testing

/// docs/tune.md "The base" and "The interaction": after a session recorded
/// under a preset, `tune` starts from that config and names it, `compare
/// --baseline` adds it first, and both warn on standard error about a
/// candidate or config of another interaction.
@Suite struct SessionConfigTests {
    /// 150 synthetic traces recorded under `panmodal` (run 1).
    static func session() async throws -> CommandRunner {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 150, seed: 5, ["--preset", "panmodal"])
        return runner
    }

    /// Run 1's agree, counted from the `decisions` view.
    static func recordedAgree(_ runner: CommandRunner) throws -> Int {
        try runner.database.integer(
            "SELECT count(*) FROM decisions WHERE run = 1 AND ((intent = 'finish' AND decision = 'finish') "
                + "OR (intent = 'cancel' AND decision <> 'finish'))")
    }

    @Test func tuneStartsFromTheBaselineRunsConfigAndSaysSo() async throws {
        let runner = try await Self.session()
        let output = try await runner.expect(0, ["tune", "--sweep", "threshold=0.3,0.5", "--format", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(report["base"] as? String == "panmodal")
        #expect(report["baseFrom"] as? String == "the config of baseline run 1")
        // panmodal's own threshold is 0.5: that candidate is the recorded run, decision for decision.
        let results = try #require(report["results"] as? [[String: Any]])
        #expect(results[1]["agree"] as? Int == (try Self.recordedAgree(runner)))
        let text = try await runner.expect(0, ["tune", "--sweep", "threshold=0.3,0.5", "--html", runner.path("tune.html")])
        #expect(text.stdout.hasPrefix("base        panmodal   (the config of baseline run 1)\n"))
        let page = try String(contentsOfFile: runner.path("tune.html"), encoding: .utf8)
        #expect(page.contains("Base config: panmodal, the config of baseline run 1."))
        // docs/commands.md §7.2: --set alone changes the baseline run's config by one key, as replay does.
        let set = try await runner.expect(0, ["tune", "--set", "threshold=0.4", "--sweep", "flickVelocity=300,600", "--format", "json"])
        let setReport = try #require(try JSONSerialization.jsonObject(with: Data(set.stdout.utf8)) as? [String: Any])
        #expect(setReport["base"] as? String == "panmodal threshold=0.4")
        #expect(setReport["baseFrom"] as? String == "the config of baseline run 1 with threshold=0.4")
        let differs = try #require(setReport["baseDiffers"] as? [[String: Any]])
        #expect(differs.map { $0["key"] as? String } == ["threshold"])
        let preset = try await runner.expect(0, ["tune", "--preset", "seed", "--sweep", "threshold=0.3,0.5", "--format", "json"])
        #expect((try JSONSerialization.jsonObject(with: Data(preset.stdout.utf8)) as? [String: Any])?["baseFrom"] as? String == "preset seed")
    }

    @Test func aCandidateOfAnotherInteractionIsWarnedAbout() async throws {
        let runner = try await Self.session()
        let output = try await runner.expect(0, ["tune", "--sweep", "interaction=pull-to-dismiss,swipe-back"])
        #expect(
            output.stderr.hasPrefix(
                "warning: the traces were recorded under pull-to-dismiss (baseline run 1) and candidates run swipe-back: "),
            "\(output.stderr)")
        #expect(output.stderr.components(separatedBy: "warning:").count == 2)
        #expect(!output.stdout.contains("warning: the traces were recorded"))
        let same = try await runner.expect(0, ["tune", "--sweep", "threshold=0.3,0.5"])
        #expect(!same.stderr.contains("warning"))
        #expect(try await runner.expect(0, ["tune", "--sweep", "interaction=swipe-back", "--quiet"]).stderr.isEmpty)
    }

    @Test func compareBaselineAddsTheSessionsConfigFirst() async throws {
        let runner = try await Self.session()
        let output = try await runner.expect(0, ["compare", "--baseline", "--preset", "all", "--format", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let configs = try #require(report["configs"] as? [[String: Any]])
        #expect(configs.count == Preset.all.count + 1)
        // Named apart from the panmodal preset, and deciding exactly as it and as run 1 did.
        #expect(configs[0]["name"] as? String == "panmodal (baseline run 1)")
        let panmodal = try #require(configs.first { $0["name"] as? String == "panmodal" })
        for key in ["finish", "cancel", "none", "agree", "accidental", "missed"] {
            #expect(configs[0][key] as? Int == panmodal[key] as? Int, "\(key)")
        }
        #expect(configs[0]["agree"] as? Int == (try Self.recordedAgree(runner)))
        // The swipe-back presets are another interaction than the session's.
        for preset in ["cupertino-back", "react-navigation"] {
            #expect(
                output.stderr.contains(
                    "warning: the traces were recorded under pull-to-dismiss (baseline run 1) and the config \"\(preset)\" runs swipe-back: "),
                "\(output.stderr)")
        }
        let two = try await runner.expect(0, ["compare", "--baseline", "--preset", "seed", "--format", "json"])
        let names = (try JSONSerialization.jsonObject(with: Data(two.stdout.utf8)) as? [String: Any])?["configs"] as? [[String: Any]]
        #expect(names?.map { $0["name"] as? String } == ["panmodal", "seed"])
        #expect(!two.stderr.contains("warning"))
        // One config in all is a usage error.
        let alone = try await runner.run(["compare", "--baseline"])
        #expect(alone.status == 64, "\(alone.stderr)")
    }
}
