#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

import PanTrace

/// An output file (`--html`, `--best-config`, `--junit`) written whole or not
/// at all: a temporary file beside it, renamed over it by ``commit()``.
///
/// The temporary file is created by ``init(path:)``, so that a path that
/// cannot be written fails before any work (``OutputFileError``, exit 66);
/// a command that fails before ``commit()`` removes it and leaves an
/// existing file as it was. A write that fails later, a full disk, is a
/// ``FileWriteError`` (SPEC 7.4: exit 74).
final class AtomicOutputFile {
    private let path: String
    private let temporary: String
    private let file: UnsafeMutablePointer<FILE>
    private var done = false

    /// Creates the temporary file beside `path`.
    init(path: String) throws {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array((folder + "." + name + ".XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard descriptor >= 0 else { throw OutputFileError(path: path, reason: String(cString: strerror(errno))) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // mkstemp makes the file 0600; give it the mode a new file would have.
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
        guard let file = fdopen(descriptor, "w") else {
            close(descriptor)
            unlink(temporary)
            throw OutputFileError(path: path, reason: String(cString: strerror(errno)))
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

    /// Appends `text`.
    func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { bytes in try write(UnsafeRawBufferPointer(bytes)) }
    }

    /// Appends `bytes`.
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard fwrite(bytes.baseAddress, 1, bytes.count, file) == bytes.count else { throw failure() }
    }

    /// Flushes the file to disk and renames it over `path`.
    func commit() throws {
        guard fflush(file) == 0, fsync(fileno(file)) == 0 else { throw failure() }
        done = true
        let closed = fclose(file) == 0
        guard closed, rename(temporary, path) == 0 else {
            let error = failure()
            unlink(temporary)
            throw error
        }
    }

    private func failure() -> FileWriteError {
        FileWriteError(path: path, reason: String(cString: strerror(errno)))
    }
}
