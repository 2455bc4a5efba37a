#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An output file (`--html`) that could not be written: an I/O error
/// (SPEC 7.4, exit 74) — a full disk, a folder that does not exist or is
/// not writable.
public struct FileWriteError: Error, Equatable, CustomStringConvertible {
    /// The file as named on the command line.
    public var path: String
    /// What failed, from the system (`strerror`).
    public var reason: String

    /// The error for `path`, because of `reason`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot write \(path): \(reason)" }
}

/// Writes a whole file or nothing: the text goes to a temporary file in the
/// same folder, which is flushed to disk and then renamed over the target, so
/// that a reader (or a failed command) never sees half a file and a file that
/// existed keeps its content until the new one is complete.
public enum AtomicFile {
    /// Writes `text` (UTF-8) to `path`, replacing the file if it exists.
    ///
    /// The new file gets the permissions a newly created file would (0666
    /// less the umask). On failure the temporary file is removed and `path`
    /// is untouched.
    public static func write(_ text: String, to path: String) throws(FileWriteError) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array((folder + "." + name + ".XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else { throw failure(path) }
        let temporary = String(cString: template)
        var done = false
        defer {
            if !done { unlink(temporary) }
        }
        var text = text
        let written = text.withUTF8 { bytes -> Bool in
            guard let start = bytes.baseAddress else { return true }
            var offset = 0
            while offset < bytes.count {
                let count = systemWrite(descriptor, start + offset, bytes.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += count
            }
            return true
        }
        let mask = umask(0)
        umask(mask)
        guard written, fchmod(descriptor, 0o666 & ~mask) == 0, fsync(descriptor) == 0 else {
            let error = failure(path)
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw failure(path) }
        guard rename(temporary, path) == 0 else { throw failure(path) }
        done = true
    }

    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #else
        Darwin.write(descriptor, bytes, count)
        #endif
    }

    private static func failure(_ path: String) -> FileWriteError {
        FileWriteError(path: path, reason: String(cString: strerror(errno)))
    }
}
