import FlyingSocks
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The lab's front door (docs/lab.md): the socket a phone connects to, and a
/// thread per connection that reads each request under limits before the
/// HTTP server (FlyingFox, on a socket only this process reaches) sees it.
///
/// What FlyingFox does not bound, this does: the request line, each header
/// line, the number of fields and the whole head (400 or 431, then close),
/// read in one pass; a head that does not arrive within ``LabLimits/headTime``
/// seconds of its first byte, a body that stalls, and a connection idle for
/// ``LabLimits/idle`` (closed); a body over 1 MiB, refused from its
/// `Content-Length` before it is read (then close); more connections than
/// the process has descriptors for (503 and close, the listener listening
/// on, and accepting again when descriptors free up). Only a whole request
/// is handed on, so the server's handler never waits on the network.
///
/// Stopping (``beginStop()``) closes idle connections and answers every
/// request that starts arriving after it with 503; a request that had begun
/// arriving is read to its end (until ``LabLimits/stopGrace`` at most, else
/// 503) and answered. No request gets silence.
final class LabGuard: @unchecked Sendable {
    /// Answers a whole request: the head and body, handed to the HTTP server.
    typealias Forward = @Sendable (_ head: RequestHead, _ body: [UInt8]) -> [UInt8]
    /// Answers a request refused before its body was read (over the body limit): 403, 404, 405 or 413.
    typealias Refuse = @Sendable (_ head: RequestHead) -> LabResponder.Response

    let limits: LabLimits
    private let listener: Socket
    private let forward: Forward
    private let refuse: Refuse
    /// Readable once the stop began (one byte written, never read): every wait watches it.
    private let stopPipe: (read: Int32, write: Int32)
    private let state = NSCondition()
    private var stopDeadline: ContinuousClock.Instant?
    private var connectionCount = 0
    /// The descriptors of the connections open now (``resetOpenConnections()``).
    private var openClients: Set<Int32> = []
    private var arriving = 0
    private var acceptLoopEnded = false
    /// Accepting failed for want of descriptors (counted; the listener keeps listening).
    private var acceptFailures = 0

    /// Listens on `address`; the threads start with ``start()``.
    ///
    /// - Throws: `SocketError` when the address cannot be bound or listened on.
    init(address: some SocketAddress, limits: LabLimits, forward: @escaping Forward, refuse: @escaping Refuse) throws {
        self.limits = limits
        self.forward = forward
        self.refuse = refuse
        let socket = try Socket(domain: Int32(type(of: address).family), type: .stream)
        do {
            try socket.setValue(true, for: .localAddressReuse)
            try socket.bind(to: address)
            try socket.listen()
            try socket.setFlags(.nonBlocking)
        } catch {
            try? socket.close()
            throw error
        }
        listener = socket
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            try? socket.close()
            throw SocketError.makeFailed("Pipe")
        }
        stopPipe = (pipeEnds[0], pipeEnds[1])
    }

    deinit {
        close(stopPipe.read)
        close(stopPipe.write)
    }

    /// The port listened on.
    var port: Int {
        switch try? listener.sockname() {
        case .ip4(_, let port)?, .ip6(_, let port)?: Int(port)
        default: 0
        }
    }

    /// Starts the thread that accepts connections.
    func start() {
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "lab-accept"
        thread.start()
    }

    /// Requests begun and not yet answered.
    var requestsUnderWay: Int {
        state.lock()
        defer { state.unlock() }
        return arriving
    }

    /// Connections open now.
    var openConnections: Int {
        state.lock()
        defer { state.unlock() }
        return connectionCount
    }

    /// Times accepting failed for want of descriptors.
    var descriptorShortages: Int {
        state.lock()
        defer { state.unlock() }
        return acceptFailures
    }

    /// The instant a request arriving at the stop must have arrived by; `nil` before the stop.
    var stoppingBy: ContinuousClock.Instant? {
        state.lock()
        defer { state.unlock() }
        return stopDeadline
    }

    /// Begins the stop: no new connection is kept, idle ones are closed,
    /// new requests get 503, requests arriving get ``LabLimits/stopGrace``.
    func beginStop() {
        state.lock()
        guard stopDeadline == nil else {
            state.unlock()
            return
        }
        stopDeadline = .now + limits.stopGrace
        state.unlock()
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
    }

    /// Waits until every connection has ended and the listener is closed, or `deadline`; true when all ended.
    @discardableResult
    func waitUntilEnded(by deadline: ContinuousClock.Instant) -> Bool {
        state.lock()
        defer { state.unlock() }
        while connectionCount > 0 || !acceptLoopEnded {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return false }
            _ = state.wait(until: Date(timeIntervalSinceNow: LabRecorder.seconds(left)))
        }
        return true
    }

    /// Makes every connection still open reset when it closes (or when the
    /// process ends): called once the stop's wait is over, so that an answer
    /// still on its way is never cut short by an orderly close a client could
    /// take for its end.
    func resetOpenConnections() {
        state.lock()
        let open = openClients
        state.unlock()
        for descriptor in open { Self.resetOnClose(descriptor) }
    }

    // MARK: Accepting

    private func acceptLoop() {
        while true {
            let (ready, stopping) = wait(for: listener.file.rawValue, events: Int16(POLLIN), until: nil)
            if stopping { break }
            if ready, let client = acceptOne() { take(client) }
        }
        // Stopping: the listener stays open while requests are under way
        // (until the grace ends), and what connects meanwhile gets 503.
        while let stop = stoppingBy, requestsUnderWay > 0 && stop > .now {
            let (ready, _) = wait(for: listener.file.rawValue, events: Int16(POLLIN), until: min(stop, .now + .milliseconds(50)), watchingStop: false)
            if ready, let client = acceptOne() { take(client) }
        }
        // What was in the backlog then is answered too, not reset.
        while let client = acceptOne() { take(client) }
        try? listener.close()
        state.lock()
        acceptLoopEnded = true
        state.broadcast()
        state.unlock()
    }

    /// One accepted connection, or nil when none is waiting or descriptors ran out (then after a pause).
    private func acceptOne() -> Socket? {
        do {
            let (file, _) = try listener.accept()
            return Socket(file: file)
        } catch SocketError.failed(_, let code, _) where code == EMFILE || code == ENFILE || code == ENOBUFS || code == ENOMEM {
            state.lock()
            acceptFailures += 1
            state.unlock()
            // The connection stays in the backlog until a descriptor frees up.
            _ = wait(for: nil, events: 0, until: .now + .milliseconds(50))
            return nil
        } catch {
            return nil
        }
    }

    private func take(_ client: Socket) {
        state.lock()
        let full = connectionCount >= limits.connections
        if !full { connectionCount += 1 }
        state.unlock()
        try? client.setFlags(.nonBlocking)
        // Head and body go out in one write; no answer waits for a delayed acknowledgement.
        try? client.setValue(true, for: BoolSocketOption(level: Int32(IPPROTO_TCP), name: TCP_NODELAY))
        if full {
            _ = try? client.write(Data(Self.wire(.error(503, "the lab has too many connections open: try again"), closing: true)))
            try? client.close()
            return
        }
        state.lock()
        openClients.insert(client.file.rawValue)
        state.unlock()
        let thread = Thread { [self] in
            serve(client)
            state.lock()
            openClients.remove(client.file.rawValue)
            state.unlock()
            try? client.close()
            state.lock()
            connectionCount -= 1
            state.broadcast()
            state.unlock()
        }
        thread.stackSize = 512 * 1024
        thread.name = "lab-connection"
        thread.start()
    }

    // MARK: One connection

    /// Why reading stopped.
    private enum ReadEnd: Error {
        /// The peer closed, or the connection failed.
        case closed
        /// The deadline passed.
        case timedOut
        /// The lab began to stop (only while no byte of a request has arrived).
        case stopping
    }

    private func serve(_ client: Socket) {
        var leftover: [UInt8] = []
        while true {
            var parser = RequestHead.Parser(limits: limits)
            let head: RequestHead
            var body: [UInt8]
            var startedAtStop = stoppingBy != nil
            var counted = false
            defer { if counted { finishRequest() } }
            do {
                var parsed = try parser.feed(leftover)
                var deadline = ContinuousClock.now + limits.idle
                while parsed == nil {
                    let chunk: [UInt8]
                    do {
                        chunk = try read(client, until: deadline, interruptible: parser.isEmpty)
                    } catch .stopping {
                        // Idle at the stop: a request already sent (or on its way) is answered 503; else the connection closes.
                        let grace = min(ContinuousClock.now + .milliseconds(250), stoppingBy ?? .now)
                        guard let sent = try? read(client, until: grace, interruptible: false) else { return }
                        chunk = sent
                        startedAtStop = true
                    }
                    if parser.isEmpty && !counted {
                        counted = beginRequest()
                        startedAtStop = startedAtStop || stoppingBy != nil
                        deadline = ContinuousClock.now + limits.headTime
                        if let stop = stoppingBy { deadline = min(deadline, stop) }
                    }
                    parsed = try parser.feed(chunk)
                }
                guard let (found, rest) = parsed else { return }
                if !counted { counted = beginRequest() }
                head = found
                if head.contentLength > limits.body {
                    var answer = refuse(head)
                    if answer.status == 200 { answer = .error(413, "a body is at most 1 MiB") }
                    refuseAndClose(answer, to: client)
                    return
                }
                body = Array(rest.prefix(head.contentLength))
                leftover = Array(rest.dropFirst(head.contentLength))
                body.reserveCapacity(head.contentLength)
                while body.count < head.contentLength {
                    var deadline = ContinuousClock.now + limits.stall
                    if let stop = stoppingBy { deadline = min(deadline, max(stop, .now)) }
                    let chunk = try read(client, until: deadline, interruptible: false)
                    let wanted = head.contentLength - body.count
                    body += chunk.prefix(wanted)
                    leftover = Array(chunk.dropFirst(wanted))
                }
            } catch let refusal as RequestHead.Refusal {
                refuseAndClose(.error(refusal.status, refusal.reason), to: client)
                return
            } catch ReadEnd.timedOut {
                if counted {
                    let stopping = stoppingBy != nil
                    refuseAndClose(
                        stopping
                            ? .error(503, "the lab is stopping: the request did not arrive in time; nothing was stored")
                            : .error(408, "the request did not arrive in time"),
                        to: client)
                }
                return
            } catch {
                return
            }
            if startedAtStop {
                refuseAndClose(.error(503, "the lab is stopping: nothing was stored"), to: client)
                return
            }
            let answer = forward(head, body)
            guard !answer.isEmpty else {
                refuseAndClose(.error(503, "the lab's server is not answering: nothing was stored"), to: client)
                return
            }
            guard send(answer, to: client), drained(client) else {
                // Cut off (a reader too slow for the bound, or the stop): reset,
                // so that the client sees a failure, never a page cut short after a 200.
                Self.resetOnClose(client)
                return
            }
            // At the stop the connection goes on as one idle at the stop: a request
            // the client sent meanwhile (it had its answer) gets 503, not a reset.
            if head.closes { return }
        }
    }

    private func beginRequest() -> Bool {
        state.lock()
        arriving += 1
        state.unlock()
        return true
    }

    private func finishRequest() {
        state.lock()
        arriving -= 1
        state.broadcast()
        state.unlock()
    }

    /// The next bytes from `client`, waiting until `deadline`; with
    /// `interruptible`, the stop ends the wait (``ReadEnd/stopping``).
    private func read(_ client: Socket, until deadline: ContinuousClock.Instant, interruptible: Bool) throws(ReadEnd) -> [UInt8] {
        var deadline = deadline
        while true {
            do {
                return try client.read(atMost: 16 * 1024)
            } catch SocketError.blocked {
                let stop = stoppingBy
                if let stop {
                    if interruptible { throw .stopping }
                    deadline = min(deadline, max(stop, .now))
                }
                guard deadline > .now else { throw .timedOut }
                _ = wait(for: client.file.rawValue, events: Int16(POLLIN), until: deadline, watchingStop: stop == nil)
            } catch {
                throw .closed
            }
        }
    }

    /// Writes all of `bytes`, waiting for a slow reader at most ``LabLimits/write``
    /// (and a second past the stop's grace while stopping); returns whether all were written.
    @discardableResult
    private func send(_ bytes: [UInt8], to client: Socket) -> Bool {
        let data = Data(bytes)
        var index = data.startIndex
        var deadline = ContinuousClock.now + limits.write
        while index < data.endIndex {
            do {
                index = try client.write(data, from: index)
            } catch SocketError.blocked {
                let stop = stoppingBy
                if let stop { deadline = min(deadline, stop + .seconds(1)) }
                guard deadline > .now else { return false }
                // Until the stop the wait watches for it too: a slow reader frees
                // room seconds apart, and the stop shortens the bound.
                _ = wait(for: client.file.rawValue, events: Int16(POLLOUT), until: deadline, watchingStop: stop == nil)
            } catch {
                return false
            }
        }
        return true
    }

    /// Makes closing `client` reset the connection (`SO_LINGER` of 0): what
    /// is unsent is dropped and the client sees the connection fail.
    static func resetOnClose(_ client: Socket) {
        resetOnClose(client.file.rawValue)
    }

    static func resetOnClose(_ descriptor: Int32) {
        var reset = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &reset, socklen_t(MemoryLayout<linger>.size))
    }

    /// Once the stop began: waits (until a second past the stop's grace) for
    /// the system to have sent all of an answer, since the connection closes
    /// next; false when it has not. Always true before the stop.
    private func drained(_ client: Socket) -> Bool {
        guard let stop = stoppingBy else { return true }
        #if canImport(Glibc)
            let deadline = stop + .seconds(1)
            while true {
                var unsent: Int32 = 0
                guard ioctl(client.file.rawValue, UInt(TIOCOUTQ), &unsent) == 0 else { return true }
                if unsent == 0 { return true }
                guard deadline > .now else { return false }
                _ = wait(for: nil, events: 0, until: min(deadline, .now + .milliseconds(20)), watchingStop: false)
            }
        #else
            return true
        #endif
    }

    /// Sends a refusal and closes only the sending half, then reads what the
    /// client still sends (and drops it) for a second at most: a connection
    /// closed with unread bytes is reset, and the reset could overtake the
    /// answer. What follows a refusal is never read as a request.
    private func refuseAndClose(_ response: LabResponder.Response, to client: Socket) {
        send(Self.wire(response, closing: true), to: client)
        _ = shutdown(client.file.rawValue, Int32(SHUT_WR))
        let deadline = ContinuousClock.now + .seconds(1)
        var dropped = 0
        while dropped < 4 << 20, let chunk = try? read(client, until: deadline, interruptible: false) {
            dropped += chunk.count
        }
    }

    /// Waits until `file` is ready for `events`, `deadline` passes, or (when
    /// watching) the stop begins; returns whether it is ready and whether the stop has begun.
    private func wait(
        for file: Int32?, events: Int16, until deadline: ContinuousClock.Instant?, watchingStop: Bool = true
    ) -> (ready: Bool, stopping: Bool) {
        var fds: [pollfd] = []
        if let file { fds.append(pollfd(fd: file, events: events, revents: 0)) }
        if watchingStop { fds.append(pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0)) }
        let timeout: Int32
        if let deadline {
            let left = ContinuousClock.now.duration(to: deadline)
            timeout = left <= .zero ? 0 : Int32(clamping: Int((LabRecorder.seconds(left) * 1000).rounded(.up)))
        } else {
            timeout = -1
        }
        let count = poll(&fds, nfds_t(fds.count), timeout)
        guard count > 0 else { return (false, false) }
        let ready = file != nil && fds[0].revents != 0
        let stopping = watchingStop && fds[fds.count - 1].revents != 0
        return (ready, stopping)
    }

    // MARK: Answers of its own

    /// An answer as it goes on the wire, with the lab's headers; `closing` adds `Connection: close`.
    static func wire(_ response: LabResponder.Response, closing: Bool) -> [UInt8] {
        var head = "HTTP/1.1 \(response.status) \(phrase(response.status))\r\n"
        for (name, value) in headers(of: response) { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(response.body.count)\r\n"
        if closing { head += "Connection: close\r\n" }
        head += "\r\n"
        return Array(head.utf8) + response.body
    }

    /// The headers of every answer (docs/lab.md): its type, no caching, no
    /// sniffing, no referrer, and a policy that lets the page load nothing
    /// but itself.
    static func headers(of response: LabResponder.Response) -> [(String, String)] {
        var fields = [
            ("Content-Type", response.contentType),
            ("Cache-Control", "no-store"),
            ("X-Content-Type-Options", "nosniff"),
            // The token is in the page's URL: never sent on to another site.
            ("Referrer-Policy", "no-referrer"),
            // docs/lab.md: the page loads nothing but itself and talks only to this server.
            (
                "Content-Security-Policy",
                "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
            ),
        ]
        if let allow = response.allow { fields.append(("Allow", allow)) }
        if response.status == 503 { fields.append(("Retry-After", "1")) }
        return fields
    }

    static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 431: "Request Header Fields Too Large"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Internal Server Error"
        }
    }

    /// How many connections the process can hold: each takes three
    /// descriptors (the phone's, and both ends of the one to the server),
    /// with 64 kept for the database and the rest.
    static func connectionLimit() -> Int {
        var limit = rlimit()
        #if canImport(Glibc)
            let resource = Int32(RLIMIT_NOFILE.rawValue)
        #else
            let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return 256 }
        let descriptors = limit.rlim_cur >= rlim_t(Int32.max) ? 65536 : Int(clamping: limit.rlim_cur)
        return max(4, min(1024, (descriptors - 64) / 3))
    }
}
