import FlyingFox
import FlyingSocks
import Foundation

/// The lab's HTTP server (docs/lab.md): FlyingFox listening on one address,
/// every request answered by a ``LabResponder``.
///
/// ```swift
/// let server = try await LabServer.start(host: "127.0.0.1", port: 0, responder: responder)
/// print(server.url)   // http://127.0.0.1:41234/?token=…
/// await server.stop()
/// ```
public final class LabServer: Sendable {
    /// The address and port could not be listened on (exit 69).
    public struct CannotListen: Error, CustomStringConvertible {
        public var host: String
        public var port: Int
        public var reason: String
        public var description: String { "cannot listen on \(host) port \(port): \(reason)" }
    }

    /// The host as asked (`127.0.0.1`, `0.0.0.0`, a LAN address, `::1`).
    public let host: String
    /// The port listened on (the free port taken for `--port 0`).
    public let port: Int
    /// The token the server asks for.
    public let token: LabToken
    private let server: HTTPServer
    private let running: Task<Void, Error>
    private let activity: Activity

    private init(host: String, port: Int, token: LabToken, server: HTTPServer, running: Task<Void, Error>, activity: Activity) {
        self.host = host
        self.port = port
        self.token = token
        self.server = server
        self.running = running
        self.activity = activity
    }

    /// Starts listening on `host` and `port` (0: a free port); returns once it listens.
    ///
    /// - Throws: ``CannotListen`` when the address is not an IP address of
    ///   this machine, the port is taken, or listening is not allowed.
    public static func start(host: String, port: Int, responder: LabResponder) async throws -> LabServer {
        guard (0...65535).contains(port) else { throw CannotListen(host: host, port: port, reason: "a port is 0–65535") }
        let address: any SocketAddress
        do {
            let numeric = host == "localhost" ? "127.0.0.1" : host
            if numeric.contains(":") {
                address = try sockaddr_in6.inet6(ip6: numeric, port: UInt16(port))
            } else {
                address = try sockaddr_in.inet(ip4: numeric, port: UInt16(port))
            }
        } catch {
            throw CannotListen(host: host, port: port, reason: "--host takes an IP address (127.0.0.1, 0.0.0.0, a LAN address, ::1)")
        }
        // Handler time limit: storing takes milliseconds; a stalled upload is cut after 30 s.
        let activity = Activity()
        let server = HTTPServer(address: address, timeout: 30, logger: .disabled, handler: Handler(responder: responder, activity: activity))
        let failure = FailureBox()
        let running = Task {
            do { try await server.run() } catch {
                failure.set(error)
                throw error
            }
        }
        // Listening, or the run failing first (the port taken: bind fails at once).
        var waited = 0
        while await !server.isListening {
            if let error = failure.error {
                throw CannotListen(host: host, port: port, reason: Self.describe(error))
            }
            guard waited < 2000 else {
                running.cancel()
                throw CannotListen(host: host, port: port, reason: "the server did not start listening in 10 s")
            }
            waited += 1
            try? await Task.sleep(nanoseconds: 5_000_000)
        }
        var listening = port
        switch await server.listeningAddress {
        case .ip4(_, let bound)?, .ip6(_, let bound)?: listening = Int(bound)
        default: break
        }
        setNoDelay(onListenerAt: listening)
        return LabServer(host: host, port: listening, token: responder.token, server: server, running: running, activity: activity)
    }

    /// The page's URL with its token; for `0.0.0.0` (or `::`), one of the
    /// machine's addresses (see ``urls``).
    public var url: String { urls[0] }

    /// Every URL the page can be opened at: for a wildcard host, one per
    /// address of the machine (non-loopback first); else the one.
    public var urls: [String] {
        let hosts: [String]
        if host == "0.0.0.0" || host == "::" {
            let found = Self.machineAddresses(ipv6: host == "::")
            hosts = found.isEmpty ? [host == "::" ? "::1" : "127.0.0.1"] : found
        } else {
            hosts = [host]
        }
        return hosts.map { "http://\($0.contains(":") ? "[\($0)]" : $0):\(port)/?token=\(token.text)" }
    }

    /// Stops taking gestures, lets the requests under way finish (a gesture
    /// whose body is still arriving is read, stored and answered), then
    /// closes the listening socket and every connection; returns within
    /// `timeout` seconds and a little.
    ///
    /// FlyingFox's own stop would end the reads under way (an upload cut in
    /// the middle) and then wait out its whole timeout (its accept loop does
    /// not see the listening socket close): so new requests are refused with
    /// 503 first, the ones under way are waited for, and only then is
    /// FlyingFox stopped and its task cancelled.
    public func stop(timeout: Double = 3) async {
        activity.refuseNewRequests()
        let deadline = Date().addingTimeInterval(timeout)
        while activity.requests > 0 && Date() < deadline {
            try? await Task.sleep(nanoseconds: 5_000_000)
        }
        let server = server
        let stopping = Task { await server.stop(timeout: 1) }
        // The last answer's bytes go to the socket right after its handler returns.
        try? await Task.sleep(nanoseconds: 20_000_000)
        running.cancel()
        await stopping.value
    }

    /// How many requests are being answered now (a stop waits for them).
    public var requestsUnderWay: Int { activity.requests }

    /// How many requests are being answered, and whether new ones are still taken.
    final class Activity: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        private var refusing = false
        var requests: Int {
            lock.lock()
            defer { lock.unlock() }
            return count
        }
        /// Counts a request in; false once the server is stopping (the request is refused).
        func begin() -> Bool {
            lock.lock()
            defer { lock.unlock() }
            guard !refusing else { return false }
            count += 1
            return true
        }
        func refuseNewRequests() {
            lock.lock()
            refusing = true
            lock.unlock()
        }
        func end() {
            lock.lock()
            count -= 1
            lock.unlock()
        }
    }

    /// Sets `TCP_NODELAY` on the socket listening on `port`, which the
    /// connections it accepts inherit (Linux, BSD).
    ///
    /// FlyingFox writes a response's head and body in two writes: with
    /// Nagle's algorithm the body waits for the client's delayed
    /// acknowledgement of the head, 40 ms on Linux, for every answer — the
    /// page could not settle without a visible wait (docs/performance.md).
    /// FlyingFox keeps its socket to itself, so the listening socket is
    /// found among the process's descriptors by its port.
    static func setNoDelay(onListenerAt port: Int) {
        let limit = Int32(clamping: min(max(sysconf(Int32(_SC_OPEN_MAX)), 1024), 65536))
        for descriptor: Int32 in 3..<limit {
            var listening: Int32 = 0
            var size = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(descriptor, SOL_SOCKET, SO_ACCEPTCONN, &listening, &size) == 0, listening == 1 else { continue }
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let named = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
            }
            guard named == 0 else { continue }
            let bound: UInt16
            switch Int32(address.ss_family) {
            case AF_INET: bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) } }
            case AF_INET6: bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) } }
            default: continue
            }
            guard Int(bound) == port else { continue }
            var on: Int32 = 1
            _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        }
    }

    /// The machine's IPv4 (or IPv6) addresses, the loopback ones last.
    static func machineAddresses(ipv6: Bool) -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var found: [(String, Bool)] = []
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == (ipv6 ? AF_INET6 : AF_INET) else { continue }
            var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            guard getnameinfo(address, length, &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let loopback = (Int32(entry.pointee.ifa_flags) & Int32(IFF_LOOPBACK)) != 0
            if !text.contains("%"), !found.contains(where: { $0.0 == text }) { found.append((text, loopback)) }
        }
        return found.filter { !$0.1 }.map(\.0) + found.filter(\.1).map(\.0)
    }

    private static func describe(_ error: Error) -> String {
        switch error as? SocketError {
        case .failed(let call, _, let message)?:
            // "Cannot assign requested address" (not this machine's), "Address already in use" …
            return "\(message) (\(call.lowercased()))"
        default:
            return error.localizedDescription
        }
    }

    /// The error that ended the server's run, once it has.
    final class FailureBox: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Error?
        var error: Error? {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
        func set(_ error: Error) {
            lock.lock()
            stored = error
            lock.unlock()
        }
    }

    /// FlyingFox's handler: reads at most 1 MiB of a body, then asks the responder.
    struct Handler: HTTPHandler {
        let responder: LabResponder
        let activity: Activity

        func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
            guard activity.begin() else {
                return HTTPResponse(
                    statusCode: HTTPStatusCode(503, phrase: "Service Unavailable"),
                    headers: [.contentType: "application/json; charset=utf-8", .connection: "close"],
                    body: Data("{\"error\": \"the lab is stopping\"}".utf8))
            }
            defer { activity.end() }
            let limit = LabResponder.maximumBody
            var body: [UInt8]? = []
            if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
                body = nil
            } else {
                var read: [UInt8] = []
                for try await chunk in request.bodySequence {
                    read += chunk
                    if read.count > limit { break }
                }
                // A body that ended before its Content-Length was cut (the connection
                // went away): not a gesture, and nothing is stored.
                if let declared = request.headers[.contentLength].flatMap(Int.init), read.count < declared {
                    throw SocketError.disconnected
                }
                body = read.count > limit ? nil : read
            }
            let answer = responder.respond(
                to: LabResponder.Request(
                    method: request.method.rawValue, path: request.path,
                    queryToken: request.query["token"], headerToken: request.headers[HTTPHeader("X-Pantrace-Token")],
                    userAgent: request.headers[HTTPHeader("User-Agent")], body: body))
            var headers: HTTPHeaders = [
                .contentType: answer.contentType,
                HTTPHeader("Cache-Control"): "no-store",
                HTTPHeader("X-Content-Type-Options"): "nosniff",
                // The token is in the page's URL: never sent on to another site.
                HTTPHeader("Referrer-Policy"): "no-referrer",
                // docs/lab.md: the page loads nothing but itself and talks only to this server.
                HTTPHeader("Content-Security-Policy"):
                    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
            ]
            if let allow = answer.allow { headers[HTTPHeader("Allow")] = allow }
            // A body not read to its end leaves the connection unusable.
            if body == nil { headers[.connection] = "close" }
            return HTTPResponse(statusCode: HTTPStatusCode(answer.status, phrase: Self.phrase(answer.status)), headers: headers, body: Data(answer.body))
        }

        static func phrase(_ status: Int) -> String {
            switch status {
            case 200: "OK"
            case 400: "Bad Request"
            case 403: "Forbidden"
            case 404: "Not Found"
            case 405: "Method Not Allowed"
            case 413: "Content Too Large"
            default: "Internal Server Error"
            }
        }
    }
}
