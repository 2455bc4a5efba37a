import FlyingFox
import FlyingSocks
import Foundation

/// The lab's HTTP server (docs/lab.md): FlyingFox answering every request
/// through a ``LabResponder``, behind a ``LabGuard`` that owns the socket a
/// phone connects to and hands FlyingFox only whole requests within limits.
///
/// FlyingFox listens on a Unix socket in a folder only this user can enter;
/// the guard reads each request (head limits, timeouts, the body limit from
/// `Content-Length`), then passes it over that socket and the answer back.
/// The responder runs on a thread of its own, never on the concurrency
/// pool's: a gesture waiting on the database holds no thread the page or
/// the other requests need.
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
        /// True when the host is not an IP address (the reason says which are).
        public var hostIsNotAnAddress = false
        public var description: String { "cannot listen on \(host) port \(port): \(reason)" }
    }

    /// The host as asked (`127.0.0.1`, `0.0.0.0`, a LAN address, `::1`).
    public let host: String
    /// The port listened on (the free port taken when asked for port 0).
    public let port: Int
    /// The token the server asks for.
    public let token: LabToken
    private let server: HTTPServer
    private let running: Task<Void, Error>
    private let front: LabGuard
    private let folder: String
    private let spawn: Spawn

    /// Starts the server's own tasks: on the concurrency pool, or on the executor `start` was given.
    typealias Spawn = @Sendable (_ body: @escaping @Sendable () async throws -> Void) -> Task<Void, Error>

    private init(
        host: String, port: Int, token: LabToken, server: HTTPServer, running: Task<Void, Error>, front: LabGuard, folder: String,
        spawn: @escaping Spawn
    ) {
        self.spawn = spawn
        self.host = host
        self.port = port
        self.token = token
        self.server = server
        self.running = running
        self.front = front
        self.folder = folder
    }

    /// Starts listening on `host` and `port` (0: a free port); returns once it listens.
    ///
    /// - Throws: ``CannotListen`` when the address is not an IP address of
    ///   this machine, the port is taken, or listening is not allowed.
    public static func start(host: String, port: Int, responder: LabResponder) async throws -> LabServer {
        try await start(host: host, port: port, responder: responder, limits: LabLimits())
    }

    /// Starts listening as ``start(host:port:responder:)`` does, under `limits`.
    public static func start(host: String, port: Int, responder: LabResponder, limits: LabLimits) async throws -> LabServer {
        try await start(host: host, port: port, responder: responder, limits: limits) { body in Task { try await body() } }
    }

    /// Starts listening as ``start(host:port:responder:limits:)`` does, with
    /// FlyingFox's tasks on `executor` instead of the concurrency pool: for a
    /// process whose pool threads are busy with other work (a test run), so
    /// that the server never waits for one.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    public static func start(
        host: String, port: Int, responder: LabResponder, limits: LabLimits, executor: any TaskExecutor
    ) async throws -> LabServer {
        try await start(host: host, port: port, responder: responder, limits: limits) { body in
            Task(executorPreference: executor) { try await body() }
        }
    }

    private static func start(
        host: String, port: Int, responder: LabResponder, limits: LabLimits, spawn: @escaping Spawn
    ) async throws -> LabServer {
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
            throw CannotListen(
                host: host, port: port, reason: "the host is not an IP address (127.0.0.1, 0.0.0.0, a LAN address, ::1)",
                hostIsNotAnAddress: true)
        }
        // The folder of FlyingFox's socket: this user's only (0700).
        var template = Array((NSTemporaryDirectory() + "pantrace-lab-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw CannotListen(host: host, port: port, reason: "cannot make a folder for the server's socket: \(String(cString: strerror(errno)))")
        }
        let folder = String(cString: made)
        let socketPath = folder + "/http.sock"
        let handler = Handler(responder: responder, limits: limits)
        // The guard bounds every request and the responder bounds storing: FlyingFox's own
        // handler timeout (which would answer 500 to a gesture that was stored) never fires.
        let server = HTTPServer(address: sockaddr_un.unix(path: socketPath), timeout: 86_400, logger: .disabled, handler: handler)
        let front: LabGuard
        do {
            front = try LabGuard(
                address: address, limits: limits,
                forward: { head, body in LabServer.forward(head, body, to: socketPath) },
                refuse: { head in responder.respond(to: Self.request(head, body: nil)) })
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw CannotListen(host: host, port: port, reason: Self.describe(error))
        }
        handler.stopping.set(front)
        // Listening, or the run failing first (which ends the wait): no time
        // limit that a busy machine could trip.
        let waiting = spawn { try await server.waitUntilListening(timeout: 86_400) }
        let running = spawn {
            do { try await server.run() } catch {
                waiting.cancel()
                throw error
            }
        }
        do {
            try await waiting.value
        } catch {
            running.cancel()
            let reason = await running.result.failure.map(Self.describe) ?? Self.describe(error)
            front.beginStop()
            front.start()
            try? FileManager.default.removeItem(atPath: folder)
            throw CannotListen(host: host, port: port, reason: "the server could not start: \(reason)")
        }
        front.start()
        return LabServer(host: host, port: front.port, token: responder.token, server: server, running: running, front: front, folder: folder,
            spawn: spawn)
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
    /// whose body is still arriving is read, stored and answered; one that
    /// does not arrive within 2 s is answered 503), answers 503 to every
    /// request that begins after, closes idle connections and the listening
    /// socket; returns within `timeout` seconds and a little.
    /// `timeout` defaults to the stop's grace and the store's 1.5 s after it, and a half-second more.
    public func stop(timeout: Double? = nil) async {
        let front = front
        front.beginStop()
        let deadline = timeout.map { ContinuousClock.now + .milliseconds(Int($0 * 1000)) }
            ?? ContinuousClock.now + front.limits.stopGrace + .seconds(2)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let thread = Thread {
                front.waitUntilEnded(by: deadline)
                front.resetOpenConnections()
                done.resume()
            }
            thread.start()
        }
        let server = server
        let stopping = spawn { await server.stop(timeout: 0) }
        running.cancel()
        _ = await stopping.result
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// How many requests are being read or answered now (a stop waits for them).
    public var requestsUnderWay: Int { front.requestsUnderWay }

    /// How many connections are open now.
    public var openConnections: Int { front.openConnections }

    /// How many times accepting a connection failed for want of descriptors (the lab listened on).
    public var descriptorShortages: Int { front.descriptorShortages }

    /// Sends a whole request over a new connection to FlyingFox's socket and
    /// returns its answer, read to the end: empty when it could not be
    /// reached, or when the answer ended before the length its head gives
    /// (FlyingFox stopped mid-way), so that a page cut short is never sent on.
    static func forward(_ head: RequestHead, _ body: [UInt8], to path: String) -> [UInt8] {
        let answer = relay(head, body, to: path)
        return isWhole(answer) ? answer : []
    }

    /// True when `answer` holds its head and as many bytes after it as its `Content-Length` says.
    static func isWhole(_ answer: [UInt8]) -> Bool {
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        guard answer.count >= end.count,
            let headEnd = (0...(answer.count - end.count)).first(where: { answer[$0..<($0 + end.count)].elementsEqual(end) })
        else { return false }
        let headText = String(decoding: answer[..<headEnd], as: UTF8.self)
        for line in headText.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { continue }
            guard let length = Int(parts[1].trimmingCharacters(in: .whitespaces)) else { return false }
            return answer.count - (headEnd + end.count) >= length
        }
        return true
    }

    private static func relay(_ head: RequestHead, _ body: [UInt8], to path: String) -> [UInt8] {
        guard let socket = try? Socket(domain: AF_UNIX, type: .stream) else { return [] }
        defer { try? socket.close() }
        do {
            try socket.connect(to: sockaddr_un.unix(path: path))
            let data = Data(head.forwarded() + body)
            var index = data.startIndex
            while index < data.endIndex { index = try socket.write(data, from: index) }
            var answer: [UInt8] = []
            while true {
                do {
                    answer += try socket.read(atMost: 64 * 1024)
                } catch SocketError.disconnected {
                    return answer
                }
            }
        } catch {
            return []
        }
    }

    /// The responder's request for `head` and `body`.
    static func request(_ head: RequestHead, body: [UInt8]?) -> LabResponder.Request {
        let components = URLComponents(string: head.target)
        return LabResponder.Request(
            method: head.method, path: components?.path ?? head.target,
            queryToken: components?.queryItems?.first { $0.name == "token" }?.value,
            headerToken: head.field("X-Pantrace-Token"), userAgent: head.field("User-Agent"), body: body)
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

    /// The guard a handler asks whether the lab is stopping, set once it exists.
    final class GuardBox: @unchecked Sendable {
        private let lock = NSLock()
        private var front: LabGuard?
        var value: LabGuard? {
            lock.lock()
            defer { lock.unlock() }
            return front
        }
        func set(_ front: LabGuard) {
            lock.lock()
            self.front = front
            lock.unlock()
        }
    }

    /// FlyingFox's handler: the request, whole and within limits (the guard
    /// read it), answered by the responder on a thread of its own.
    struct Handler: HTTPHandler {
        let responder: LabResponder
        let limits: LabLimits
        let stopping = GuardBox()

        func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
            let read = try await request.bodyData
            let body = read.count > LabResponder.maximumBody ? nil : [UInt8](read)
            var asked = LabResponder.Request(
                method: request.method.rawValue, path: request.path,
                queryToken: request.query["token"], headerToken: request.headers[HTTPHeader("X-Pantrace-Token")],
                userAgent: request.headers[HTTPHeader("User-Agent")], body: body)
            // A gesture waits for the database for the bound at most, and less
            // once the lab stops, whenever the stop begins.
            let bound = ContinuousClock.now + limits.store
            let stopping = stopping
            asked.storeDeadline = {
                guard let stop = stopping.value?.stoppingBy else { return bound }
                return min(bound, stop + .milliseconds(1500))
            }
            let (responder, question) = (responder, asked)
            let answer = await withCheckedContinuation { (done: CheckedContinuation<LabResponder.Response, Never>) in
                let thread = Thread { done.resume(returning: responder.respond(to: question)) }
                thread.name = "lab-responder"
                thread.start()
            }
            var headers = HTTPHeaders()
            for (name, value) in LabGuard.headers(of: answer) { headers[HTTPHeader(name)] = value }
            return HTTPResponse(statusCode: HTTPStatusCode(answer.status, phrase: LabGuard.phrase(answer.status)), headers: headers, body: Data(answer.body))
        }
    }
}

extension Result {
    /// The error, when it failed.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
