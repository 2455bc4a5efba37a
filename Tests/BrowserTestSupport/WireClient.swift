import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// An HTTP/1.1 client on a loopback connection, for what only the wire shows
/// of the lab's server (docs/lab.md): headers, keep-alive, limits, resets.
///
/// It writes text as given and reads bytes as they come, on NIO's event
/// loops: a test awaits it, and no thread waits on a socket.
public final class WireClient: Sendable {
    public struct Response: Sendable {
        public var status: Int
        public var head: String
        public var body: String
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// What the server sent, and how the connection ended.
    public struct Received: Sendable {
        public var bytes: [UInt8] = []
        /// The server closed the connection (`nil` while it is open).
        public var end: End?
    }

    public enum End: Sendable, Equatable {
        /// An orderly close (end of file).
        case closed
        /// The connection failed (a reset).
        case failed(String)
    }

    public let channel: any Channel
    private let inbox: Inbox

    private init(channel: any Channel, inbox: Inbox) {
        self.channel = channel
        self.inbox = inbox
    }

    deinit { channel.close(promise: nil) }

    /// Closes the connection now. A test that holds a connection open while it
    /// checks something else closes it with this: an optimized build may end an
    /// object's life after its last use, before the end of its scope.
    public func close() async {
        try? await channel.close()
    }

    /// Connects to `port` on 127.0.0.1; with `receiveBuffer`, a socket that
    /// holds that little, and with `reading` false, one that reads nothing
    /// until ``startReading()``.
    public static func connect(port: Int, receiveBuffer: Int? = nil, reading: Bool = true) async throws -> WireClient {
        try await connect(port: port, receiveBuffer: receiveBuffer, reading: reading, first: nil)
    }

    /// Connects to `port` and sends `text` the moment the connection is
    /// made, from the event loop: no wait for the test's next turn comes
    /// between the two, however short the server's idle bound.
    public static func connect(port: Int, sending text: String) async throws -> WireClient {
        try await connect(port: port, receiveBuffer: nil, reading: true, first: text)
    }

    private static func connect(port: Int, receiveBuffer: Int?, reading: Bool, first: String?) async throws -> WireClient {
        let inbox = Inbox()
        var bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.autoRead, value: reading)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(Collector(inbox: inbox, first: first))
                }
            }
        if let receiveBuffer { bootstrap = bootstrap.channelOption(.socketOption(.so_rcvbuf), value: receiveBuffer) }
        do {
            return WireClient(channel: try await bootstrap.connect(host: "127.0.0.1", port: port).get(), inbox: inbox)
        } catch {
            throw Failure(description: "cannot connect to port \(port): \(error)")
        }
    }

    /// Sends `text` (as much as the server takes before it closes: it may answer 413 before reading everything).
    public func send(_ text: String) async {
        try? await channel.writeAndFlush(ByteBuffer(string: text)).get()
    }

    /// Sends `request` and reads one response.
    public func exchange(_ request: String) async throws -> Response {
        await send(request)
        return try await response()
    }

    /// Reads one response (by its Content-Length).
    public func response() async throws -> Response {
        let response = await inbox.wait { received -> Result<Response, Failure>? in
            if let (response, length) = Self.parse(received.bytes) {
                received.bytes.removeFirst(length)
                return .success(response)
            }
            guard let end = received.end else { return nil }
            return .failure(Failure(description: "the connection ended (\(end)) before a whole response"))
        }
        return try (response ?? .failure(Failure(description: "no whole response within a minute"))).get()
    }

    /// How many whole responses have arrived unread, now: a condition a
    /// ``ThreadWatch`` can check (no await).
    public var responsesArrived: Int {
        var bytes = inbox.received.bytes
        var count = 0
        while let (_, length) = Self.parse(bytes) {
            bytes.removeFirst(length)
            count += 1
        }
        return count
    }

    /// True when the server closed the connection in order with nothing
    /// more sent (end of file); false when it sent more, or reset it.
    public func readsEndOfFile() async -> Bool {
        await inbox.wait { received -> Bool? in
            if !received.bytes.isEmpty { return false }
            return received.end.map { $0 == .closed }
        } ?? false
    }

    /// Waits until the server has closed the connection; returns what it sent and how it ended.
    public func readToEnd() async -> Received {
        await inbox.wait { received -> Received? in received.end == nil ? nil : received } ?? inbox.received
    }

    /// Reads from now on (a client connected with `reading` false); nothing when the connection has ended.
    public func startReading() async {
        try? await channel.setOption(.autoRead, value: true).get()
        channel.read()
    }

    /// A whole response at the start of `bytes`, and its length in bytes.
    static func parse(_ bytes: [UInt8]) -> (Response, Int)? {
        guard let end = headEnd(bytes) else { return nil }
        let head = String(decoding: bytes[..<end], as: UTF8.self)
        let length = contentLength(head) ?? 0
        guard bytes.count >= end + 4 + length else { return nil }
        let body = String(decoding: bytes[(end + 4)..<(end + 4 + length)], as: UTF8.self)
        let status = head.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return (Response(status: status, head: head, body: body), end + 4 + length)
    }

    /// The `Content-Length` that `head` gives, if any.
    static func contentLength(_ head: String) -> Int? {
        head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
    }

    /// Where the head's empty line begins in `bytes`.
    static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        return (0...(bytes.count - 4)).first { bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10 }
    }
}

extension WireClient.Received {
    /// The `Content-Length` its head promised, once the head is in.
    public var promised: Int? {
        guard let end = WireClient.headEnd(bytes) else { return nil }
        return WireClient.contentLength(String(decoding: bytes[..<end], as: UTF8.self))
    }

    /// Bytes of the body received.
    public var bodyRead: Int {
        guard let end = WireClient.headEnd(bytes) else { return 0 }
        return bytes.count - end - 4
    }
}

extension WireClient {
    /// What arrived so far, shared between the connection's handler and the test.
    final class Inbox: Sendable {
        private struct State {
            var received = Received()
            var waiter: (id: Int, attempt: @Sendable (inout Received) -> Bool)?
            var nextWaiter = 0

            /// Gives the waiter what arrived; it stays while it finds nothing.
            mutating func tryWaiter() {
                guard let waiter else { return }
                if waiter.attempt(&received) { self.waiter = nil }
            }
        }

        private let state = NIOLockedValueBox(State())

        var received: Received { state.withLockedValue { $0.received } }

        func append(_ buffer: ByteBuffer) {
            state.withLockedValue { state in
                state.received.bytes += buffer.readableBytesView
                state.tryWaiter()
            }
        }

        func end(_ end: End) {
            state.withLockedValue { state in
                if state.received.end == nil { state.received.end = end }
                state.tryWaiter()
            }
        }

        /// Waits until `extract` gives a value from what arrived; nil after a
        /// minute (an upper bound for a failing test, never reached by a passing one).
        func wait<T: Sendable>(_ extract: @escaping @Sendable (inout Received) -> T?) async -> T? {
            await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
                let id: Int? = state.withLockedValue { state in
                    if let value = extract(&state.received) {
                        continuation.resume(returning: value)
                        return nil
                    }
                    state.nextWaiter += 1
                    state.waiter = (
                        state.nextWaiter,
                        { received in
                            guard let value = extract(&received) else { return false }
                            continuation.resume(returning: value)
                            return true
                        }
                    )
                    return state.nextWaiter
                }
                guard let id else { return }
                MultiThreadedEventLoopGroup.singleton.any().scheduleTask(in: .seconds(60)) {
                    let expired = self.state.withLockedValue { state -> Bool in
                        guard state.waiter?.id == id else { return false }
                        state.waiter = nil
                        return true
                    }
                    if expired { continuation.resume(returning: nil) }
                }
            }
        }
    }

    /// The connection's handler: every byte into the inbox, and how it ended.
    final class Collector: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer
        let inbox: Inbox
        /// Sent as soon as the connection is made.
        let first: String?

        init(inbox: Inbox, first: String?) {
            self.inbox = inbox
            self.first = first
        }

        func channelActive(context: ChannelHandlerContext) {
            if let first { context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: first)), promise: nil) }
            context.fireChannelActive()
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            inbox.append(unwrapInboundIn(data))
        }

        func errorCaught(context: ChannelHandlerContext, error: Error) {
            inbox.end(.failed("\(error)"))
            context.close(promise: nil)
        }

        func channelInactive(context: ChannelHandlerContext) {
            inbox.end(.closed)
        }
    }
}
