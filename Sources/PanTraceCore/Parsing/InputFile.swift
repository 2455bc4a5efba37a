#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An input file (traces or a config) that cannot be opened or read (SPEC 7.4: exit 66).
public struct InputFileError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The path as the user gave it (`-` for standard input).
    public var path: String
    /// The system's reason, e.g. "No such file or directory".
    public var reason: String

    /// An error reading `path`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// For example `cannot read traces.jsonl: No such file or directory`.
    public var description: String { "cannot read \(path): \(reason)" }
}

/// Reads a file descriptor in chunks with POSIX `read`, handing out one line at
/// a time; memory grows with the longest line, never with the file.
final class FileLines {
    private let descriptor: Int32
    private let closesDescriptor: Bool
    let path: String
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var start = 0  // first byte not yet handed out
    private var end = 0  // one past the last byte read
    private var scanned = 0  // bytes from `start` known to hold no newline
    private var reachedEnd = false

    /// Opens `path` for reading; `-` is standard input.
    init(path: String) throws(InputFileError) {
        self.path = path
        if path == "-" {
            descriptor = 0
            closesDescriptor = false
        } else {
            let opened = open(path, O_RDONLY)
            guard opened >= 0 else { throw InputFileError(path: path, reason: Self.systemReason()) }
            descriptor = opened
            closesDescriptor = true
        }
        capacity = 1 << 16
        storage = .allocate(capacity: capacity)
    }

    deinit {
        storage.deallocate()
        if closesDescriptor { close(descriptor) }
    }

    /// The next line without its `\n`, or `nil` at the end of the file. The
    /// buffer is valid until the next call.
    func nextLine() throws(InputFileError) -> UnsafeBufferPointer<UInt8>? {
        while true {
            let searchFrom = start + scanned
            if searchFrom < end, let found = memchr(storage + searchFrom, 0x0A, end - searchFrom) {
                let newline = storage.distance(to: found.assumingMemoryBound(to: UInt8.self))
                let line = UnsafeBufferPointer(start: storage + start, count: newline - start)
                start = newline + 1
                scanned = 0
                return line
            }
            scanned = end - start
            if reachedEnd {
                guard start < end else { return nil }
                let line = UnsafeBufferPointer(start: storage + start, count: end - start)
                start = end
                scanned = 0
                return line
            }
            try fill()
        }
    }

    /// Everything left in the file.
    func readAll() throws(InputFileError) -> [UInt8] {
        while !reachedEnd { try fill() }
        let bytes = Array(UnsafeBufferPointer(start: storage + start, count: end - start))
        start = end
        return bytes
    }

    /// Moves the pending bytes to the front, grows the buffer when it is full,
    /// and reads once.
    private func fill() throws(InputFileError) {
        if start > 0 {
            memmove(storage, storage + start, end - start)
            end -= start
            start = 0
        }
        if end == capacity {
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
            larger.update(from: storage, count: end)
            storage.deallocate()
            storage = larger
            capacity *= 2
        }
        while true {
            let count = read(descriptor, storage + end, capacity - end)
            if count > 0 {
                end += count
                return
            }
            if count == 0 {
                reachedEnd = true
                return
            }
            if errno != EINTR { throw InputFileError(path: path, reason: Self.systemReason()) }
        }
    }

    private static func systemReason() -> String {
        guard let message = strerror(errno) else { return "error \(errno)" }
        return String(cString: message)
    }
}

/// Reading whole small files (configs).
public enum InputFile {
    /// All bytes of the file at `path` (`-` is standard input).
    public static func bytes(atPath path: String) throws(InputFileError) -> [UInt8] {
        try FileLines(path: path).readAll()
    }
}
