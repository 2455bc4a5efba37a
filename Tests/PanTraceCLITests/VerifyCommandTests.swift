import Foundation
import Testing

/// `pantrace verify`, `record --observe-under` and `tune --against observed` on the command
/// line (docs/commands.md §7.12, §7.5): exit statuses, streams, the database left alone, and
/// refused input naming the file, line and key with nothing stored. The counts are tested
/// in-process (VerificationTests, CalibrationTests).
@Suite struct VerifyCommandTests {
    static func observedCorpus() async throws -> CommandRunner {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 120, seed: 3, ["--preset", "uikit-sheet", "--observe-under", "uikit-sheet", "--observe-noise", "0.2"])
        return runner
    }

    @Test func verifiesOnAReadOnlyDatabaseAndGatesOnTheShare() async throws {
        let runner = try await Self.observedCorpus()
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: runner.db)
        let before = try Data(contentsOf: URL(fileURLWithPath: runner.db))
        let text = try await runner.expect(0, ["verify"])
        #expect(text.stdout.hasPrefix("config     \"uikit-sheet\" (the config of baseline run 1)\n"))
        #expect(text.stdout.contains("checked    120 traces with what the app did (app 0, device 0, synthetic 120)"))
        let json = try await runner.expect(0, ["verify", "--format", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let matches = try #require(report["matches"] as? Int)
        #expect(matches + (report["mismatches"] as? Int ?? -1) == 120)
        #expect(matches < 120, "the noise changes some outcomes")
        let share = Double(matches) / 120
        try await runner.expect(0, ["verify", "--min-match", String(share), "--quiet"])
        let below = try await runner.expect(1, ["verify", "--min-match", "1"])
        #expect(below.stderr.contains("below --min-match 100.0%"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: runner.db)) == before)
    }

    @Test(arguments: [
        (["verify", "--min-match", "0"], Int32(64), "--min-match must be a share above 0 and at most 1"),
        (["verify", "--min-match", "1.5"], Int32(64), "--min-match"),
        (["verify", "--preset", "uikit-shet"], Int32(64), "unknown preset"),
        (["tune", "--against", "observed", "--sweep", "threshold=0.3,0.4", "--max-accidental", "3"], Int32(64), "--max-accidental"),
        (["tune", "--against", "people", "--sweep", "threshold=0.3,0.4"], Int32(64), "--against must be intent or observed"),
    ])
    func usageErrors(arguments: [String], status: Int32, message: String) async throws {
        let runner = try await Self.observedCorpus()
        let output = try await runner.expect(status, arguments)
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }

    @Test func withoutObservedTracesVerifyAndCalibrationSayHowToRecordThem() async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 30, seed: 4)
        let verify = try await runner.expect(65, ["verify"])
        #expect(verify.stderr.contains("records what the app did"))
        #expect(verify.stderr.contains("--observe-under"))
        let tune = try await runner.expect(65, ["tune", "--against", "observed", "--sweep", "threshold=0.3,0.4"])
        #expect(tune.stderr.contains("--against observed"))
    }

    @Test(arguments: [
        (#""observed": "cancel""#, "observed"),
        (#""observed": "small""#, "observed"),
        (#""observedSource": "device""#, "observedSource"),
    ])
    func aBadObservedOutcomeIsRefusedNamingFileLineAndKeyAndNothingIsStored(extra: String, key: String) async throws {
        let runner = try CommandRunner()
        let good = #"{"name": "ok", "width": 393, "height": 852, "samples": [{"t": 0, "x": 1, "y": 2, "phase": "down"}, {"t": 0.1, "x": 1, "y": 40, "phase": "up"}]}"#
        let bad = #"{"name": "bad", "width": 393, "height": 852, "detents": {"medium": 0.5, "large": 1}, "#
            + extra + #", "samples": [{"t": 0, "x": 1, "y": 2, "phase": "down"}, {"t": 0.1, "x": 1, "y": 40, "phase": "up"}]}"#
        let file = try runner.write(good + "\n" + bad + "\n", to: "app.jsonl")
        let output = try await runner.expect(65, ["record", "--from", file])
        #expect(output.stderr.contains("app.jsonl:2: \(key):"), "\(output.stderr)")
        // Nothing stored: the database was never made, or holds no run.
        if FileManager.default.fileExists(atPath: runner.db) {
            let runs = try await runner.run(["runs"])
            #expect(!runs.stdout.contains("record"), "\(runs.stdout)")
        }
    }
}
