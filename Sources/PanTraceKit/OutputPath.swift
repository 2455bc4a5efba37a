import PanTraceModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An output file named on the command line (`--junit`, `--html`,
/// `--best-config`) that would overwrite the database or one of SQLite's
/// files beside it (docs/commands.md §7.4: no output file may be the database).
public struct OutputPathError: Error, Equatable, CustomStringConvertible {
    /// The option that named the file, e.g. `--junit`.
    public var option: String
    /// The path as given.
    public var path: String
    /// The database it would overwrite.
    public var database: String

    /// The error for the output `path`, named by `option`, that is `database`.
    public init(option: String, path: String, database: String) {
        self.option = option
        self.path = path
        self.database = database
    }

    public var description: String {
        "\(option) \(path) is the database \(database) (or a file SQLite keeps beside it): "
            + "writing it would destroy the store; choose another file"
    }
}

/// Checks an output path against the database before anything is written.
public enum OutputPath {
    /// Throws when `path` names `database`, its `-wal`, `-shm` or `-journal`
    /// file, through any spelling, symbolic link or hard link.
    ///
    /// Existing files are compared by device and inode (a hard link or a
    /// symbolic link to the database is the database); a file that does not
    /// exist yet is compared by its resolved directory and name, so that
    /// `./x.sqlite` and `x.sqlite` for a database about to be created match too.
    /// Relative paths are in the current task's folder (the process's current
    /// directory unless the task was given another).
    public static func refuseDatabase(_ path: String, option: String, database: String) throws(OutputPathError) {
        let (output, stored) = (FileContext.location(of: path), FileContext.location(of: database))
        for suffix in ["", "-wal", "-shm", "-journal"] where same(output, stored + suffix) {
            throw OutputPathError(option: option, path: path, database: database)
        }
    }

    /// Whether `a` and `b` name the same file.
    static func same(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        if stat(a, &first) == 0, stat(b, &second) == 0 {
            return first.st_dev == second.st_dev && first.st_ino == second.st_ino
        }
        guard let left = resolved(a), let right = resolved(b) else { return a == b }
        return left == right
    }

    /// The absolute path of `path` with its directory's links resolved; the
    /// file itself need not exist.
    static func resolved(_ path: String) -> String? {
        if let full = realpath(path, nil) {
            defer { free(full) }
            return String(cString: full)
        }
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty, name != ".", name != "..", let parent = realpath(directory, nil) else { return nil }
        defer { free(parent) }
        let base = String(cString: parent)
        return (base.hasSuffix("/") ? base : base + "/") + name
    }
}
