import HTTPTypes
import HummingbirdCore
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import NIOPosix

/// One connection of the lab's server (docs/lab.md, docs/architecture.md
/// "The data path of `pantrace lab`"): Hummingbird's HTTP/1 channel with the
/// lab's limits in its pipeline.
///
/// ```
/// socket ⇄ LabWireLimits        the head's lines and bytes, its deadline, a body's stall, idle, the stop
///        ⇄ HTTP decoder/encoder  NIO: reads and writes HTTP/1.1
///        ⇄ LabRequestGate       version, Transfer-Encoding, the body limit, refusals, the answer's bound
///        ⇄ HTTP1ToHTTPServerCodec, HTTPConnectionStateHandler   NIO and Hummingbird
///        ⇄ Hummingbird's request loop → ``LabServer``'s responder
/// ```
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
struct LabChannel: ServerChildChannel, HTTPChannelHandler {
    typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    let responder: HTTPChannelHandler.Responder
    let connections: LabConnections
    let refusalBeforeBody: @Sendable (LabResponder.Request) -> LabResponder.Response?

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try Self.addHandlers(to: channel.pipeline.syncOperations, connections: connections, refusalBeforeBody: refusalBeforeBody)
            try channel.pipeline.syncOperations.addHandler(HTTP1ToHTTPServerCodec(secure: false))
            // Hummingbird's: closes the connection once its answers are sent when the server quiesces.
            try channel.pipeline.syncOperations.addHandler(HTTPConnectionStateHandler(idleTimeout: nil, logger: logger))
            return try NIOAsyncChannel(wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
        }
    }

    /// The lab's handlers and NIO's HTTP/1.1 decoder and encoder, in their order.
    static func addHandlers(
        to pipeline: ChannelPipeline.SynchronousOperations, connections: LabConnections,
        refusalBeforeBody: @escaping @Sendable (LabResponder.Request) -> LabResponder.Response?
    ) throws {
        let limits = connections.limits
        let wire = LabWireLimits(connections: connections)
        try pipeline.addHandler(wire)
        // NIO's own bounds, never reached first: the lab's are tighter and come before them.
        var decoderLimits = NIOHTTPDecoderLimitConfiguration()
        decoderLimits.maxHeaderFieldSize = max(limits.requestLine, limits.headerLine)
        decoderLimits.maxHeaderListSize = limits.headBytes
        decoderLimits.maxHeaderFieldCount = limits.headerFields + 1
        try pipeline.configureHTTPServerPipeline(
            withPipeliningAssistance: false, withErrorHandling: false, withOutboundHeaderValidation: false,
            withEncoderConfiguration: .init(), withDecoderLimitConfiguration: decoderLimits)
        let gate = LabRequestGate(wire: wire, refusalBeforeBody: refusalBeforeBody)
        wire.gate = gate
        try pipeline.addHandler(gate)
    }

    func handle(value: Value, logger: Logger) async {
        await handleHTTP(asyncChannel: value, logger: logger)
    }
}

@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
extension LabChannel {
    /// Hummingbird's responder for `responder`: the request's body read whole
    /// (the gate has bounded it), the answer made on `pool`'s threads — never
    /// an event loop's, never the concurrency pool's, since a gesture may
    /// wait seconds for the database and a page may take long to make —
    /// then written with the lab's headers.
    static func responder(
        for responder: LabResponder, connections: LabConnections, pool: NIOThreadPool
    ) -> HTTPChannelHandler.Responder {
        let limits = connections.limits
        let tokenField = HTTPField.Name(LabResponder.tokenHeader)
        return { request, writer, _ in
            var request = request
            let promised = request.headers[.contentLength].flatMap { Int($0) } ?? 0
            let body = try await request.collectBody(upTo: limits.body)
            // The connection closed before the body ended: nothing is stored, nothing answered.
            guard body.readableBytes == promised else { throw ChannelError.eof }
            // The wait for the database is bounded from the whole request, however slowly it came.
            let bound = ContinuousClock.now + limits.store
            var asked = LabResponder.Request(
                method: request.method.rawValue, target: request.head.path ?? "/",
                headerToken: tokenField.flatMap { request.headers[$0] }, userAgent: request.headers[.userAgent],
                body: Array(buffer: body))
            // A gesture waits for the database for the bound at most, and less once the lab stops.
            asked.storeDeadline = { connections.storeDeadline(bound: bound) }
            let answer = try await Self.answer(asked, by: responder, on: pool, connections: connections)
            var fields = HTTPFields()
            for (name, value) in answer.fields(closing: false) {
                if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
            }
            fields[.contentLength] = String(answer.body.count)
            try await writer.write(
                response: HTTPResponse(status: .init(code: answer.status), headerFields: fields),
                body: .init(byteBuffer: ByteBuffer(bytes: answer.body)))
        }
    }

    /// `responder`'s answer to `question`, made on a thread of `pool`. The
    /// wait ends early when the task is cancelled or the stop resets every
    /// connection (``LabConnections/resetAll()``): a page that takes long to
    /// make never holds the stop past its bound.
    static func answer(
        _ question: LabResponder.Request, by responder: LabResponder, on pool: NIOThreadPool, connections: LabConnections
    ) async throws -> LabResponder.Response {
        // The caller, until the first of the answer, the cancellation and the stop's reset ends the wait.
        let waiting = NIOLockedValueBox<(caller: CheckedContinuation<LabResponder.Response, any Error>?, ended: Bool)>((nil, false))
        @Sendable func resume(_ result: Result<LabResponder.Response, any Error>) {
            waiting.withLockedValue { waiting in
                defer { waiting = (nil, true) }
                return waiting.caller
            }?.resume(with: result)
        }
        let id = connections.makingAnswer { resume(.failure(CancellationError())) }
        defer { connections.answerMade(id) }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ended = waiting.withLockedValue { waiting in
                    if !waiting.ended { waiting.caller = continuation }
                    return waiting.ended
                }
                if ended || Task.isCancelled { return ended ? continuation.resume(throwing: CancellationError()) : resume(.failure(CancellationError())) }
                pool.submit { state in
                    guard state == .active else { return resume(.failure(CancellationError())) }
                    resume(.success(responder.respond(to: question)))
                }
            }
        } onCancel: {
            resume(.failure(CancellationError()))
        }
    }
}
