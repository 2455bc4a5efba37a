import BrowserTestSupport
import Foundation
import SQLiteTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `pantrace lab --versus-preset` as a process (docs/lab.md "Which felt
/// better"): an acknowledged answer survives `kill -9`, and config B must
/// have config A's interaction.
@Suite struct LabABProcessTests {
    /// LabProcessTests' gesture, for pair `pair`.
    static func gesture(pair: Int) -> String {
        LabProcessTests.gesture.replacingOccurrences(of: "\"meta\": {\"task\": \"close\",", with: "\"meta\": {\"task\": \"close\", \"pair\": \(pair),")
    }

    @Test func anAcknowledgedAnswerSurvivesKill9() async throws {
        let runner = try CommandRunner()
        let child = try await ChildProcess(["lab", "--db", runner.db, "--port", "0", "--versus-preset", "panmodal"], in: runner, label: "lab-ab")
        #expect(await child.wait { child.stdout.contains("\n") }, "no URL: \(child.stderr)")
        let line = String(child.stdout.split(separator: "\n").first ?? "")
        let found = try #require(line.wholeMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]{32})/))
        let (port, token) = (Int(found.1) ?? 0, String(found.2))
        for _ in 0..<2 {
            #expect(try await LabProcessTests.post(Self.gesture(pair: 1), port: port, token: token).status == 200)
        }
        let body = #"{"pair": 1, "answer": "second"}"#
        let answered = try await WireClient.connect(
            port: port, sending: "POST /preferences HTTP/1.1\r\nHost: x\r\nX-Pantrace-Token: \(token)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        ).response()
        #expect(answered.status == 200, "\(answered.body)")
        #expect(await child.kill(), "killed by SIGKILL")
        let database = DatabaseFile(path: runner.db)
        #expect(try database.integer("SELECT count(*) FROM preference") == 1)
        #expect(try database.integer("SELECT count(*) FROM run") == 2)
        let row = try database.rows("SELECT shown_first, choice FROM preference").first ?? []
        // "second" chose the gesture done second: the config not shown first.
        #expect(row.count == 2 && row[1] == .text(row[0] == .text("a") ? "b" : "a"), "\(row)")
    }

    @Test func configBOfAnotherInteractionIsAUsageError() async throws {
        let runner = try CommandRunner()
        let output = try await runner.spawn(["lab", "--port", "0", "--versus-preset", "cupertino-back"])
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.stderr.contains("--versus-preset cupertino-back is swipe-back and the lab's config is pull-to-dismiss"), "\(output.stderr)")
        // A misspelt preset is named by the option it came from.
        let misspelt = try await runner.spawn(["lab", "--port", "0", "--versus-preset", "panmodl"])
        #expect(misspelt.status == 64 && misspelt.stderr.contains("--versus-preset panmodl: unknown preset (did you mean `panmodal`?)"), "\(misspelt.stderr)")
        let both = try await runner.spawn(["lab", "--port", "0", "--versus-preset", "seed", "--versus-config", "x.json"])
        #expect(both.status == 64 && both.stderr.contains("--versus-preset and --versus-config"), "\(both.stderr)")
        #expect(!FileManager.default.fileExists(atPath: runner.db))
    }
}
