import Foundation
import SQLiteTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A `pantrace` process the test watches while it runs: its standard input is
/// a pipe the test writes, its output goes to files, and its progress is read
/// from `/proc` (Linux), so that the tests act at a moment of the child's
/// work, never after a fixed sleep.
final class ChildProcess {
    let process = Process()
    let input = Pipe()
    private let outputPath: String
    private let errorPath: String

    /// Starts `pantrace arguments…` in `runner`'s folder.
    init(_ arguments: [String], in runner: CommandRunner, label: String) throws {
        outputPath = runner.path("\(label).stdout")
        errorPath = runner.path("\(label).stderr")
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        process.executableURL = CommandRunner.binary
        process.arguments = arguments
        process.currentDirectoryURL = runner.folder
        process.standardInput = input
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }
    var stderr: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }
    var stdout: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }

    /// Writes `text` to the child's standard input; returns once the pipe has
    /// taken it all (the child reads as it goes).
    func send(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Closes standard input: the end of `--from -`.
    func closeInput() throws { try input.fileHandleForWriting.close() }

    /// Bytes written to the child's standard input that it has not read yet.
    var unreadInput: Int {
        var count: Int32 = 0
        return ioctl(input.fileHandleForWriting.fileDescriptor, UInt(FIONREAD), &count) == 0 ? Int(count) : -1
    }

    /// The fields of `/proc/PID/stat` after the command name: [0] is the state
    /// (`R` running, `S` sleeping …), [11] and [12] user and system time in ticks.
    private var stat: [Substring]? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        return text[text.index(after: close)...].split(separator: " ")
    }

    /// True while the child sleeps in the kernel (for example blocked reading its input).
    var isSleeping: Bool { stat?.first == "S" }

    /// CPU time used so far, in seconds.
    var cpuSeconds: Double {
        guard let fields = stat, fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// True when the child has `path` open.
    func hasOpen(_ path: String) -> Bool {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let folder = "/proc/\(pid)/fd"
        guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
        return descriptors.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)")) == target }
    }

    /// Polls `condition` (every 0.5 ms, for at most `limit` seconds) while the
    /// child runs; true when it held before the child exited.
    func wait(until condition: () -> Bool, limit: Double = 60) -> Bool {
        let deadline = Date().addingTimeInterval(limit)
        while process.isRunning, Date() < deadline {
            if condition() { return true }
            usleep(500)
        }
        return false
    }

    /// Seconds from now until the child has exited, read from `/proc` (its
    /// state `Z`, or gone once reaped): the child's own exit, not when this
    /// process's Foundation noticed it, which a busy test process delays.
    func secondsUntilExit(limit: Double = 60) -> Double {
        let started = Date()
        while Date().timeIntervalSince(started) < limit {
            guard let state = stat?.first, state != "Z", state != "X" else { break }
            usleep(500)
        }
        return Date().timeIntervalSince(started)
    }

    /// Sends SIGKILL and waits; true when the signal ended the child (false
    /// when it had exited on its own first).
    @discardableResult
    func kill() -> Bool {
        if process.isRunning { _ = Glibc.kill(pid, SIGKILL) }
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
    }

    /// Waits for the child to exit and returns its status.
    func finish() -> Int32 {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

extension Hardening {
    /// Counts that must hold in any pantrace database, whatever was killed when
    /// (each query counts violations): a run has all of its results, a trace
    /// all of its samples, and every trace belongs to a committed run.
    static let consistencyQueries: [(String, String)] = [
        ("runs whose results are missing", "SELECT count(*) FROM run r WHERE r.trace_count IS NOT (SELECT count(*) FROM result WHERE run_id = r.id)"),
        ("traces whose samples are missing", "SELECT count(*) FROM trace t WHERE t.sample_count IS NOT (SELECT count(*) FROM sample WHERE trace_id = t.id)"),
        ("traces of no run", "SELECT count(*) FROM trace t WHERE NOT EXISTS (SELECT 1 FROM result WHERE trace_id = t.id)"),
        ("results without frames in a record run",
            "SELECT count(*) FROM result x JOIN run r ON r.id = x.run_id WHERE r.kind = 'record' AND NOT EXISTS (SELECT 1 FROM frame WHERE result_id = x.id)"),
    ]

    /// Checks `PRAGMA integrity_check`, the foreign keys and ``consistencyQueries`` on `path`.
    static func expectConsistent(_ path: String, _ moment: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try DatabaseFile(path: path).texts("PRAGMA integrity_check") == ["ok"], "\(moment)", sourceLocation: sourceLocation)
        #expect(try DatabaseFile(path: path).rows("PRAGMA foreign_key_check") == [], "\(moment)", sourceLocation: sourceLocation)
        for (problem, query) in consistencyQueries {
            #expect(try integer(path, query) == 0, "\(moment): \(problem)", sourceLocation: sourceLocation)
        }
    }
}
