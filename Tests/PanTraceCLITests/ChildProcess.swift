import BrowserTestSupport
import Foundation
import SQLiteTestSupport
import Subprocess
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

extension CommandRunner.Output {
    /// How a process ended (its exit status, or -1 and the signal that ended it), and what it wrote.
    init(_ termination: TerminationStatus, stdout: String, stderr: String) {
        switch termination {
        case .exited(let code): self.init(status: code, stdout: stdout, stderr: stderr)
        case .signaled(let number): self.init(status: -1, stdout: stdout, stderr: stderr, signal: number)
        }
    }
}

/// The built `pantrace` in a process of its own, for what only a process
/// shows (signals, closed and full streams, `kill -9`, other processes on the
/// same file, the lab, the README's commands), spawned and awaited through
/// swift-subprocess. (FilePath and FileDescriptor are swift-system's,
/// written as `.init(…)`.)
extension CommandRunner {
    /// The binary beside the test bundle (`swift test` builds it first), or `PANTRACE_BIN`.
    static let binary: String = {
        if let path = ProcessInfo.processInfo.environment["PANTRACE_BIN"] { return path }
        var folder = Bundle.main.bundleURL
        for _ in 0..<4 where !FileManager.default.isExecutableFile(atPath: folder.appending(path: "pantrace").path) {
            folder.deleteLastPathComponent()
        }
        return folder.appending(path: "pantrace").path
    }()

    /// The process's environment with ``variables(_:)`` (a `nil` in
    /// `overrides` removes a variable), `pantrace` first on the `PATH`, and no
    /// backtrace (a crash would spend seconds symbolicating one).
    static func environment(_ overrides: [String: String?]) -> Subprocess.Environment {
        let path = (binary as NSString).deletingLastPathComponent + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        var updates: [Subprocess.Environment.Key: String?] = ["CI": nil, "PATH": path, "SWIFT_BACKTRACE": "enable=no"]
        for (key, value) in variables([:]) { updates[.init(stringLiteral: key)] = value }
        for (key, value) in overrides { updates[.init(stringLiteral: key)] = .some(value) }
        return .inherit.updating(updates)
    }

    /// Runs `pantrace arguments…` (with `--db` as ``run(_:db:stdin:environment:)``
    /// adds it) in the test's folder and awaits its end.
    func spawn(_ arguments: [String], db useDatabase: Bool = true, environment: [String: String?] = [:]) async throws -> Output {
        try await Self.spawn(Self.binary, withDatabase(arguments, useDatabase), in: folder, environment: environment)
    }

    /// Runs `script` with `/bin/sh -c` in the test's folder, `$0` the binary and `$@` `arguments`.
    func shell(_ script: String, _ arguments: [String] = [], environment: [String: String?] = [:]) async throws -> Output {
        try await Self.spawn("/bin/sh", ["-c", script, Self.binary] + arguments, in: folder, environment: environment)
    }

    /// Runs `executable arguments…` in `folder`, its standard input empty, and awaits its end, both streams collected.
    static func spawn(_ executable: String, _ arguments: [String], in folder: URL, environment: [String: String?] = [:]) async throws -> Output {
        let result = try await Subprocess.run(
            .path(.init(executable)), arguments: Arguments(arguments), environment: Self.environment(environment),
            workingDirectory: .init(folder.path), input: .string(""), output: .string(limit: 1 << 26), error: .string(limit: 1 << 26))
        return Output(result.terminationStatus, stdout: result.standardOutput, stderr: result.standardError)
    }
}

/// A pipe neither of whose ends another child inherits (pipe2 is not in Glibc's module).
func closeOnExecPipe() -> (reading: Int32, writing: Int32)? {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return (ends[0], ends[1])
}

/// A `pantrace` process the test watches while it runs: its standard input
/// is a pipe the test writes, its output goes to files, and its progress is
/// read from `/proc` (Linux), so that the tests act at a moment of the
/// child's work, never after a fixed sleep.
final class ChildProcess: @unchecked Sendable {
    let pid: pid_t
    private let ending: Task<TerminationStatus, any Error>
    private let outputPath: String
    private let errorPath: String
    /// The writing end of the child's standard input until closed, and whether the child was reaped.
    private let state: State

    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var input: Int32?
        var reaped = false
    }

    /// Starts `pantrace arguments…` (or `executable`) in `runner`'s folder,
    /// its standard output to `output` when given (a descriptor it takes over).
    init(
        _ arguments: [String], in runner: CommandRunner, label: String, executable: String = CommandRunner.binary, output: Int32? = nil
    ) async throws {
        outputPath = runner.path("\(label).stdout")
        errorPath = runner.path("\(label).stderr")
        let flags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC
        let (output, error) = (output ?? open(outputPath, flags, 0o644), open(errorPath, flags, 0o644))
        guard output >= 0, error >= 0, let ends = closeOnExecPipe() else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        let (state, folder, started) = (State(), runner.folder.path, AsyncStream<pid_t>.makeStream())
        state.input = ends.writing
        self.state = state
        ending = Task {
            defer {
                state.lock.withLock { state.reaped = true }
                started.continuation.finish()
            }
            return try await Subprocess.run(
                .path(.init(executable)), arguments: Arguments(arguments), environment: CommandRunner.environment([:]),
                workingDirectory: .init(folder), input: .fileDescriptor(.init(rawValue: ends.reading), closeAfterSpawningProcess: true),
                output: .fileDescriptor(.init(rawValue: output), closeAfterSpawningProcess: true),
                error: .fileDescriptor(.init(rawValue: error), closeAfterSpawningProcess: true)
            ) { execution in
                started.continuation.yield(execution.processIdentifier.value)
            }.terminationStatus
        }
        var first: pid_t?
        for await pid in started.stream {
            first = pid
            break
        }
        guard let first else {
            close(ends.writing)
            _ = try await ending.value
            throw POSIXError(.ECHILD)
        }
        pid = first
    }

    /// A child the test left running (a failed expectation) is killed.
    deinit {
        closeInput()
        signal(SIGKILL)
    }

    /// Closes the child's standard input, once.
    private func closeInput() {
        state.lock.withLock {
            if let input = state.input { close(input) }
            state.input = nil
        }
    }

    private var inputDescriptor: Int32 { state.lock.withLock { state.input ?? -1 } }

    /// Sends `number` to the child unless it was reaped already (its pid may be another process's now).
    func signal(_ number: Int32) {
        state.lock.withLock { if !state.reaped { _ = Glibc.kill(pid, number) } }
    }

    var stderr: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }
    var stdout: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }

    /// Writes `text` to the child's standard input (the child reads as it goes).
    func send(_ text: String) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(inputDescriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            sent += count
        }
    }

    /// Bytes written to the child's standard input that it has not read yet.
    var unreadInput: Int {
        var count: Int32 = 0
        return ioctl(inputDescriptor, UInt(FIONREAD), &count) == 0 ? Int(count) : -1
    }

    /// The fields of `/proc/PID/stat` after the command name: [0] is the state
    /// (`R` running, `S` sleeping, `Z` exited …), [11] and [12] user and system time in ticks.
    private var stat: [Substring]? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        return text[text.index(after: close)...].split(separator: " ")
    }

    /// True until the child has exited (a zombie, or reaped).
    var isRunning: Bool { !state.lock.withLock { state.reaped } && (stat.map { $0.first != "Z" && $0.first != "X" } ?? false) }

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

    /// Checks `condition` every 5 ms (for at most `limit` seconds)
    /// while the child runs; true when it held before the child exited.
    /// For a state that stays until the test acts (a line printed, a file
    /// open, a child asleep on a lock or on its input); a moment that passes
    /// is met by ``signal(_:when:limit:)``.
    func wait(limit: Double = 60, until condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(limit)
        while isRunning, Date() < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return false
    }

    /// The interval at which a moment that passes is checked for (``signal(_:when:limit:)``, the exit).
    static let moment: Duration = .microseconds(500)

    /// Sends `number` the moment `condition` holds, from a thread of its own
    /// (``ThreadWatch``) checking every ``moment``: a moment of the child's
    /// work that passes is hit when it comes, not when this test's next turn
    /// on a busy concurrency pool would notice it (meanwhile the child would
    /// run on, its work spent). True when the signal was sent while the child
    /// ran; false when it exited first or `limit` seconds passed.
    func signal(_ number: Int32, when condition: @escaping @Sendable () -> Bool, limit: Double = 60) async -> Bool {
        let sent = Mutex(false)
        _ = await ThreadWatch(every: Self.moment, limit: limit) { [self] in
            guard isRunning else { return true }
            guard condition() else { return false }
            signal(number)
            sent.withLock { $0 = true }
            return true
        }.seconds()
        return sent.withLock { $0 }
    }

    /// Seconds from now until the child has exited, read from `/proc` by a
    /// thread of its own (``ThreadWatch``): the child's own exit, not when
    /// this test's next turn on a busy concurrency pool noticed it.
    func secondsUntilExit(limit: Double = 60) async -> Double {
        await ThreadWatch(every: Self.moment, limit: limit) { [self] in !isRunning }.seconds() ?? limit
    }

    /// Sends SIGKILL and awaits the end; true when the signal ended the child
    /// (false when it had exited on its own first).
    @discardableResult
    func kill() async -> Bool {
        signal(SIGKILL)
        return (try? await ending.value) == .signaled(SIGKILL)
    }

    /// Closes standard input (the end of `--from -`), awaits the child's end
    /// and returns it.
    func finish() async throws -> TerminationStatus {
        closeInput()
        return try await ending.value
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
