import CSQLite
import PanTraceModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a ``Store`` operation failed, in cases the command line maps to exit statuses (docs/commands.md §7.4).
///
/// Intended exit statuses: ``cannotOpen(path:reason:)``,
/// ``notAPantraceDatabase(path:reason:)``, ``newerSchema(path:version:known:)``
/// and ``readOnly(path:)`` → 66; ``traceConflict(name:)`` and
/// ``duplicateTrace(name:)`` → 65 (invalid input data); ``traceNotFound(name:)``
/// and ``runNotFound(_:)`` name something the user asked for (64 or 65, the
/// command's choice); ``ioError(path:reason:)`` → 74 (a full disk);
/// ``locked(path:)`` → 75 (try again); ``sqlite(_:)`` → 70.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file cannot be opened or created (missing folder, permissions, a directory …), or is damaged.
    case cannotOpen(path: String, reason: String)
    /// The file is not SQLite, or an SQLite database of another application.
    case notAPantraceDatabase(path: String, reason: String)
    /// The database was made by a newer pantrace (its `user_version` is higher than this build knows).
    case newerSchema(path: String, version: Int, known: Int)
    /// The database cannot be written (read-only file or folder, or opened read-only).
    case readOnly(path: String)
    /// A trace with this name is stored with different content (docs/commands.md §7.1).
    case traceConflict(name: String)
    /// The same trace name occurs twice in one run.
    case duplicateTrace(name: String)
    /// No stored trace has this name.
    case traceNotFound(name: String)
    /// No run has this id.
    case runNotFound(Int64)
    /// Reading or writing the file failed: the disk is full, or an I/O error.
    case ioError(path: String, reason: String)
    /// Another connection kept the database locked for longer than the busy timeout.
    case locked(path: String)
    /// Any other SQLite failure: an internal error.
    case sqlite(SQLiteError)

    /// A one-line message for the user, naming the file or the trace.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            return "cannot open database \(path): \(reason)"
        case .notAPantraceDatabase(let path, let reason):
            return "\(path) is not a pantrace database (\(reason))"
        case .newerSchema(let path, let version, let known):
            return "\(path) was made by a newer pantrace (schema \(version), this build knows \(known))"
        case .readOnly(let path):
            return "cannot write to database \(path): it is read-only"
        case .traceConflict(let name):
            return "trace '\(name)' is already stored with different content"
        case .duplicateTrace(let name):
            return "trace '\(name)' occurs more than once"
        case .traceNotFound(let name):
            return "no trace named '\(name)'"
        case .runNotFound(let id):
            return "no run \(id)"
        case .ioError(let path, let reason):
            return "cannot write to database \(path): \(reason)"
        case .locked(let path):
            return "database \(path) stayed locked by another process for \(Store.busyTimeoutMilliseconds / 1000) s: try again"
        case .sqlite(let error):
            return error.description
        }
    }

    private static let diskFull = "the disk is full; free some space and try again"

    /// Translates a low-level error of the database `path` names (at `file`,
    /// by default `path` in the task's folder) into a store error.
    static func from(_ error: SQLiteError, path: String, file: String? = nil) -> StoreError {
        switch error.primaryCode {
        case SQLITE_READONLY:
            return .readOnly(path: path)
        case SQLITE_NOTADB:
            return .notAPantraceDatabase(path: path, reason: "not a database")
        case SQLITE_CANTOPEN:
            return .cannotOpen(path: path, reason: error.message)
        case SQLITE_FULL:
            return .ioError(path: path, reason: diskFull)
        case SQLITE_IOERR where error.systemErrno == ENOSPC || Store.diskIsFull(beside: file ?? FileContext.location(of: path)):
            // SQLite says SQLITE_FULL only for the database and its journal;
            // a -shm it cannot extend (even to read) is an I/O error.
            return .ioError(path: path, reason: diskFull)
        case SQLITE_IOERR where error.systemErrno == EFBIG:
            return .ioError(path: path, reason: "the file would pass the size limit (ulimit -f); raise it and try again")
        case SQLITE_IOERR where error.systemErrno == EDQUOT:
            return .ioError(path: path, reason: "the disk quota is exceeded; free some space and try again")
        case SQLITE_IOERR:
            return .ioError(path: path, reason: "an I/O error (\(error.message)); check the disk and try again")
        case SQLITE_BUSY:
            return .locked(path: path)
        case SQLITE_CORRUPT:
            // A truncated or overwritten file: the user's to restore (exit 66), not an internal error.
            return .cannotOpen(path: path, reason: "the file is damaged (\(error.message)); restore it from a backup")
        default:
            return .sqlite(error)
        }
    }
}
