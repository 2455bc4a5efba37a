import Foundation
import Testing

/// Every field of the `decisions` view agrees with `scripts/oracle.py`, an
/// independent Python implementation of SPEC 4 written from the spec alone.
@Suite struct OracleAgreementTests {
    static let oracle = CommandRunner.repositoryRoot.appending(path: "scripts/oracle.py").path
    static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test(.enabled(if: python != nil, "python3 is not installed: the oracle cannot run"))
    func storedResultsAgreeWithTheOracle() throws {
        let runner = try CommandRunner()
        let fixtures = CommandRunner.repositoryRoot.appending(path: "Fixtures/traces")
        let record = try runner.run([
            "record", "--quiet", "--count", "400", "--seed", "2024",
            "--from", fixtures.appending(path: "worked-examples.jsonl").path,
            "--from", fixtures.appending(path: "edge-cases.jsonl").path,
        ])
        #expect(record.status == 0, "\(record.stderr)")
        let configs: [[String]] = [
            ["--config", CommandRunner.repositoryRoot.appending(path: "Fixtures/configs/projection.json").path],
            ["--set", "scrollGating=handoff", "--set", "decision=velocity", "--set", "curve=easeOut"],
            ["--set", "interaction=swipe-back", "--set", "velocityEstimator=lastSegment", "--set", "guarded=true"],
            ["--set", "interaction=pull-up-present", "--set", "lockScroll=true", "--set", "extent=300", "--frames"],
            ["--set", "touchSlop=0", "--set", "maximumNumberOfTouches=2", "--set", "curve=easeInOut", "--set", "completionSpeed=2", "--set", "duration=0.6"],
            ["--config", CommandRunner.repositoryRoot.appending(path: "Fixtures/configs/uikit-sheet.json").path],
            ["--set", "velocityEstimator=impulse", "--set", "decision=velocity", "--set", "interaction=swipe-back"],
        ]
        for config in configs {
            let replay = try runner.run(["replay", "--quiet", "--format", "json"] + config)
            #expect(replay.status == 0, "\(config): \(replay.stderr)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.python))
        process.arguments = [Self.oracle, "--db", runner.db, "--frames"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let results = try runner.sqlite("SELECT count(*) FROM result")
        #expect(process.terminationStatus == 0, "\(text.suffix(2000))")
        #expect(text.contains("\(results) passed, 0 failed"), "\(text.suffix(2000))")
    }
}
