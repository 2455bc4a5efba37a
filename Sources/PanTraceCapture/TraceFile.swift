import PanTraceModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The JSON Lines file a recorder appends to, with a size cap after which it stops.
///
/// Each append opens the file (creating it), checks its size, writes the
/// line and its newline with one `write`, and closes it: nothing stays open
/// between gestures, and a file the app has moved away (to upload it) is
/// simply started again.
///
/// The cap stops rather than rotates: once a line does not fit, no later
/// line is written either (a file of only the short gestures that still fit
/// would be a biased sample), until the file is collected — removed,
/// replaced or truncated below the size it had when it stopped.
final class TraceFile {
    /// What happened to one line.
    enum Outcome: Equatable {
        case written
        /// The cap was reached; the line was not written.
        case full
        /// The system refused; nothing of the line is left in the file.
        case failed(String)
    }

    let path: String
    let maximumSize: Int
    /// The file's size when it stopped; `nil` while it accepts lines.
    private var stoppedAt: Int?

    init(path: String, maximumSize: Int) {
        self.path = path
        self.maximumSize = maximumSize
    }

    /// Appends `line` and a newline, unless the cap is reached.
    func append(_ line: String) -> Outcome {
        let descriptor = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return .failed(Self.systemError("cannot open \(path)")) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failed(Self.systemError("cannot read the size of \(path)")) }
        let size = Int(status.st_size)
        // A last line without its newline (a crash, another writer) is
        // repaired before anything is added after it (docs/capture.md).
        var repair = Repair.none
        if size > 0 {
            switch lastLineRepair(descriptor, size: size) {
            case .success(let needed): repair = needed
            case .failure(let reason): return .failed(reason.text)
            }
        }
        if let stoppedAt {
            guard size < stoppedAt else { return .full }
            self.stoppedAt = nil  // collected: start again
        }
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        var base = size
        switch repair {
        case .none: break
        case .newline: bytes.insert(0x0A, at: 0)
        case .cut(let length): base = length
        }
        guard base + bytes.count <= maximumSize else {
            stoppedAt = size
            return .full
        }
        // Past the process's file-size limit (`ulimit -f`) a write would
        // raise SIGXFSZ, which kills the app mid-line: check it first and
        // write nothing (a library must not change the app's signal handling).
        // RLIM_INFINITY is the largest value, never passed.
        var limit = rlimit()
        if getrlimit(Self.fileSizeResource, &limit) == 0, UInt64(base + bytes.count) > UInt64(limit.rlim_cur) {
            return .failed("cannot write \(path): the file would pass the size limit (ulimit -f, \(limit.rlim_cur) bytes)")
        }
        if case .cut(let length) = repair, ftruncate(descriptor, off_t(length)) != 0 {
            return .failed(Self.systemError("cannot cut the torn last line of \(path)"))
        }
        var done = 0
        while done < bytes.count {
            let count = bytes[done...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                let reason = Self.systemError("cannot write \(path)")
                // A partial line would make the whole file unreadable by `pantrace record`.
                _ = ftruncate(descriptor, off_t(base))
                return .failed(reason)
            }
            done += count
        }
        return .written
    }

    /// How a file whose last byte is not a newline is made to end with a whole line.
    enum Repair: Equatable {
        case none
        /// The text after the last newline is a whole trace, or blank: a newline completes it.
        case newline
        /// The text from this offset is a torn line: it is cut off, so that
        /// `pantrace record` reads every other line.
        case cut(Int)
    }

    /// What the end of the file needs before a line is appended (nothing is changed yet).
    private func lastLineRepair(_ descriptor: Int32, size: Int) -> Result<Repair, FailureText> {
        var last: UInt8 = 0
        guard pread(descriptor, &last, 1, off_t(size - 1)) == 1 else {
            return .failure(FailureText(Self.systemError("cannot read \(path)")))
        }
        if last == 0x0A { return .success(.none) }
        // Walk back to the last newline, a block at a time (bounded by the file).
        var start = size
        var block = [UInt8](repeating: 0, count: 4096)
        search: while start > 0 {
            let count = min(block.count, start)
            let offset = start - count
            let read = block.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
            guard read == count else { return .failure(FailureText(Self.systemError("cannot read \(path)"))) }
            for index in stride(from: count - 1, through: 0, by: -1) where block[index] == 0x0A {
                start = offset + index + 1
                break search
            }
            start = offset
        }
        var tail = [UInt8](repeating: 0, count: size - start)
        let read = tail.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(start)) }
        guard read == tail.count else { return .failure(FailureText(Self.systemError("cannot read \(path)"))) }
        // Blank (record skips it) or a whole trace: keep it.
        let blank = tail.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        if blank || (try? Trace(jsonLine: String(decoding: tail, as: UTF8.self))) != nil { return .success(.newline) }
        return .success(.cut(start))
    }

    #if canImport(Glibc)
    private static let fileSizeResource = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
    #else
    private static let fileSizeResource = RLIMIT_FSIZE
    #endif

    /// A message for ``Outcome/failed(_:)``, as an error type for `Result`.
    struct FailureText: Error {
        var text: String
        init(_ text: String) { self.text = text }
    }

    private static func systemError(_ what: String) -> String {
        let code = errno
        guard let message = strerror(code) else { return "\(what): error \(code)" }
        return "\(what): \(String(cString: message))"
    }
}
