import Foundation
import Testing
import TestThreads

/// The help texts (golden files) and their examples, which must run as pasted
/// after the README's first command, with bundled files only.
@Suite struct HelpTests {
    static let commands: [String] = [
        "", "record", "replay", "regress", "tune", "export", "export traces", "export decisions", "export actions", "export xcuitest", "runs", "show", "generate",
        "presets", "compare", "lab", "preferences",
    ]

    /// `pantrace [command] --help` at 80 columns (`COLUMNS`), run once per test process
    /// (the golden files, the examples and RunsAndShowTests read the same text).
    static func help(_ command: String) async throws -> CommandRunner.Output {
        try await ProcessCache.shared.value(for: "help \(command)") {
            try await CommandRunner().run(command.split(separator: " ").map(String.init) + ["--help"], db: false, environment: ["COLUMNS": "80"])
        }
    }

    @Test(arguments: commands)
    func helpMatchesItsGoldenFile(command: String) async throws {
        let output = try await Self.help(command)
        #expect(output.status == 0)
        #expect(output.stderr.isEmpty)
        Snapshot.expect(output.stdout, named: "help-\(command.isEmpty ? "pantrace" : command.replacingOccurrences(of: " ", with: "-")).txt")
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

    /// Every `Examples:` line of every help, in a fresh folder holding the
    /// bundled Fixtures and the database the README's first command makes.
    /// An example two helps share runs once. The examples are independent
    /// (a folder each), so two run at a time: the test is the longest of the
    /// end-to-end ones, and ran alone at the end of `swift test`.
    @Test func everyExampleRunsAsPasted() async throws {
        var examples: [String] = []
        for command in Self.commands { examples += try Self.examples(in: await Self.help(command).stdout) }
        #expect(examples.count >= 12, "\(examples)")
        #expect(examples.allSatisfy { $0.hasPrefix("pantrace ") }, "\(examples)")
        var seen: Set<String> = []
        let distinct = examples.filter { seen.insert($0).inserted }
        var folders: [CommandRunner] = []
        for _ in distinct { folders.append(try await Self.readmeFolder()) }
        // The examples run side by side, each awaited.
        let outputs = try await withThrowingTaskGroup(of: (Int, CommandRunner.Output).self) { group in
            for (index, (folder, example)) in zip(folders, distinct).enumerated() {
                group.addTask { (index, try await folder.shell(example)) }
            }
            var outputs = [CommandRunner.Output?](repeating: nil, count: distinct.count)
            for try await (index, output) in group { outputs[index] = output }
            return outputs
        }
        for (example, output) in zip(distinct, outputs) {
            let output = try #require(output)
            // regress exits 1 when it finds more changes than allowed: a result, not a failure to run.
            let ran = output.status == 0 || (example.hasPrefix("pantrace regress") && output.status == 1 && output.stderr.contains("regress: FAIL"))
            #expect(ran, "\(example): exit \(output.status)\n\(output.stderr)")
        }
    }
}

extension CommandRunner {
    /// Runs `line` with `/bin/sh` in the test's folder, `pantrace` on the PATH.
    func shell(_ line: String) async throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", line]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = Self.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment.removeValue(forKey: "CI")
        process.environment = environment
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        let errData = try await process.runToExit(reading: err)
        return Output(status: process.terminationStatus, stdout: "", stderr: String(decoding: errData, as: UTF8.self))
    }
}
