import Foundation
import PanTraceCommands
import SQLiteTestSupport
import TestFolders
import Testing

/// Runs `pantrace` commands in-process as swift-argument-parser's
/// `AssertExecuteCommand` does: arguments, standard input and variables in;
/// standard output, standard error and the exit status out, each command in
/// a console of its own (``Console``) whose folder is the test's. The
/// exit status is the one the process would exit with (`Pantrace.run(_:in:)`
/// maps every error as `main` does); what only a process shows runs the
/// built binary (`spawn(_:db:environment:)`).
struct CommandRunner: Sendable {
    struct Output: Sendable, CustomStringConvertible {
        /// The exit status; -1 when a signal ended the process.
        var status: Int32
        var stdout: String
        var stderr: String
        /// How long the command ran (not the wait for its turn on ``commands``).
        var seconds: Duration = .zero
        /// The signal that ended a process.
        var signal: Int32?

        var description: String { signal.map { "signal \($0)" } ?? "exit \(status)" }
    }

    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A fresh temporary folder for one test's database and files: the commands' folder.
    let folder: URL

    init() throws {
        folder = try TestFolders.make("e2e")
    }

    /// The test's database path.
    var db: String { folder.appending(path: "test.sqlite").path }

    /// A path inside the test's folder.
    func path(_ name: String) -> String { folder.appending(path: name).path }

    /// Writes `text` to a file in the test's folder and returns its path.
    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        let url = folder.appending(path: name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// `arguments` with `--db` and the test's database after the subcommand, when `db` is true.
    func withDatabase(_ arguments: [String], _ useDatabase: Bool) -> [String] {
        guard useDatabase, let first = arguments.first, !first.hasPrefix("-") else { return arguments }
        return [first, "--db", db] + arguments.dropFirst()
    }

    /// What every command reads: no colour, 80 columns, no `CI`, then `environment`.
    static func variables(_ environment: [String: String]) -> [String: String] {
        ["NO_COLOR": "1", "COLUMNS": "80"].merging(environment) { $1 }
    }

    /// Where the commands run: a command is a synchronous program that
    /// blocks (on its worker, on another connection's lock), which the
    /// concurrency pool's threads must never do, and the tests that await a
    /// server in this process need them. As many at once as there are
    /// cores: a dispatch queue would add a thread for each command that
    /// blocks, and a few dozen commands would share two cores.
    static let commands = {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = ProcessInfo.processInfo.activeProcessorCount
        return queue
    }()

    /// Runs `pantrace arguments…` in-process in the test's folder, with `--db`
    /// added after the subcommand unless `db` is false, `stdin` as its
    /// standard input (empty when `nil`), and ``variables(_:)``; its streams
    /// are a terminal's when `terminal` is true.
    func run(
        _ arguments: [String], db useDatabase: Bool = true, stdin: String? = nil,
        environment: [String: String] = [:], terminal: Bool = false
    ) async throws -> Output {
        let arguments = withDatabase(arguments, useDatabase)
        return try await withCheckedThrowingContinuation { continuation in
            Self.commands.addOperation { [folder] in
                continuation.resume(with: Result {
                    try Self.runHere(arguments, in: folder.path, stdin: stdin, environment: environment, terminal: terminal)
                })
            }
        }
    }

    private static func runHere(
        _ arguments: [String], in folder: String, stdin: String?, environment: [String: String], terminal: Bool
    ) throws -> Output {
        // An unlinked file: any size, read at the command's pace, nothing left in the folder.
        guard let input = tmpfile() else { throw CocoaError(.fileWriteUnknown) }
        defer { fclose(input) }
        let bytes = Array((stdin ?? "").utf8)
        guard fwrite(bytes, 1, bytes.count, input) == bytes.count, fflush(input) == 0 else { throw CocoaError(.fileWriteUnknown) }
        rewind(input)
        let console = Console(variables: variables(environment), directory: folder, standardInput: fileno(input), terminal: terminal)
        var status: Int32 = 0
        let seconds = ContinuousClock().measure { status = Pantrace.run(arguments, in: console) }
        return Output(
            status: status, stdout: String(decoding: console.standardOutput.written, as: UTF8.self),
            stderr: String(decoding: console.standardError.written, as: UTF8.self), seconds: seconds)
    }

    /// Runs every statement of `sql` on the test's database (a hand edit).
    func execute(_ sql: String) throws {
        try DatabaseFile(path: db).execute(sql)
    }
}
