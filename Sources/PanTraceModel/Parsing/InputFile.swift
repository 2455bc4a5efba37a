#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An input file (traces or a config) that cannot be opened or read (docs/commands.md §7.4: exit 66).
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
/// a time; memory grows with the longest line, never with the file, and never
/// past `maximumLineLength` (plus one byte): a longer line is reported as
/// ``Line/tooLong`` and skipped without being kept, so even an endless input
/// without a newline (`/dev/zero`) is read in bounded memory.
final class FileLines {
    /// What ``nextLine()`` found.
    enum Line {
        /// One line without its `\n`; the buffer is valid until the next call.
        case line(UnsafeBufferPointer<UInt8>)
        /// A line longer than `maximumLineLength`; the next call goes on after it.
        case tooLong
        /// The end of the file.
        case end
    }

    /// What ``readAll()`` found.
    enum Contents {
        case bytes([UInt8])
        /// More than `maximumLineLength` bytes; `line` is the 1-based line of the first byte past the limit.
        case tooLong(line: Int)
    }

    private let descriptor: Int32
    private let closesDescriptor: Bool
    let path: String
    /// The longest line (or, for ``readAll()``, the most bytes) kept in memory.
    let maximumLineLength: Int
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var start = 0  // first byte not yet handed out
    private var end = 0  // one past the last byte read
    private var scanned = 0  // bytes from `start` known to hold no newline
    private var reachedEnd = false
    private var skippingLongLine = false

    /// The bytes the buffer holds now (at most `maximumLineLength + 1`).
    var bufferCapacity: Int { capacity }

    /// Opens `path` for reading; `-` is standard input (`FileContext`: a
    /// relative path is in the task's folder, `-` its standard input).
    init(path: String, maximumLineLength: Int) throws(InputFileError) {
        self.path = path
        self.maximumLineLength = max(1, maximumLineLength)
        if path == "-" {
            descriptor = FileContext.current.standardInput
            closesDescriptor = false
        } else {
            let opened = open(FileContext.location(of: path), O_RDONLY)
            guard opened >= 0 else { throw InputFileError(path: path, reason: Self.systemReason()) }
            descriptor = opened
            closesDescriptor = true
        }
        capacity = min(1 << 16, self.maximumLineLength + 1)
        storage = .allocate(capacity: capacity)
    }

    deinit {
        storage.deallocate()
        if closesDescriptor { close(descriptor) }
    }

    /// The next line without its `\n`, ``Line/tooLong`` for a line longer than
    /// `maximumLineLength`, or ``Line/end`` at the end of the file.
    func nextLine() throws(InputFileError) -> Line {
        while true {
            let searchFrom = start + scanned
            if searchFrom < end, let found = memchr(storage + searchFrom, 0x0A, end - searchFrom) {
                let newline = storage.distance(to: found.assumingMemoryBound(to: UInt8.self))
                let length = newline - start
                start = newline + 1
                scanned = 0
                if skippingLongLine {
                    // The newline that ends a line already reported as too long.
                    skippingLongLine = false
                    continue
                }
                if length > maximumLineLength { return .tooLong }
                return .line(UnsafeBufferPointer(start: storage + newline - length, count: length))
            }
            if skippingLongLine {
                start = end  // drop what is buffered of the long line
            } else if end - start > maximumLineLength {
                skippingLongLine = true
                start = end
                scanned = 0
                return .tooLong
            }
            scanned = end - start
            if reachedEnd {
                skippingLongLine = false
                guard start < end else { return .end }
                let line = UnsafeBufferPointer(start: storage + start, count: end - start)
                start = end
                scanned = 0
                return .line(line)
            }
            try fill()
        }
    }

    /// Everything left in the file, or ``Contents/tooLong(line:)`` as soon as
    /// it exceeds `maximumLineLength` bytes.
    func readAll() throws(InputFileError) -> Contents {
        while !reachedEnd {
            if end - start > maximumLineLength {
                var line = 1
                for index in start..<(start + maximumLineLength) where storage[index] == 0x0A { line += 1 }
                return .tooLong(line: line)
            }
            try fill()
        }
        let bytes = Array(UnsafeBufferPointer(start: storage + start, count: end - start))
        start = end
        return .bytes(bytes)
    }

    /// Moves the pending bytes to the front, grows the buffer when it is full
    /// (to at most `maximumLineLength + 1` bytes, enough to see that a line is
    /// too long), and reads once.
    private func fill() throws(InputFileError) {
        if start > 0 {
            memmove(storage, storage + start, end - start)
            end -= start
            start = 0
        }
        if end == capacity {
            let grown = min(capacity * 2, maximumLineLength + 1)
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
            larger.update(from: storage, count: end)
            storage.deallocate()
            storage = larger
            capacity = grown
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
    /// All bytes of the file at `path` (`-` is standard input), at most
    /// `maximumBytes` of them (default: ``InputLimits/maximumConfigBytes``).
    ///
    /// - Throws: ``InputFileError`` when it cannot be read, or when it holds
    ///   more than `maximumBytes` (reading stops there: `/dev/zero` is refused
    ///   in bounded memory).
    public static func bytes(
        atPath path: String, maximumBytes: Int = InputLimits.maximumConfigBytes
    ) throws(InputFileError) -> [UInt8] {
        switch try FileLines(path: path, maximumLineLength: maximumBytes).readAll() {
        case .bytes(let bytes): return bytes
        case .tooLong: throw InputFileError(path: path, reason: "longer than \(InputLimits.describe(maximumBytes))")
        }
    }
}
