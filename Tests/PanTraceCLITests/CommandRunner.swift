import Foundation
import SQLiteTestSupport
import TestFolders
import Testing


/// Runs the built `pantrace` binary like swift-argument-parser's
/// `AssertExecuteCommand`: arguments and standard input in; standard output,
/// standard error and the exit status out. The workflows themselves are
/// tested in-process through PanTraceKit (Tests/PanTraceKitTests); these
/// tests are for what only the command line shows.
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

    /// Runs `pantrace arguments…` in the test's folder, with `--db` added
    /// after the subcommand unless `db` is false. Help and usage text are
    /// wrapped to 80 columns (`COLUMNS`) unless `environment` says otherwise.
    func run(
        _ arguments: [String], db useDatabase: Bool = true, stdin: String? = nil,
        environment: [String: String] = [:]
    ) throws -> Output {
        var arguments = arguments
        if useDatabase, let first = arguments.first, !first.hasPrefix("-") {
            arguments.insert(contentsOf: ["--db", db], at: 1)
        }
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        env["COLUMNS"] = "80"
        env.removeValue(forKey: "CI")
        for (key, value) in environment { env[key] = value }
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

    /// Runs every statement of `sql` on the test's database (a hand edit).
    func execute(_ sql: String) throws {
        try DatabaseFile(path: db).execute(sql)
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
