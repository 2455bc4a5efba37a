import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// An HTTP/1.1 client on a blocking loopback socket, for what only the wire
/// shows of the lab's server (docs/lab.md): headers, keep-alive, limits.
public final class RawHTTP: @unchecked Sendable {
    public struct Response: Sendable {
        public var status: Int
        public var head: String
        public var body: String
    }

    public struct Failure: Error, CustomStringConvertible { public var description: String }

    private let descriptor: Int32
    private var buffer: [UInt8] = []

    /// Connects to `port` on 127.0.0.1.
    public init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        // An upper bound for a read that never comes (a failing test), not a wait a busy machine trips.
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        // Not closed here: an initializer that throws once every property is set runs `deinit`,
        // which closes it (a second close would take a descriptor another thread opened since).
        guard connected == 0 else { throw Failure(description: "cannot connect to port \(port): errno \(errno)") }
    }

    deinit { close(descriptor) }

    /// Sends `request` and reads one response (by its Content-Length).
    public func exchange(_ request: String) throws -> Response {
        send(request)
        return try response()
    }

    /// Sends `text` (all of it, unless the server closed the connection first:
    /// it may answer 413 before reading everything).
    public func send(_ text: String) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { break }
            sent += count
        }
    }

    /// Reads one response (by its Content-Length).
    public func response() throws -> Response {
        while true {
            if let end = find([13, 10, 13, 10]) {
                let head = String(decoding: buffer[..<end], as: UTF8.self)
                let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                if buffer.count >= end + 4 + length {
                    let body = String(decoding: buffer[(end + 4)..<(end + 4 + length)], as: UTF8.self)
                    buffer.removeFirst(end + 4 + length)
                    let status = head.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
                    return Response(status: status, head: head, body: body)
                }
            }
            guard try readMore() else { throw Failure(description: "the connection closed before a whole response") }
        }
    }

    /// True when the server closed the connection (a read gives end of file).
    public func readsEndOfFile() -> Bool {
        (try? readMore()) == false
    }

    private func readMore() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count < 0 { throw Failure(description: "read failed: errno \(errno)") }
        buffer += chunk[..<count]
        return count > 0
    }

    private func find(_ pattern: [UInt8]) -> Int? {
        guard buffer.count >= pattern.count else { return nil }
        for start in 0...(buffer.count - pattern.count) where Array(buffer[start..<(start + pattern.count)]) == pattern {
            return start
        }
        return nil
    }
}

/// The same calls for a test that awaits: the blocking socket calls run on a
/// thread of their own, and the test holds none of the concurrency pool's
/// threads, which the lab's server in the same process needs.
extension RawHTTP {
    /// Connects to `port` on 127.0.0.1.
    public static func connect(port: Int) async throws -> RawHTTP {
        try await onOwnThread { try RawHTTP(port: port) }
    }

    /// Connects to `port` on 127.0.0.1 and sends `text` at once, on the same
    /// thread: under a short idle limit, no wait for the test's next turn
    /// comes between the two.
    public static func connect(port: Int, sending text: String) async throws -> RawHTTP {
        try await onOwnThread {
            let connection = try RawHTTP(port: port)
            connection.send(text)
            return connection
        }
    }

    /// Sends `request` and reads one response.
    public func exchange(_ request: String) async throws -> Response {
        try await Self.onOwnThread { try self.exchange(request) }
    }

    /// Sends `text`.
    public func send(_ text: String) async {
        _ = try? await Self.onOwnThread { self.send(text) }
    }

    /// Reads one response.
    public func response() async throws -> Response {
        try await Self.onOwnThread { try self.response() }
    }

    /// True when the server closed the connection.
    public func readsEndOfFile() async -> Bool {
        (try? await Self.onOwnThread { self.readsEndOfFile() }) ?? false
    }

    /// Runs `body` on a new thread and awaits its result.
    public static func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try body() }) }
            thread.start()
        }
    }
}
