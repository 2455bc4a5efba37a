import Foundation
import HummingbirdCore
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import ServiceLifecycle

/// The lab's HTTP server (docs/lab.md): Hummingbird's HTTP/1 server on
/// SwiftNIO, each connection bounded by the lab's handlers (``LabChannel``),
/// every request answered through a ``LabResponder``; a `Service` that a
/// `ServiceGroup` runs and stops gracefully.
///
/// ```swift
/// let server = LabServer(host: "127.0.0.1", port: 0, responder: responder)
/// let group = ServiceGroup(services: [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: LabServer.logger)
/// async let running: Void = group.run()
/// print(server.urls(port: try await server.listeningPort())[0])   // http://127.0.0.1:41234/?token=…
/// ```
///
/// Its tasks run on NIO's event loops, never on the concurrency pool's
/// threads, and the responder on threads of its own: a gesture waiting on
/// the database holds nothing the page or the other requests need.
///
/// The stop (the group's graceful shutdown) comes in the order docs/lab.md
/// gives: every connection is told (``LabStopping``) — a request that
/// begins after gets 503, one arriving has the stop's grace
/// (``LabLimits/stopGrace``) to arrive, a gesture waiting for the database
/// ``LabLimits/storeAfterStop`` more, an idle connection is closed once
/// ``LabLimits/idleAtStop`` passes without a byte — until every connection
/// has ended; what is left then is reset; then Hummingbird's server stops
/// accepting and closes the listening socket.
package final class LabServer: Service, Sendable {
    /// The address and port could not be listened on (exit 69).
    package struct CannotListen: Error, CustomStringConvertible {
        package var host: String
        package var port: Int
        package var reason: String
        /// True when the host is not an IP address (the reason says which are).
        package var hostIsNotAnAddress = false
        package var description: String { "cannot listen on \(host) port \(port): \(reason)" }
    }

    /// The host as asked (`127.0.0.1`, `0.0.0.0`, a LAN address, `::1`).
    package let host: String
    /// The port asked for (0: a free one; ``listeningPort()`` says which).
    package let port: Int
    /// The token the server asks for.
    package let token: LabToken
    let responder: LabResponder
    let limits: LabLimits
    let connections: LabConnections
    private let listening = NIOLockedValueBox(Listening.waiting([]))

    private enum Listening {
        case waiting([CheckedContinuation<Int, any Error>])
        case listening(Int)
        case failed(CannotListen)
    }

    /// What the server and the services around it log: nothing (the lab's
    /// standard output is its URL and gesture lines, its standard error its summary).
    package static let logger = Logger(label: "pantrace-lab", factory: { _ in SwiftLogNoOpLogHandler() })

    /// A server for `host` and `port` (0: a free port) answering through `responder` under `limits`; ``run()`` serves.
    package init(host: String, port: Int, responder: LabResponder, limits: LabLimits = LabLimits()) {
        self.host = host
        self.port = port
        self.token = responder.token
        self.responder = responder
        self.limits = limits
        connections = LabConnections(limits: limits)
    }

    /// Waits until the server listens and returns the port it listens on.
    ///
    /// - Throws: ``CannotListen`` when the address is not an IP address of
    ///   this machine, the port is taken, or listening is not allowed.
    package func listeningPort() async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            let known: Result<Int, any Error>? = listening.withLockedValue { state in
                switch state {
                case .waiting(let waiting):
                    state = .waiting(waiting + [continuation])
                    return nil
                case .listening(let port): return .success(port)
                case .failed(let error): return .failure(error)
                }
            }
            if let known { continuation.resume(with: known) }
        }
    }

    /// Listens and serves until the group around it shuts down gracefully,
    /// then stops as docs/lab.md says, within ``LabLimits/stopGrace`` and
    /// ``LabLimits/storeAfterStop`` and half a second.
    ///
    /// - Throws: ``CannotListen``.
    package func run() async throws {
        guard (0...65535).contains(port) else { throw failure("a port is 0–65535") }
        do {
            // Only an IP address: a name would be looked up, and could name another machine.
            _ = try SocketAddress(ipAddress: host == "localhost" ? "127.0.0.1" : host, port: port)
        } catch {
            throw failure("the host is not an IP address (127.0.0.1, 0.0.0.0, a LAN address, ::1)", hostIsNotAnAddress: true)
        }
        guard #available(macOS 14, iOS 17, tvOS 17, visionOS 1, *) else {
            throw failure("the lab's server (Hummingbird 2) needs macOS 14 or later")
        }
        let pool = NIOThreadPool(numberOfThreads: Self.responderThreads)
        pool.start()
        let loops = MultiThreadedEventLoopGroup.singleton
        let server: any Service
        do {
            server = try makeServer(on: loops, pool: pool)
        } catch {
            pool.shutdownGracefully { _ in }
            throw failure("\(error)")
        }
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [.init(service: server), .init(service: Stop(connections: connections, loops: loops))], logger: Self.logger))
        do {
            try await withTaskCancellationHandler {
                try await Self.onEventLoops(loops) { try await group.run() }
            } onCancel: {
                connections.resetAll()
            }
        } catch {
            pool.shutdownGracefully { _ in }
            throw failure(Self.describe(error))
        }
        // Not waited for: a page still being made for a connection reset at the stop ends on its own.
        pool.shutdownGracefully { _ in }
        // A server that stopped before it listened (the stop came first) lets no one wait.
        _ = failure("the server stopped before it listened")
    }

    /// Hummingbird's HTTP/1 server on `loops`, each connection a ``LabChannel``, answers made on `pool`.
    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    private func makeServer(on loops: any EventLoopGroup, pool: NIOThreadPool) throws -> any Service {
        let (connections, responder) = (connections, responder)
        let answer = LabChannel.responder(for: responder, connections: connections, pool: pool)
        return try HTTPServerBuilder { answer in
            LabChannel(responder: answer, connections: connections, refusalBeforeBody: { responder.refusalBeforeBody(to: $0) })
        }.buildServer(
            configuration: ServerConfiguration(address: .hostname(host == "localhost" ? "127.0.0.1" : host, port: port), backlog: 256),
            eventLoopGroup: loops, logger: Self.logger, responder: answer,
            onServerRunning: { [self] channel in await listened(on: channel) })
    }

    /// Threads that answer requests (a gesture may wait seconds there for the database).
    static let responderThreads = 16

    /// Runs `body` with NIO's event loops as its tasks' executor, where the runtime allows it.
    private static func onEventLoops(_ loops: any EventLoopGroup, _ body: () async throws -> Void) async throws {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            try await withTaskExecutorPreference(EventLoopTaskExecutor(loops)) { try await body() }
        } else {
            try await body()
        }
    }

    private func listened(on channel: any Channel) async {
        // docs/lab.md: when accepting fails for want of descriptors, accept again 50 ms later
        // (NIO's own back-off, which waits a second, never sees the error).
        try? await channel.eventLoop.submit {
            try channel.pipeline.syncOperations.addHandler(
                AcceptBackoffHandler(shouldForwardIOErrorCaught: false) { _ in .milliseconds(50) }, position: .first)
        }.get()
        let port = channel.localAddress?.port ?? port
        let waiting = listening.withLockedValue { state in
            guard case .waiting(let waiting) = state else { return [CheckedContinuation<Int, any Error>]() }
            state = .listening(port)
            return waiting
        }
        for waiter in waiting { waiter.resume(returning: port) }
    }

    /// ``CannotListen`` for `reason`, with which the waits for the port end (unless it listened).
    private func failure(_ reason: String, hostIsNotAnAddress: Bool = false) -> CannotListen {
        let error = CannotListen(host: host, port: port, reason: reason, hostIsNotAnAddress: hostIsNotAnAddress)
        let waiting = listening.withLockedValue { state in
            guard case .waiting(let waiting) = state else { return [CheckedContinuation<Int, any Error>]() }
            state = .failed(error)
            return waiting
        }
        for waiter in waiting { waiter.resume(throwing: error) }
        return error
    }

    /// The page's URLs for `port`: for `0.0.0.0` (or `::`), one per address
    /// of the machine (non-loopback first); else the one.
    package func urls(port: Int) -> [String] {
        let hosts: [String]
        if host == "0.0.0.0" || host == "::" {
            let found = Self.machineAddresses(ipv6: host == "::")
            hosts = found.isEmpty ? [host == "::" ? "::1" : "127.0.0.1"] : found
        } else {
            hosts = [host]
        }
        return hosts.map { "http://\($0.contains(":") ? "[\($0)]" : $0):\(port)/?token=\(token.text)" }
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

    private static func describe(_ error: any Error) -> String {
        if let error = error as? IOError {
            // "Address already in use (bind)", "Cannot assign requested address (bind)" …
            let call = error.description.split(separator: "(").first.map(String.init) ?? "bind"
            return "\(String(cString: strerror(error.errnoCode))) (\(call))"
        }
        return "\(error)"
    }

    /// The first part of the stop (docs/lab.md): run last in the server's
    /// group, so stopped first, before Hummingbird's server stops accepting.
    private struct Stop: Service {
        let connections: LabConnections
        let loops: any EventLoopGroup

        func run() async {
            do { try await gracefulShutdown() } catch { return }
            let limits = connections.limits
            let grace = connections.beginStop(grace: limits.stopGrace)
            // Requests arriving have the grace, a gesture waiting for the database 1.5 s
            // more; an answer going out a second past the grace; a half-second for the rest.
            await connections.waitUntilQuiet(by: grace + limits.storeAfterStop + .milliseconds(500), on: loops.any())
            connections.resetAll()
        }
    }
}

/// NIO's event loops as a task executor: each job runs on the event loop it
/// was enqueued from (or the next one), so that the server's tasks never
/// wait for a thread of the concurrency pool.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class EventLoopTaskExecutor: TaskExecutor {
    let loops: any EventLoopGroup

    init(_ loops: any EventLoopGroup) {
        self.loops = loops
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        loops.any().execute { job.runSynchronously(on: executor) }
    }
}
