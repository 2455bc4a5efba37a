import Foundation
import Snapshots
import Testing
import TestThreads

/// The help texts (golden files) and their examples, which must run as pasted
/// after the README's first command, with bundled files only.
@Suite(.blocksItsThread) struct HelpTests {
    /// The golden files, `__Snapshots__/help.COMMAND.txt` beside this file.
    static let goldenFiles = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "__Snapshots__")

    static let commands: [String] = [
        "", "record", "replay", "regress", "tune", "verify", "export", "export traces", "export decisions", "export actions", "export xcuitest", "runs", "show", "generate",
        "presets", "compare", "lab", "preferences",
    ]

    /// `pantrace [command] --help` at 80 columns (`COLUMNS`), run once per test process
    /// (the golden files, the examples and RunsAndShowTests read the same text).
    static func help(_ command: String) throws -> CommandRunner.Output {
        try ProcessCache.shared.value(for: "help \(command)") {
            try CommandRunner().run(command.split(separator: " ").map(String.init) + ["--help"], db: false, environment: ["COLUMNS": "80"])
        }
    }

    @Test(arguments: commands)
    func helpMatchesItsGoldenFile(command: String) throws {
        let output = try Self.help(command)
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
    static func readmeFolder() throws -> CommandRunner {
        let database = try ProcessCache.shared.value(for: "readme database") {
            let seed = try CommandRunner()
            try FileManager.default.createSymbolicLink(
                at: seed.folder.appending(path: "Fixtures"), withDestinationURL: CommandRunner.repositoryRoot.appending(path: "Fixtures"))
            let first = try seed.run(try Self.readmeFirstCommand(), db: false)
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
    @Test func everyExampleRunsAsPasted() throws {
        let examples = try Self.commands.flatMap { command in try Self.examples(in: Self.help(command).stdout) }
        #expect(examples.count >= 12, "\(examples)")
        #expect(examples.allSatisfy { $0.hasPrefix("pantrace ") }, "\(examples)")
        var seen: Set<String> = []
        let distinct = examples.filter { seen.insert($0).inserted }
        let folders = try distinct.map { _ in try Self.readmeFolder() }
        let outputs = OutputsByIndex(count: distinct.count)
        DispatchQueue.concurrentPerform(iterations: distinct.count) { index in
            outputs.set(index, Result { try folders[index].shell(distinct[index]) })
        }
        for (example, result) in zip(distinct, outputs.all) {
            let output = try #require(result).get()
            // regress exits 1 when it finds more changes than allowed: a result, not a failure to run.
            let ran = output.status == 0 || (example.hasPrefix("pantrace regress") && output.status == 1 && output.stderr.contains("regress: FAIL"))
            #expect(ran, "\(example): exit \(output.status)\n\(output.stderr)")
        }
    }
}

extension CommandRunner {
    /// Runs `line` with `/bin/sh` in the test's folder, `pantrace` on the PATH.
    func shell(_ line: String) throws -> Output {
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
        try process.run()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: "", stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// What concurrently run commands gave, by index.
final class OutputsByIndex: @unchecked Sendable {
    private let lock = NSLock()
    private var outputs: [Result<CommandRunner.Output, any Error>?]

    init(count: Int) { outputs = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ output: Result<CommandRunner.Output, any Error>) {
        lock.lock()
        defer { lock.unlock() }
        outputs[index] = output
    }

    var all: [Result<CommandRunner.Output, any Error>?] {
        lock.lock()
        defer { lock.unlock() }
        return outputs
    }
}
