import Foundation
import SQLiteTestSupport
import Testing

/// `pantrace preferences` on the command line (docs/lab.md): the report of
/// answers stored by hand with SQL, its numbers from the formulas worked by
/// hand (PreferenceTallyTests has the working), its exit statuses.
@Suite struct PreferencesCommandTests {
    /// A database with run 1 (`baseline`) and run 2 (`panmodal`) over 16 traces, and session `s1`'s answers:
    /// A, the same, A, B, A, the same, A — 4 for A, 1 for B, 2 the same; session `s2`'s one answer, the same.
    static func answered() async throws -> CommandRunner {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 16, seed: 3)
        try await runner.expect(0, ["replay", "--preset", "panmodal"])
        let database = DatabaseFile(path: runner.db)
        let names = try database.texts("SELECT name FROM trace ORDER BY id")
        #expect(names.count == 16)
        let choices = ["a", "same", "a", "b", "a", "same", "a", "same"]
        let rows = choices.enumerated().map { index, choice in
            "('\(index == 7 ? "s2" : "s1")', 'close', 1, 2, '\(names[2 * index])', '\(names[2 * index + 1])', '\(index % 2 == 0 ? "a" : "b")', '\(choice)')"
        }
        try database.execute("INSERT INTO preference VALUES " + rows.joined(separator: ", "))
        #expect(try database.integer("SELECT count(*) FROM preference") == 8)
        return runner
    }

    @Test func theJSONReportHasTheNumbersOfTheFormulas() async throws {
        let runner = try await Self.answered()
        let output = try await runner.expect(0, ["preferences", "--format", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let comparisons = try #require(report["comparisons"] as? [[String: Any]])
        #expect(comparisons.count == 1)
        let only = try #require(comparisons.first)
        #expect(only["a"] as? String == "baseline" && only["b"] as? String == "panmodal")
        #expect(only["sessions"] as? Int == 2)
        #expect(only["preferA"] as? Int == 4 && only["preferB"] as? Int == 1 && only["same"] as? Int == 3 && only["decided"] as? Int == 5)
        #expect(only["shareA"] as? Double == 0.8)
        let interval = try #require(only["interval"] as? [Double])
        #expect(abs(interval[0] - 0.37553463) < 1e-8 && abs(interval[1] - 0.96377589) < 1e-8, "\(interval)")
        #expect(only["p"] as? Double == 0.375)
        #expect(only["verdict"] as? String == "none")
        #expect(Set(only.keys) == ["a", "b", "sessions", "preferA", "preferB", "same", "decided", "shareA", "interval", "p", "verdict"])
    }

    @Test func theTextReportSaysTheVerdictInWords() async throws {
        let runner = try await Self.answered()
        let text = try await runner.expect(0, ["preferences"]).stdout
        #expect(text.contains("A: baseline\nB: panmodal\n"), "\(text)")
        #expect(text.contains("2 sessions: A preferred 4, B preferred 1, the same 3 (5 decided)"), "\(text)")
        #expect(text.contains("preferring A: 80.0% of the decided (95% interval 37.6%–96.4%), sign test p = 0.375"), "\(text)")
        #expect(text.contains("The answers do not tell A and B apart: the interval includes one half"), "\(text)")
        #expect(!text.contains("People preferred"))
        // One session: s2 answered "the same" once: nothing decided.
        let one = try await runner.expect(0, ["preferences", "--session", "s2", "--format", "json"]).stdout
        #expect(one.contains("\"decided\": 0, \"shareA\": null, \"interval\": null, \"p\": 1, \"verdict\": \"none\""), "\(one)")
        let none = try await runner.expect(0, ["preferences", "--session", "nope"])
        #expect(none.stdout == "no answers of session nope in \(runner.db)\n")
    }

    @Test func aDatabaseWithoutAnswersOrWithoutAFile() async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 4, seed: 1)
        #expect(try await runner.expect(0, ["preferences", "--format", "json"]).stdout == "{\"comparisons\": []}\n")
        #expect(try await runner.expect(0, ["preferences"]).stdout.hasPrefix("no answers in \(runner.db) yet"))
        let missing = try await runner.run(["preferences", "--db", "absent.sqlite"], db: false)
        #expect(missing.status == 66, "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: runner.path("absent.sqlite")))
    }
}
