import Foundation
import Testing

@testable import PanTraceCommands

/// Options given thousands of times (a CI job that selects traces by name)
/// are parsed in linear time, every value kept in order (docs/performance.md).
@Suite struct RepeatedOptionScaleTests {
    @Test func everyOccurrenceIsKeptInOrderAndOnlyTheFirstReachesTheParser() {
        let (parsed, values) = RepeatedValues.collect(
            ["export", "traces", "--trace", "a", "--family=f", "--trace=b", "--db", "x", "--trace", "c", "--family", "g", "--", "--trace", "d"])
        #expect(parsed == ["export", "traces", "--trace", "a", "--family=f", "--db", "x", "--", "--trace", "d"])
        #expect(values == ["--trace": ["a", "b", "c"], "--family": ["f", "g"]])
        // One occurrence: nothing collected. A value the parser would refuse stays for it to refuse.
        #expect(RepeatedValues.collect(["replay", "--trace", "a"]).values.isEmpty)
        #expect(RepeatedValues.collect(["replay", "--trace", "a", "--trace", "--quiet"]).arguments == ["replay", "--trace", "a", "--trace", "--quiet"])
        #expect(RepeatedValues.collect(["record", "--from", "-", "--from", "x"]).values == ["--from": ["-", "x"]])
    }

    @Test func fortyThousandTracesTakeWellUnderTheQuadraticTime() async throws {
        let runner = try await Hardening.seededRunner()
        var arguments = ["export", "traces", "--db", runner.db, "--trace", "taken"]
        for index in 0..<40_000 { arguments += ["--trace", "missing-\(index)"] }
        arguments += ["--trace", "spec-4.9-1-slow-drag"]
        let result = try await runner.run(arguments, db: false)
        let elapsed = result.seconds
        #expect(result.status == 0 || result.status == 64 || result.status == 65, "\(result.stderr.prefix(300))")
        // Quadratic, 40,000 took 140 s (a release build); a debug build here, far under.
        #expect(elapsed < .seconds(20), "\(elapsed)")
        // The values after the first count: the last names a stored trace.
        let two = try await runner.run(["export", "traces", "--db", runner.db, "--trace", "taken", "--trace=spec-4.9-1-slow-drag"], db: false)
        #expect(two.status == 0, "\(two.stderr)")
        #expect(two.stdout.split(separator: "\n").count == 2)
        let family = try await runner.run(["export", "traces", "--db", runner.db, "--trace", "taken", "--trace", "spec-4.9-1-slow-drag", "--trace", "nope"], db: false)
        #expect(family.status != 0 && family.stderr.contains("nope"), "the third is read: \(family.stderr)")
    }

    /// compare takes many configs; a command that takes one still refuses a second.
    @Test func manyPresetsAreParsedInLinearTimeAndASecondIsRefusedWhereOneIsTaken() async throws {
        let runner = try await Hardening.seededRunner()
        var arguments = ["compare", "--db", runner.db]
        for _ in 0..<10_000 { arguments += ["--preset", "seed"] }
        let output = try await runner.run(arguments + ["--bogus"], db: false)
        let elapsed = output.seconds
        #expect(output.status == 64, "\(output.stderr.prefix(300))")
        // Quadratic, 10,000 took 27 s in a release build.
        #expect(elapsed < .seconds(10), "\(elapsed)")
        let two = try await runner.run(["replay", "--db", runner.db, "--preset", "seed", "--preset=panmodal"], db: false)
        #expect(two.status == 64 && two.stderr.contains("--preset is given 2 times ('seed', 'panmodal')"), "\(two.stderr)")
        let compared = try await runner.run(["compare", "--db", runner.db, "--preset", "seed", "--config", CommandRunner.repositoryRoot.appending(path: "Fixtures/configs/velocity.json").path, "--preset", "panmodal", "--format", "json"], db: false)
        #expect(compared.status == 0, "\(compared.stderr)")
        let names = ["\"seed\"", "\"velocity-flick\"", "\"panmodal\""].compactMap { compared.stdout.range(of: $0)?.lowerBound }
        #expect(names.count == 3 && names == names.sorted(), "in the order given: \(compared.stdout.prefix(400))")
    }

    @Test func aRepeatedVersusPresetIsAUsageError() async throws {
        let runner = try CommandRunner()
        let output = try await runner.run(["lab", "--port", "0", "--versus-preset", "panmodal", "--versus-preset", "seed"])
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.stderr.contains("--versus-preset is given 2 times"), "\(output.stderr)")
        #expect(output.stdout.isEmpty)
    }

    @Test func aSessionOfControlCharactersIsEscapedInTheReport() async throws {
        let runner = try await Hardening.seededRunner()
        let output = try await runner.run(["preferences", "--session", "\u{1B}[2J\u{202E}x"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(!output.stdout.contains("\u{1B}") && !output.stdout.contains("\u{202E}"))
        #expect(output.stdout.contains("\\u{1B}[2J\\u{202E}x"), "\(output.stdout)")
    }
}
