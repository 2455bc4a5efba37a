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
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return .failed(Self.systemError("cannot open \(path)")) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failed(Self.systemError("cannot read the size of \(path)")) }
        let size = Int(status.st_size)
        if let stoppedAt {
            guard size < stoppedAt else { return .full }
            self.stoppedAt = nil  // collected: start again
        }
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        guard size + bytes.count <= maximumSize else {
            stoppedAt = size
            return .full
        }
        var done = 0
        while done < bytes.count {
            let count = bytes[done...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                let reason = Self.systemError("cannot write \(path)")
                // A partial line would make the whole file unreadable by `pantrace record`.
                _ = ftruncate(descriptor, off_t(size))
                return .failed(reason)
            }
            done += count
        }
        return .written
    }

    private static func systemError(_ what: String) -> String {
        let code = errno
        guard let message = strerror(code) else { return "\(what): error \(code)" }
        return "\(what): \(String(cString: message))"
    }
}
