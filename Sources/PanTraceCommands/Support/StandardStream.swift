#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output or standard error, written with write(2) and checked on
/// every write (docs/commands.md §7.4: a failed write to standard output is
/// exit 74), or kept in memory for a command run in-process (``Console``).
///
/// Not C's `FILE`: `fdopen` on a closed descriptor returns NULL, and a
/// buffered `fwrite` reports a full disk only at a flush whose result is
/// easy to lose. The first failure is kept: later writes are dropped and
/// throw it again, so a report cut short never continues past a hole.
package final class StandardStream {
    /// 1 or 2; -1 for a stream kept in memory.
    let descriptor: Int32
    /// "standard output", in messages.
    let name: String
    /// Bytes gathered before a write(2); 0 writes at once.
    private let capacity: Int
    private var buffer: [UInt8] = []
    /// The `errno` of the first failed write.
    private(set) var failure: Int32?
    /// Every byte written, for a stream kept in memory.
    package private(set) var written: [UInt8] = []
    /// For a stream kept in memory, whether it stands for a terminal; `nil` for a descriptor.
    private let keptAsTerminal: Bool?

    init(descriptor: Int32, name: String, capacity: Int) {
        self.descriptor = descriptor
        self.name = name
        self.capacity = capacity
        keptAsTerminal = nil
        buffer.reserveCapacity(capacity)
    }

    /// A stream whose bytes are kept in ``written``, a terminal's when `terminal` is true.
    init(keeping name: String, terminal: Bool) {
        descriptor = -1
        self.name = name
        capacity = 0
        keptAsTerminal = terminal
    }

    /// Whether the stream is a terminal.
    var isTerminal: Bool { keptAsTerminal ?? (isatty(descriptor) == 1) }

    /// Whether the descriptor was closed when the process started: then the
    /// first write fails (EBADF) without being tried, and a command that
    /// writes nothing is not bothered.
    var isClosed = false

    /// Writes `text`, or gathers it when the stream is buffered.
    func write(_ text: String) throws(StreamWriteError) {
        if isClosed { fail(EBADF) }
        try check()
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
        if buffer.count >= capacity { try flush() }
    }

    /// Writes what is gathered; throws the first failure, now or earlier.
    package func flush() throws(StreamWriteError) {
        try check()
        defer { buffer.removeAll(keepingCapacity: true) }
        if keptAsTerminal != nil {
            written += buffer
            return
        }
        let written = buffer.withUnsafeBytes { bytes -> Int32? in
            var offset = 0
            while offset < bytes.count, let start = bytes.baseAddress {
                let count = systemWrite(descriptor, start + offset, bytes.count - offset)
                if count >= 0 {
                    offset += count
                } else if errno == EAGAIN || errno == EWOULDBLOCK {
                    // A descriptor another process made non-blocking: wait until it takes more.
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                } else if errno != EINTR {
                    return errno
                }
            }
            return nil
        }
        if let written {
            fail(written)
            try check()
        }
    }

    /// Throws the failure kept, if any.
    func check() throws(StreamWriteError) {
        if let failure { throw StreamWriteError(stream: name, code: failure) }
    }

    /// Throws, as a write would, when the descriptor was closed at the start.
    func checkOpen() throws(StreamWriteError) {
        if isClosed { throw StreamWriteError(stream: name, code: EBADF) }
        try check()
    }

    private func fail(_ code: Int32) {
        if failure == nil { failure = code }
        buffer.removeAll()
    }

    private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #else
        Darwin.write(descriptor, bytes, count)
        #endif
    }
}

/// A write to standard output that failed (docs/commands.md §7.4: exit 74): a closed
/// descriptor, a full disk, a reader that went away.
package struct StreamWriteError: Error, Equatable, CustomStringConvertible {
    /// "standard output".
    var stream: String
    /// The `errno` of the failed write.
    var code: Int32

    /// The reader closed the pipe (`pantrace generate | head`): it has all it
    /// wanted, so the exit is quiet (no message, status 74).
    var isBrokenPipe: Bool { code == EPIPE }

    package var description: String { "cannot write to \(stream): \(String(cString: strerror(code)))" }
}
