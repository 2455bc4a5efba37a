import NIOCore
import NIOHTTP1

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The handler after NIO's HTTP decoder in a lab connection's pipeline
/// (docs/lab.md "Limits"): what the lab refuses of a decoded head, every
/// refusal's answer, and the bound on a reader taking an answer.
///
/// A head of another HTTP version (505), whose target is not a path (400),
/// with `Transfer-Encoding` (501), or whose `Content-Length` is over
/// ``LabLimits/body`` (403, 404, 405 or 413, in the responder's order, before
/// a byte of the body is read) never reaches the server's responder; nor does
/// a head the decoder refused (400; 505 for another version). Each refusal
/// is answered with `Connection: close` once the answers before it on the
/// connection are sent, then the connection's sending half is closed and
/// ``LabWireLimits`` drops what still arrives.
///
/// An answer must be handed to the system within ``LabLimits/write`` of its
/// head (once the lab stops, a second past the stop's grace): else the
/// connection is reset, so that a client never takes an answer cut short for
/// a whole one; a close asked while an answer is still being written waits
/// for it.
final class LabRequestGate: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    let wire: LabWireLimits
    let connections: LabConnections
    let limits: LabLimits
    /// The answer to a request refused before its body is read (403, 404, 405), or nil (then 413).
    let refusalBeforeBody: @Sendable (LabResponder.Request) -> LabResponder.Response?
    private var context: ChannelHandlerContext?

    /// Requests handed on whole and not yet answered.
    private var unanswered = 0
    /// An answer is being written: its head is out and its end not yet with the system.
    private var writing = false
    private var writeDeadline: Scheduled<Void>?
    private var writeDue: ContinuousClock.Instant?
    /// A refusal asked for and not yet written (it waits for the answers before it).
    private var pendingRefusal: LabResponder.Response?
    private var refusing = false
    /// Closes asked while an answer was being written or a refusal waited.
    private var deferredCloses: [(CloseMode, EventLoopPromise<Void>?)] = []

    init(wire: LabWireLimits, refusalBeforeBody: @escaping @Sendable (LabResponder.Request) -> LabResponder.Response?) {
        self.wire = wire
        connections = wire.connections
        limits = wire.limits
        self.refusalBeforeBody = refusalBeforeBody
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        writeDeadline?.cancel()
        self.context = nil
    }

    // MARK: Requests

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refusing else { return }
        switch unwrapInboundIn(data) {
        case .head(var head):
            let length: Int
            switch Self.check(head, limits: limits) {
            case .refuse(let answer):
                return refuse(answer)
            case .overLimit:
                let asked = LabResponder.Request(
                    method: head.method.rawValue, target: head.uri, headerToken: head.headers.first(name: LabResponder.tokenHeader),
                    userAgent: head.headers.first(name: "User-Agent"), body: nil)
                return refuse(refusalBeforeBody(asked) ?? .error(413, "a body is at most 1 MiB"))
            case .accept(let bodyLength):
                length = bodyLength
            }
            // HTTP/1.0 without keep-alive: the server closes after answering.
            if !head.isKeepAlive { head.headers.replaceOrAdd(name: "Connection", value: "close") }
            context.fireChannelRead(wrapInboundOut(.head(head)))
            wire.headDecoded(bodyLength: length)
        case .body:
            context.fireChannelRead(data)
        case .end:
            unanswered += 1
            context.fireChannelRead(data)
        }
    }

    /// What the gate does with a decoded head.
    enum Check: Equatable {
        case accept(bodyLength: Int)
        /// The body is over the limit: refused before it is read, by the responder's order.
        case overLimit
        case refuse(LabResponder.Response)
    }

    static func check(_ head: HTTPRequestHead, limits: LabLimits) -> Check {
        guard head.version.major == 1, head.version.minor <= 1 else {
            return .refuse(.error(505, "only HTTP/1.1 is spoken here"))
        }
        guard head.uri.hasPrefix("/") else {
            return .refuse(.error(400, "the request line is not `METHOD /path HTTP/1.1`"))
        }
        guard !head.headers.contains(name: "Transfer-Encoding") else {
            return .refuse(.error(501, "a body is sent with Content-Length, not Transfer-Encoding"))
        }
        let lengths = head.headers["Content-Length"]
        guard lengths.count <= 1 else { return .refuse(.error(400, "Content-Length is given twice")) }
        guard let length = lengths.first.map({ Int($0) }) ?? 0, length >= 0 else {
            return .refuse(.error(400, "Content-Length is not a number"))
        }
        return length > limits.body ? .overLimit : .accept(bodyLength: length)
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        switch error {
        case let parsing as HTTPParserError:
            refuse(
                wire.headHasBareLineFeed
                    ? .error(400, "a line of the head ends in a line feed alone: HTTP/1.1 ends each with CRLF") : Self.answer(to: parsing))
        case is ByteToMessageDecoderError:
            // Bytes after a refused head: dropped.
            break
        default:
            context.fireErrorCaught(error)
        }
    }

    /// The refusal of a head NIO's decoder could not read.
    static func answer(to error: HTTPParserError) -> LabResponder.Response {
        switch error {
        case .invalidVersion:
            return .error(505, "only HTTP/1.1 is spoken here")
        case .invalidMethod, .invalidURL, .invalidConstant:
            return .error(400, "the request line is not `METHOD /path HTTP/1.1`")
        case .invalidHeaderToken, .lfExpected, .invalidCharactersUsed:
            return .error(400, "a header line is not `Name: value`, or holds a control character")
        case .unexpectedContentLength:
            return .error(400, "Content-Length is given twice, or with Transfer-Encoding")
        case .invalidContentLength:
            return .error(400, "Content-Length is not a number")
        case .headerOverflow:
            return .error(431, "the request's head is too long")
        default:
            return .error(400, "the request is not HTTP/1.1 as the lab reads it (\(error))")
        }
    }

    // MARK: Refusals

    /// Refuses the connection with `answer` (once): nothing more is handed
    /// on, and the answer goes out once the answers before it have.
    func refuse(_ answer: LabResponder.Response) {
        guard !refusing else { return }
        refusing = true
        wire.refused()
        pendingRefusal = answer
        sendRefusalIfDue()
    }

    private func sendRefusalIfDue() {
        guard let answer = pendingRefusal, !writing, unanswered == 0, let context else { return }
        pendingRefusal = nil
        var headers = HTTPHeaders(answer.fields(closing: true))
        headers.add(name: "Content-Length", value: String(answer.body.count))
        beginAnswer()
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .init(statusCode: answer.status), headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: answer.body)))), promise: nil)
        let sent = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: sent)
        sent.futureResult.assumeIsolated().whenComplete { [self] result in
            endAnswer()
            guard case .success = result, let context = self.context else { return }
            // Only the sending half: a connection closed with bytes unread would be reset, and the reset could overtake the answer.
            context.close(mode: .output, promise: nil)
            wire.refusalSent()
            closeDeferred()
        }
    }

    // MARK: Answers

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head:
            beginAnswer()
            context.write(data, promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            let sent = promise ?? context.eventLoop.makePromise()
            sent.futureResult.assumeIsolated().whenComplete { [self] _ in
                endAnswer()
                unanswered = max(0, unanswered - 1)
                wire.answered()
                sendRefusalIfDue()
                if !writing, pendingRefusal == nil { closeDeferred() }
            }
            context.write(data, promise: sent)
        }
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        if mode != .input, writing || pendingRefusal != nil {
            deferredCloses.append((mode, promise))
            return
        }
        context.close(mode: mode, promise: promise)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is LabStopping {
            // The stop bounds an answer being written: a second past the stop's grace.
            if writing, let due = writeDue, let stop = connections.stoppingBy, stop + .seconds(1) < due {
                scheduleReset(at: stop + .seconds(1))
            }
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    private func beginAnswer() {
        writing = true
        var due = ContinuousClock.now + limits.write
        if let stop = connections.stoppingBy { due = min(due, stop + .seconds(1)) }
        scheduleReset(at: due)
    }

    private func endAnswer() {
        writing = false
        writeDeadline?.cancel()
        writeDeadline = nil
        writeDue = nil
    }

    private func scheduleReset(at due: ContinuousClock.Instant) {
        guard let context else { return }
        writeDeadline?.cancel()
        writeDue = due
        writeDeadline = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(max(.zero, ContinuousClock.now.duration(to: due)))) {
            [self] in
            // Too slow a reader, or the stop: never an orderly end after part of an answer.
            resetNow()
        }
    }

    private func closeDeferred() {
        guard let context else { return }
        let closes = deferredCloses
        deferredCloses.removeAll()
        for (mode, promise) in closes { context.close(mode: mode, promise: promise) }
    }

    /// Closes the connection with a reset (`SO_LINGER` 0): what is unsent
    /// is dropped and the client sees the connection fail.
    private func resetNow() {
        guard let context else { return }
        endAnswer()
        if let options = context.channel as? any SocketOptionProvider {
            // On the connection's event loop this is set before the close below.
            _ = options.setSoLinger(linger(l_onoff: 1, l_linger: 0))
        }
        context.close(promise: nil)
        closeDeferred()
    }

    /// Resets `channel`'s connection (``resetNow()``); on its event loop.
    static func reset(_ channel: any Channel) {
        if let gate = try? channel.pipeline.syncOperations.handler(type: LabRequestGate.self) {
            gate.resetNow()
        } else {
            channel.close(promise: nil)
        }
    }
}
