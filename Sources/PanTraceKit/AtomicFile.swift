import PanTraceModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An output file (`--html`, `--junit`, `--best-config`) that could not be
/// written: an I/O error (docs/commands.md §7.4, exit 74) — a full disk, a folder that
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
/// is removed when it goes away, or on SIGINT, SIGTERM and SIGHUP
/// (``TemporaryFiles``). A new file gets the permissions a newly created
/// file would (0666 less the umask); a file replaced keeps its permission
/// bits (and, for root, its owner).
///
/// What the path names decides how it is written (docs/safety.md):
/// - a regular file, or nothing: replaced atomically, as above;
/// - a symbolic link (or a chain of them): followed; the file at its end is
///   replaced atomically (or created), and the link stays a link;
/// - anything else that exists (a device such as `/dev/null`, a FIFO, a
///   terminal, `/dev/stdout` on a pipe): written through, opened for writing
///   as a shell's `>` would, never replaced;
/// - the file the process's standard output or error is (`/dev/stdout` when
///   it is redirected to a file): written through that descriptor, after
///   what it already holds, so that neither the report nor the file is lost.
///
/// ```swift
/// let page = try AtomicFile(path: "report.html")
/// try page.write(html)
/// try page.commit()
/// ```
public final class AtomicFile {
    private let path: String
    /// The file renamed over `target`; `nil` when writing through.
    private let temporary: String?
    /// Where ``commit()`` renames the temporary file: `path` with its links followed.
    private let target: String
    private let file: UnsafeMutablePointer<FILE>
    private let slot: Int?
    private var done = false

    /// Creates the temporary file beside the file `path` names (or opens a
    /// device, FIFO or terminal that `path` names for writing).
    ///
    /// A relative `path` is in the current task's folder (the process's
    /// current directory unless the task was given another); errors name
    /// `path` as given.
    public init(path: String) throws(FileWriteError) {
        self.path = path
        let location = FileContext.location(of: path)
        var status = stat()
        // The file standard output or error writes to, a device, a FIFO, a
        // terminal: written through, never replaced (a folder fails to open, EISDIR).
        var through: (descriptor: Int32, mode: String)?
        if let standard = AtomicFile.standardDescriptor(naming: location) {
            through = (dup(standard), "a")
        } else if stat(location, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
            through = (open(location, O_WRONLY | O_NOCTTY | O_CLOEXEC), "w")
        }
        if let (descriptor, mode) = through {
            guard descriptor >= 0 else { throw AtomicFile.failure(path) }
            guard let file = fdopen(descriptor, mode) else {
                let error = AtomicFile.failure(path)
                close(descriptor)
                throw error
            }
            self.temporary = nil
            self.target = location
            self.file = file
            self.slot = nil
            return
        }
        let target = try AtomicFile.followingLinks(location, named: path)
        let existing: stat? = stat(target, &status) == 0 ? status : nil
        // A file this process may not write is not replaced either (a shell's `>` would fail too).
        if existing != nil, access(target, W_OK) != 0 { throw AtomicFile.failure(path) }
        let slash = target.lastIndex(of: "/")
        let folder = slash.map { String(target[...$0]) } ?? ""
        let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        var template = Array((folder + "." + name + ".XXXXXX").utf8CString)
        let (descriptor, slot) = TemporaryFiles.withSignalsBlocked { () -> (Int32, Int?) in
            let descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
            guard descriptor >= 0 else { return (descriptor, nil) }
            return (descriptor, TemporaryFiles.register(String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)))
        }
        guard descriptor >= 0 else { throw AtomicFile.failure(path) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // mkstemp makes the file 0600: give it the mode of the file it
        // replaces, or the mode a new file would have.
        let mask = umask(0)
        umask(mask)
        let mode = existing.map { $0.st_mode & 0o7777 } ?? (0o666 & ~mask)
        if let existing, getuid() == 0 { _ = fchown(descriptor, existing.st_uid, existing.st_gid) }
        guard fchmod(descriptor, mode) == 0, let file = fdopen(descriptor, "w") else {
            let error = AtomicFile.failure(path)
            close(descriptor)
            unlink(temporary)
            TemporaryFiles.unregister(slot)
            throw error
        }
        self.temporary = temporary
        self.target = target
        self.file = file
        self.slot = slot
    }

    deinit {
        if !done {
            fclose(file)
            if let temporary { unlink(temporary) }
            TemporaryFiles.unregister(slot)
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

    /// Flushes the file to disk and renames it over the target (a file
    /// written through is flushed and closed).
    public func commit() throws(FileWriteError) {
        guard let temporary else {
            done = true
            let flushed = fflush(file) == 0
            let error = flushed ? nil : AtomicFile.failure(path)
            guard fclose(file) == 0, flushed else { throw error ?? AtomicFile.failure(path) }
            return
        }
        guard fflush(file) == 0, fsync(fileno(file)) == 0 else { throw AtomicFile.failure(path) }
        done = true
        let closed = fclose(file) == 0
        guard closed, rename(temporary, target) == 0 else {
            let error = AtomicFile.failure(path)
            unlink(temporary)
            TemporaryFiles.unregister(slot)
            throw error
        }
        TemporaryFiles.unregister(slot)
    }

    /// 1 or 2 when `path` (its links followed) is the regular file that the
    /// process's standard output or error writes to; `nil` otherwise.
    static func standardDescriptor(naming path: String) -> Int32? {
        var named = stat()
        guard stat(path, &named) == 0, (named.st_mode & S_IFMT) == S_IFREG else { return nil }
        for descriptor: Int32 in [1, 2] {
            var open = stat()
            if fstat(descriptor, &open) == 0, open.st_dev == named.st_dev, open.st_ino == named.st_ino { return descriptor }
        }
        return nil
    }

    /// `location` with its symbolic links followed to the file they end at,
    /// which need not exist (a link to a file not yet written); `location`
    /// itself when it is no link. Errors name `path`.
    static func followingLinks(_ location: String, named path: String) throws(FileWriteError) -> String {
        var current = location
        // Bounded as the system bounds it (ELOOP after 40 links).
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { throw failure(path) }
            let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if link.hasPrefix("/") {
                current = link
            } else {
                let slash = current.lastIndex(of: "/")
                current = (slash.map { String(current[...$0]) } ?? "") + link
            }
        }
        throw FileWriteError(path: path, reason: "too many levels of symbolic links")
    }

    private static func failure(_ path: String) -> FileWriteError {
        FileWriteError(path: path, reason: String(cString: strerror(errno)))
    }
}
