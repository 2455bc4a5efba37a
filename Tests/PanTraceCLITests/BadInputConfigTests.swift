import Foundation
import Testing

/// docs/configs.md and docs/commands.md §7.4 on the command line (the binary; ExitStatusTests
/// holds the binary to it): each command
/// that reads a config exits 65 for a bad file, 64 for a bad `--set` and 66 for
/// a missing file, and resolves the config before it touches the database.
/// Every rule of the battery is checked in-process (PanTraceKitTests/BadConfigTests).
@Suite struct BadInputConfigTests {
    static func arguments(for command: String) -> [String] {
        command == "record" ? ["record", "--from", Hardening.workedExamples] : [command]
    }

    @Test(arguments: ["record", "replay", "regress"])
    func badConfigFileExits65AndChangesNothing(_ command: String) async throws {
        let runner = try await Hardening.seededRunner()
        try runner.write("{\n  \"threshold\": 0.3,\n  \"flickVelocty\": 900\n}\n", to: "bad.json")
        let before = try DatabaseState(path: runner.db)
        let output = try await runner.run(Self.arguments(for: command) + ["--config", "bad.json"])
        #expect(output.status == 65, "stderr: \(output.stderr)")
        #expect(output.stderr.hasPrefix("pantrace: error: bad.json:3: flickVelocty: "), "stderr: \(output.stderr)")
        #expect(output.stderr.contains("did you mean `flickVelocity`"), "stderr: \(output.stderr)")
        #expect(try DatabaseState(path: runner.db) == before)
    }

    @Test(arguments: ["record", "replay", "regress"])
    func badOverrideExits64AndChangesNothing(_ command: String) async throws {
        let runner = try await Hardening.seededRunner()
        let before = try DatabaseState(path: runner.db)
        let output = try await runner.run(Self.arguments(for: command) + ["--set", "treshold=0.3"])
        #expect(output.status == 64, "stderr: \(output.stderr)")
        #expect(output.stderr.hasPrefix("pantrace: error: --set treshold=0.3: treshold: "), "stderr: \(output.stderr)")
        #expect(try DatabaseState(path: runner.db) == before)
    }

    @Test(arguments: ["record", "replay", "regress"])
    func missingConfigFileCannotBeOpened(_ command: String) async throws {
        let runner = try await Hardening.seededRunner()
        let before = try DatabaseState(path: runner.db)
        let output = try await runner.run(Self.arguments(for: command) + ["--config", "missing.json"])
        #expect(output.status == 66, "stderr: \(output.stderr)")
        #expect(output.stderr.contains("cannot read missing.json: No such file or directory"), "\(output.stderr)")
        #expect(try DatabaseState(path: runner.db) == before)
    }
}
