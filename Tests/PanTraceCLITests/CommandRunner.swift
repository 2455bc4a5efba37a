import Foundation
import SQLiteTestSupport
import TestFolders
import Testing

@testable import PanTraceCLI

#if canImport(Glibc)
import Glibc
#endif

/// Runs `pantrace`'s command line like swift-argument-parser's
/// `AssertExecuteCommand`: arguments and standard input in; standard output,
/// standard error and the exit status out. In this process by default
/// (``InProcessCommandLine``), or the built binary (`process: true`).
struct CommandRunner {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The binary beside the test bundle (`swift test` builds it first).
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["PANTRACE_BIN"] { return URL(fileURLWithPath: path) }
        var folder = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = folder.appending(path: "pantrace")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
            folder = folder.deletingLastPathComponent()
        }
        return repositoryRoot.appending(path: ".build/debug/pantrace")
    }()

    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A fresh temporary folder for one test's database and files.
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

    /// Runs `pantrace arguments…` with `--db` added after the subcommand unless `db` is false.
    ///
    /// In this process (``InProcessCommandLine``) unless `process` is true or
    /// there is standard input to give: what a command prints and the status
    /// it ends with are the same there, without starting a debug binary
    /// (~30 ms of CPU each). `process: true` runs the built binary, for what
    /// only a process shows: the exit status the shell sees, its descriptors.
    func run(
        _ arguments: [String], db useDatabase: Bool = true, stdin: String? = nil,
        environment: [String: String] = [:], process inProcess: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Output {
        var arguments = arguments
        if useDatabase, let first = arguments.first, !first.hasPrefix("-") {
            arguments.insert(contentsOf: ["--db", db], at: 1)
        }
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        env.removeValue(forKey: "CI")
        for (key, value) in environment { env[key] = value }
        guard inProcess || stdin != nil else {
            return InProcessCommandLine.run(arguments, in: folder, environment: env)
        }
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        // Read both pipes concurrently so that a large output cannot block the child.
        let errors = PipeDrain(err)
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errors.finish(), as: UTF8.self))
    }

    /// What `sqlite3 db sql` prints (in-process, see ``SQLiteShell``).
    func sqlite(_ sql: String) throws -> String {
        SQLiteShell.run(db, sql)
    }
}

/// `pantrace`'s command line run in the tests' process: ``Pantrace/run(_:)``,
/// the function the binary's `main` calls, with standard output and error
/// captured (``Redirection``) and the environment given.
///
/// In the test's folder, as the binary runs: a command's relative paths
/// (`--junit pantrace.xml`) are the working directory's. On Linux the thread
/// takes a working directory of its own first (`unshare(CLONE_FS)`), so that
/// commands of other tests run at the same time on other threads keep theirs;
/// elsewhere they take turns.
enum InProcessCommandLine {
    private static let turns = NSLock()

    /// Linux's `unshare(2)` (Glibc's module leaves it out) and its `CLONE_FS`.
    private static let unshareWorkingDirectory: (@convention(c) (Int32) -> Int32)? = {
        #if os(Linux)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "unshare") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
        #else
        return nil
        #endif
    }()
    private static let cloneFS: Int32 = 0x0000_0200

    static func run(_ arguments: [String], in folder: URL, environment: [String: String]) -> CommandRunner.Output {
        let ownDirectory = unshareWorkingDirectory?(cloneFS) == 0
        if !ownDirectory { turns.lock() }
        defer { if !ownDirectory { turns.unlock() } }
        let previous = FileManager.default.currentDirectoryPath
        guard FileManager.default.changeCurrentDirectoryPath(folder.path) else {
            return CommandRunner.Output(status: -1, stdout: "", stderr: "the test cannot enter its folder \(folder.path)")
        }
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        let redirection = Redirection(environment: environment)
        let status = Console.$redirection.withValue(redirection) { Pantrace.run(arguments) }
        return CommandRunner.Output(
            status: status, stdout: String(decoding: redirection.output.captured, as: UTF8.self),
            stderr: String(decoding: redirection.errors.captured, as: UTF8.self))
    }
}

/// Reads a pipe to its end on a thread of its own.
///
/// Not on `DispatchQueue.global()`: the tests block their threads while a
/// child runs, and on Linux those are the global queue's threads, so a
/// block queued there waited up to a second for one (libdispatch adds a
/// thread only when it sees the pool starved).
final class PipeDrain: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }.start()
    }

    private var finished = false

    /// The bytes, once every writer has closed the pipe.
    func finish() -> Data {
        if !finished {
            done.wait()
            finished = true
        }
        return data
    }
}
