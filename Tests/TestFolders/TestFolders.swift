import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The tests' temporary folders: each is made under one folder per test
/// process, `pantrace-tests-<pid>`, which is removed when the process exits
/// (set `PANTRACE_KEEP_TEST_FILES` to keep it). The roots of test processes
/// that are gone (a crash, a kill) are removed when the next one starts, so
/// that runs never pile up (a day of work would otherwise leave tens of
/// gigabytes of databases behind).
///
/// In `/dev/shm` where it has 2 GiB free (Linux's shared-memory tmpfs): the tests'
/// databases are throwaway, no test is about surviving a power cut (a kill is
/// CrashSafetyTests', and a full disk is `ulimit -f`), and in memory a commit's
/// `fdatasync` and a new file's inode cost nothing. On the 2-core machine that
/// took 2-3 s of system time off `swift test` (measured when it was introduced; docs/performance.md in git history).
/// Elsewhere, the system's temporary directory (`TMPDIR`).
public enum TestFolders {
    /// This process's root, made (and earlier runs' roots removed) on first use.
    public static let root: URL = {
        let temporary = parent
        removeRootsOfEndedProcesses(in: temporary)
        let root = temporary.appending(path: "\(prefix)\(getpid())")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        if ProcessInfo.processInfo.environment["PANTRACE_KEEP_TEST_FILES"] == nil {
            atexit { try? FileManager.default.removeItem(at: TestFolders.root) }
        }
        return root
    }()

    static let prefix = "pantrace-tests-"

    /// `/dev/shm` when it is a folder this process may write with room for a
    /// run (a container's is often 64 MB; a run writes about 250 MB), else
    /// the temporary directory.
    static var parent: URL {
        var isFolder: ObjCBool = false
        var space = statvfs()
        if FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isFolder), isFolder.boolValue,
            FileManager.default.isWritableFile(atPath: "/dev/shm"), statvfs("/dev/shm", &space) == 0,
            UInt64(space.f_bavail) * UInt64(space.f_frsize) >= 2 << 30
        {
            return URL(fileURLWithPath: "/dev/shm")
        }
        return FileManager.default.temporaryDirectory
    }

    /// A new empty folder named `<label>-<UUID>` under ``root``.
    public static func make(_ label: String) throws -> URL {
        let folder = root.appending(path: "\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Removes every `pantrace-tests-<pid>` folder whose process has ended.
    static func removeRootsOfEndedProcesses(in folder: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid != getpid() else { continue }
            if kill(pid, 0) == -1, errno == ESRCH {
                try? FileManager.default.removeItem(at: folder.appending(path: name))
            }
        }
    }
}
