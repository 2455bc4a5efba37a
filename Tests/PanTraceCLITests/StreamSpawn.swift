import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs the `pantrace` binary with its standard output and standard error
/// closed, sent to a file or device, or to a pipe nobody reads — what
/// Foundation's `Process` cannot arrange: posix_spawn's file actions do.
enum StreamSpawn {
    enum Target {
        /// The descriptor is closed (`>&-`).
        case closed
        /// Opened for writing: a file (truncated) or a device such as /dev/full.
        case file(String)
        /// A pipe whose reading end is closed before the child starts (`| head` after head exited).
        case brokenPipe
    }

    struct Ending: Equatable, CustomStringConvertible {
        /// The exit status, or `nil` when a signal ended the child.
        var status: Int32?
        var signal: Int32?
        var description: String { status.map { "exit \($0)" } ?? "signal \(signal ?? 0)" }
    }

    /// Runs `pantrace arguments…` (absolute paths: the child runs in the
    /// test's own folder) with `stdout` and `stderr` as given (standard
    /// input is /dev/null) and waits for it.
    static func run(_ arguments: [String], stdout: Target, stderr: Target) throws -> Ending {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var parentEnds: [Int32] = []
        defer { parentEnds.forEach { close($0) } }
        for (descriptor, target) in [(Int32(1), stdout), (Int32(2), stderr)] {
            switch target {
            case .closed:
                posix_spawn_file_actions_addclose(&actions, descriptor)
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, descriptor, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            case .brokenPipe:
                var ends: [Int32] = [0, 0]
                guard pipe(&ends) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
                close(ends[0])
                parentEnds.append(ends[1])
                posix_spawn_file_actions_adddup2(&actions, ends[1], descriptor)
                posix_spawn_file_actions_addclose(&actions, ends[1])
            }
        }
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment.removeValue(forKey: "CI")
        let argv = ([CommandRunner.binary.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, CommandRunner.binary.path, &actions, nil, argv, envp)
        guard spawned == 0 else { throw POSIXError(.init(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import.
        return status & 0x7F == 0 ? Ending(status: (status >> 8) & 0xFF, signal: nil) : Ending(status: nil, signal: status & 0x7F)
    }
}
