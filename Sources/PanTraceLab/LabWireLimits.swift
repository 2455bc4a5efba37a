import NIOCore

/// The first handler of a lab connection's pipeline (docs/lab.md "Limits"):
/// the bytes a client sends, bounded before NIO's HTTP decoder sees them.
///
/// It decodes nothing: it counts a head's lines and bytes as they arrive
/// (each byte looked at once) and hands them on, and refuses as soon as a
/// limit is crossed — a request line over ``LabLimits/requestLine`` (400), a
/// header line over ``LabLimits/headerLine``, more than
/// ``LabLimits/headerFields`` fields or a head over ``LabLimits/headBytes``
/// with the blank lines before it (431). NIO's decoder bounds only each
/// name, value and the sum of them, skips blank lines without counting
/// them, and says nothing before a head is whole; so the head's deadline
/// (``LabLimits/headTime`` from its first byte, 408), a body's stall
/// (``LabLimits/stall``, 408) and an idle connection (``LabLimits/idle``,
/// closed) are kept here too, from the bytes' arrival. A body is handed on
/// as many bytes as the head's `Content-Length` (``LabRequestGate`` reads it
/// from the decoded head), so that the next request's head is counted from
/// its first byte.
///
/// At the stop (``LabStopping``) a request arriving has until the stop's
/// grace, a request that begins after gets 503, and a connection idle at the
/// stop is closed once ``LabLimits/idleAtStop`` passes without a byte. After
/// a refusal, what the client still sends is dropped, never read as a
/// request, and the connection closes once the client has closed or a
/// second has passed.
final class LabWireLimits: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// Where the connection is in its requests.
    enum Reading: Equatable {
        /// Waiting for a request's first byte.
        case waiting
        /// A head arriving.
        case head(HeadCount)
        /// A body arriving: this many bytes still to come.
        case body(remaining: Int)
        /// Refused: what arrives is dropped until the connection closes.
        case refused
    }

    let connections: LabConnections
    let limits: LabLimits
    weak var gate: LabRequestGate?
    private(set) var reading = Reading.waiting
    /// The head being read has a line ending in a line feed alone.
    var headHasBareLineFeed: Bool {
        if case .head(let count) = reading { return count.bareLineFeed }
        return false
    }
    /// Requests read whole and not yet answered.
    private var unanswered = 0
    /// Requests begun on this connection and not yet answered (counted in ``LabConnections``).
    private var underWay = 0
    private var counted = false
    private var stopping = false
    private var refusalWasSent = false
    private var deadline: Scheduled<Void>?
    private var context: ChannelHandlerContext?

    init(connections: LabConnections) {
        self.connections = connections
        limits = connections.limits
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { opened(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelDeadline()
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        opened(context)
        context.fireChannelActive()
    }

    private func opened(_ context: ChannelHandlerContext) {
        guard !counted, reading != .refused else { return }
        stopping = connections.stoppingBy != nil
        if connections.open(context.channel) {
            counted = true
            waitForRequest()
        } else {
            refuse(503, "the lab has too many connections open: try again")
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelDeadline()
        connections.requestsEnded(underWay)
        underWay = 0
        if counted { connections.closed(context.channel) }
        counted = false
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case is LabStopping:
            stopBegan()
        case ChannelEvent.inputClosed where refusalWasSent:
            // The client has read the refusal and closed: nothing is left to drop.
            context.close(promise: nil)
            return
        default:
            break
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        while buffer.readableBytes > 0 {
            switch reading {
            case .refused:
                return
            case .waiting:
                beginRequest()
                if stopping {
                    refuse(503, "the lab is stopping: nothing was stored")
                    return
                }
            case .head(var count):
                var end: Int?
                var refusal: (Int, String)?
                buffer.withUnsafeReadableBytes { bytes in
                    for (offset, byte) in bytes.enumerated() {
                        switch count.add(byte, limits: limits) {
                        case .more: continue
                        case .end: end = offset + 1
                        case .refuse(let status, let reason): refusal = (status, reason)
                        }
                        break
                    }
                }
                if let (status, reason) = refusal {
                    refuse(status, reason)
                    return
                }
                guard let end, let head = buffer.readSlice(length: end) else {
                    reading = .head(count)
                    context.fireChannelRead(wrapInboundOut(buffer))
                    return
                }
                // The decoder hands the head to the gate before this returns; the gate reads
                // its length (or refuses it).
                reading = .head(count)
                context.fireChannelRead(wrapInboundOut(head))
                switch reading {
                case .head:
                    refuse(400, "the request's head did not decode as it was read")
                    return
                case .refused:
                    return
                case .waiting, .body:
                    continue
                }
            case .body(let remaining):
                let length = min(remaining, buffer.readableBytes)
                guard let part = buffer.readSlice(length: length) else { return }
                reading = .body(remaining: remaining - length)
                context.fireChannelRead(wrapInboundOut(part))
                if case .body(let left) = reading {
                    if left == 0 { requestWhole() } else { schedule(stallDeadline(), status: 408) }
                }
            }
        }
    }

    // MARK: What the gate tells

    /// The gate has the head of the request arriving, whose body is `length` bytes.
    func headDecoded(bodyLength length: Int) {
        guard case .head = reading else { return }
        if length == 0 {
            requestWhole()
        } else {
            reading = .body(remaining: length)
            schedule(stallDeadline(), status: 408)
        }
    }

    /// A request read whole was answered (its answer handed to the system).
    func answered() {
        unanswered = max(0, unanswered - 1)
        endRequests(1)
        if reading == .waiting, unanswered == 0 { waitForRequest() }
    }

    /// The connection was refused (by the gate or by this handler): input is dropped from now on.
    func refused() {
        reading = .refused
        cancelDeadline()
    }

    /// The refusal was sent: every request of the connection has its answer;
    /// the connection closes when the client closes or after a second.
    func refusalSent() {
        refusalWasSent = true
        endRequests(underWay)
        guard let context else { return }
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(1)) { context.close(promise: nil) }
    }

    // MARK: Requests and deadlines

    private func beginRequest() {
        underWay += 1
        connections.requestBegan()
        reading = .head(HeadCount())
        var due = ContinuousClock.now + limits.headTime
        if let stop = connections.stoppingBy { due = min(due, stop) }
        schedule(due, status: 408)
    }

    private func requestWhole() {
        reading = .waiting
        unanswered += 1
        cancelDeadline()
    }

    private func endRequests(_ count: Int) {
        let ended = min(count, underWay)
        underWay -= ended
        connections.requestsEnded(ended)
    }

    /// Waits for the next request: the idle bound, or at the stop a moment for a request already on its way.
    private func waitForRequest() {
        guard reading == .waiting, unanswered == 0, let context else { return }
        cancelDeadline()
        let due = stopping ? ContinuousClock.now + limits.idleAtStop : ContinuousClock.now + limits.idle
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(max(.zero, ContinuousClock.now.duration(to: due)))) {
            context.close(promise: nil)
        }
    }

    private func stallDeadline() -> ContinuousClock.Instant {
        let due = ContinuousClock.now + limits.stall
        guard let stop = connections.stoppingBy else { return due }
        return min(due, max(stop, .now))
    }

    private func stopBegan() {
        guard !stopping else { return }
        stopping = true
        switch reading {
        case .waiting:
            waitForRequest()
        case .head, .body:
            guard let stop = connections.stoppingBy, let scheduled = dueAt, stop < scheduled else { return }
            schedule(stop, status: 408)
        case .refused:
            break
        }
    }

    /// When the current deadline falls.
    private var dueAt: ContinuousClock.Instant?

    /// Refuses the request arriving at `due` unless it has arrived (408; 503 once the lab stops).
    private func schedule(_ due: ContinuousClock.Instant, status: Int) {
        guard let context else { return }
        cancelDeadline()
        dueAt = due
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(max(.zero, ContinuousClock.now.duration(to: due)))) { [self] in
            dueAt = nil
            if stopping {
                refuse(503, "the lab is stopping: the request did not arrive in time; nothing was stored")
            } else {
                refuse(status, "the request did not arrive in time")
            }
        }
    }

    private func cancelDeadline() {
        deadline?.cancel()
        deadline = nil
        dueAt = nil
    }

    /// Refuses the connection with `status`: nothing more is read as a request.
    private func refuse(_ status: Int, _ reason: String) {
        refused()
        gate?.refuse(LabResponder.Response.error(status, reason))
    }
}

extension LabWireLimits {
    /// A head's lines and bytes as they arrive: what ``LabWireLimits`` bounds.
    struct HeadCount: Equatable {
        /// Bytes of the head so far, the blank lines before it included.
        private(set) var bytes = 0
        /// Bytes of the current line so far, its line break included.
        private var line = 0
        /// Bytes of the current line other than its line break.
        private var content = 0
        /// Lines of the head so far (the request line and the header lines).
        private(set) var lines = 0
        /// A line ended with a line feed alone, which NIO's decoder does not take (HTTP/1.1 ends lines with CRLF).
        private(set) var bareLineFeed = false
        private var afterCarriageReturn = false

        enum Step: Equatable {
            case more
            /// The head's empty last line ended with this byte.
            case end
            case refuse(status: Int, reason: String)
        }

        /// Counts one more byte of the head.
        mutating func add(_ byte: UInt8, limits: LabLimits) -> Step {
            bytes += 1
            line += 1
            if byte != 0x0A, byte != 0x0D { content += 1 }
            if lines == 0 {
                // Blank lines before the request line count in the head (RFC 9112 §2.2 lets them be skipped).
                guard line <= limits.requestLine else {
                    return .refuse(status: 400, reason: "the request line is longer than \(limits.requestLine) bytes")
                }
            } else if line > limits.headerLine {
                return .refuse(status: 431, reason: "a header field is longer than \(limits.headerLine) bytes")
            }
            guard bytes <= limits.headBytes else {
                return .refuse(status: 431, reason: "the request's head is longer than \(limits.headBytes) bytes")
            }
            defer { afterCarriageReturn = byte == 0x0D }
            guard byte == 0x0A else { return .more }
            if !afterCarriageReturn { bareLineFeed = true }
            defer { (line, content) = (0, 0) }
            if content == 0 { return lines == 0 ? .more : .end }
            lines += 1
            guard lines <= limits.headerFields + 1 else {
                return .refuse(status: 431, reason: "more than \(limits.headerFields) header fields")
            }
            return .more
        }
    }
}
