#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An output file (`--html`, `--junit`, `--best-config`) that could not be
/// written: an I/O error (SPEC 7.4, exit 74) — a full disk, a folder that
/// does not exist or is not writable.
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

/// A file written whole or not at all: the text goes to a temporary file in
/// the same folder, which is flushed to disk and then renamed over the
/// target by ``commit()``, so that a reader (or a failed command) never sees
/// half a file and a file that existed keeps its content until the new one
/// is complete.
///
/// The temporary file is created by ``init(path:)``, so that a path that
/// cannot be written fails before any work; a file that is never committed
/// is removed when it goes away. The new file gets the permissions a newly
/// created file would (0666 less the umask).
///
/// ```swift
/// let page = try AtomicFile(path: "report.html")
/// try page.write(html)
/// try page.commit()
/// ```
public final class AtomicFile {
    private let path: String
    private let temporary: String
    private let file: UnsafeMutablePointer<FILE>
    private var done = false

    /// Creates the temporary file beside `path`.
    public init(path: String) throws(FileWriteError) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array((folder + "." + name + ".XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard descriptor >= 0 else { throw AtomicFile.failure(path) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // mkstemp makes the file 0600; give it the mode a new file would have.
        let mask = umask(0)
        umask(mask)
        guard fchmod(descriptor, 0o666 & ~mask) == 0, let file = fdopen(descriptor, "w") else {
            let error = AtomicFile.failure(path)
            close(descriptor)
            unlink(temporary)
            throw error
        }
        self.path = path
        self.temporary = temporary
        self.file = file
    }

    deinit {
        if !done {
            fclose(file)
            unlink(temporary)
        }
    }

    /// Writes `text` (UTF-8) to `path` whole, replacing the file if it exists;
    /// on failure `path` is untouched.
    public static func write(_ text: String, to path: String) throws(FileWriteError) {
        let file = try AtomicFile(path: path)
        try file.write(text)
        try file.commit()
    }

    /// Appends `text`.
    public func write(_ text: String) throws(FileWriteError) {
        var text = text
        let written = text.withUTF8 { bytes in fwrite(bytes.baseAddress, 1, bytes.count, file) }
        guard written == text.utf8.count else { throw AtomicFile.failure(path) }
    }

    /// Appends `bytes`.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(FileWriteError) {
        guard fwrite(bytes.baseAddress, 1, bytes.count, file) == bytes.count else { throw AtomicFile.failure(path) }
    }

    /// Flushes the file to disk and renames it over `path`.
    public func commit() throws(FileWriteError) {
        guard fflush(file) == 0, fsync(fileno(file)) == 0 else { throw AtomicFile.failure(path) }
        done = true
        let closed = fclose(file) == 0
        guard closed, rename(temporary, path) == 0 else {
            let error = AtomicFile.failure(path)
            unlink(temporary)
            throw error
        }
    }

    private static func failure(_ path: String) -> FileWriteError {
        FileWriteError(path: path, reason: String(cString: strerror(errno)))
    }
}
