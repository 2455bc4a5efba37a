import Foundation
import Snapshots
import Testing

/// The help texts (golden files) and their examples, which must run as pasted
/// after the README's first command, with bundled files only.
@Suite struct HelpTests {
    /// The golden files, `__Snapshots__/help.COMMAND.txt` beside this file.
    static let goldenFiles = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "__Snapshots__")

    static let commands: [String] = [
        "", "record", "replay", "regress", "tune", "verify", "export", "export traces", "export decisions", "export actions", "export xcuitest", "runs", "show", "generate",
        "presets", "compare", "lab", "preferences",
    ]

    /// `pantrace [command] --help` at 80 columns (`COLUMNS`), run once per test process
    /// (the golden files, the examples and RunsAndShowTests read the same text).
    /// In-process, but `lab`'s: `pantrace lab` is `pantrace-lab`'s process (exec).
    static func help(_ command: String) async throws -> CommandRunner.Output {
        try await ProcessCache.shared.value(for: "help \(command)") {
            let arguments = command.split(separator: " ").map(String.init) + ["--help"]
            guard command == "lab" else { return try await CommandRunner().run(arguments, db: false, environment: ["COLUMNS": "80"]) }
            return try await CommandRunner().spawn(arguments, db: false, environment: ["COLUMNS": "80"])
        }
    }

    @Test(arguments: commands)
    func helpMatchesItsGoldenFile(command: String) async throws {
        let output = try await Self.help(command)
        #expect(output.status == 0)
        #expect(output.stderr.isEmpty)
        Snapshots.expect(output.stdout, file: "help.\(command.isEmpty ? "pantrace" : command.replacingOccurrences(of: " ", with: "-")).txt", in: Self.goldenFiles)
        // Help cites the repository's own docs (docs/commands.md §7.8), which a user has.
        #expect(!output.stdout.contains("SPEC"), "\(command) --help cites a document users do not have")
    }

    /// The code cites the repository's docs (`docs/model.md §4.6`), never the
    /// product specification, which is not in the repository; and every
    /// `docs/NAME.md` it cites exists.
    @Test func sourcesCiteOnlyTheRepositorysDocs() throws {
        let root = CommandRunner.repositoryRoot
        let sources = root.appending(path: "Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var cited: Set<String> = []
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains("SPEC "), "\(file.path) cites SPEC")
            for match in text.matches(of: /docs\/([a-z-]+)\.md/) { cited.insert(String(match.output.1)) }
        }
        #expect(cited.count >= 10)
        for name in cited {
            #expect(FileManager.default.fileExists(atPath: root.appending(path: "docs/\(name).md").path), "docs/\(name).md is cited")
        }
    }

    /// The lines of the `Examples:` (or `Example:`) paragraphs of a help text.
    static func examples(in help: String) -> [String] {
        var examples: [String] = []
        var inExamples = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "Examples:" || trimmed == "Example:" {
                inExamples = true
            } else if trimmed.isEmpty {
                inExamples = false
            } else if inExamples {
                examples.append(trimmed)
            }
        }
        return examples
    }

    /// The README's first command without its `swift run pantrace`.
    static func readmeFirstCommand() throws -> [String] {
        let readme = try String(contentsOf: CommandRunner.repositoryRoot.appending(path: "README.md"), encoding: .utf8)
        let line = try #require(readme.split(separator: "\n").first { $0.hasPrefix("swift run pantrace ") })
        return line.dropFirst("swift run pantrace ".count).split(separator: " ").map(String.init)
    }

    /// A new test folder holding the bundled Fixtures (a symbolic link) and
    /// `pantrace.sqlite` as the README's first command makes it, run once
    /// per test process and copied.
    static func readmeFolder() async throws -> CommandRunner {
        let database = try await ProcessCache.shared.value(for: "readme database") {
            let seed = try CommandRunner()
            try FileManager.default.createSymbolicLink(
                at: seed.folder.appending(path: "Fixtures"), withDestinationURL: CommandRunner.repositoryRoot.appending(path: "Fixtures"))
            let first = try await seed.run(try Self.readmeFirstCommand(), db: false)
            try #require(first.status == 0, "README's first command: \(first.stderr)")
            return try Data(contentsOf: seed.folder.appending(path: "pantrace.sqlite"))
        }
        let runner = try CommandRunner()
        try FileManager.default.createSymbolicLink(
            at: runner.folder.appending(path: "Fixtures"), withDestinationURL: CommandRunner.repositoryRoot.appending(path: "Fixtures"))
        try database.write(to: runner.folder.appending(path: "pantrace.sqlite"))
        return runner
    }

    /// Every `Examples:` line of every help, run as pasted by `/bin/sh` with
    /// `pantrace` on the `PATH`, each in a fresh folder holding the bundled
    /// Fixtures and the database the README's first command makes. An
    /// example two helps share runs once; the examples are independent (a
    /// folder each), so two run at a time.
    @Test func everyExampleRunsAsPasted() async throws {
        var examples: [String] = []
        for command in Self.commands { examples += Self.examples(in: try await Self.help(command).stdout) }
        #expect(examples.count >= 12, "\(examples)")
        #expect(examples.allSatisfy { $0.hasPrefix("pantrace ") }, "\(examples)")
        var seen: Set<String> = []
        let distinct = examples.filter { seen.insert($0).inserted }
        let endings = try await withThrowingTaskGroup(of: (Int, CommandRunner.Output).self) { group in
            var endings: [Int: CommandRunner.Output] = [:]
            for (index, example) in distinct.enumerated() {
                if index >= 2, let (done, ending) = try await group.next() { endings[done] = ending }
                group.addTask { (index, try await Self.readmeFolder().shell(example)) }
            }
            for try await (done, ending) in group { endings[done] = ending }
            return endings
        }
        for (index, example) in distinct.enumerated() {
            let output = try #require(endings[index])
            // regress exits 1 when it finds more changes than allowed: a result, not a failure to run.
            let ran = output.status == 0 || (example.hasPrefix("pantrace regress") && output.status == 1 && output.stderr.contains("regress: FAIL"))
            #expect(ran, "\(example): exit \(output)\n\(output.stderr)")
        }
    }
}
