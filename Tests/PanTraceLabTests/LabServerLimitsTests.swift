import BrowserTestSupport
import Foundation
import NIOCore
import NIOEmbedded
import NIOHTTP1
@testable import PanTraceLab
import PanTraceModel
import PanTraceStore
import Testing

/// The lab as a network service (docs/lab.md, "Limits"): what a client on
/// the network can send is bounded, slow and silent clients are closed, a
/// body over the limit is refused before it is read and never read as a
/// request, connections over the limit are refused while the listener
/// listens on, and a store that waits on the database freezes nothing.
@Suite struct LabServerLimitsTests {
    static let token = "X-Pantrace-Token"

    /// Each limit of the head, broken by a head that is never finished: the
    /// answer comes at the limit, without waiting for the rest, then close.
    @Test(arguments: [
        ("request line", 400, "GET /" + String(repeating: "a", count: 9000)),
        ("header line", 431, "GET / HTTP/1.1\r\nX-Long: " + String(repeating: "a", count: 9000)),
        ("field count", 431, "GET / HTTP/1.1\r\n" + String(repeating: "X-A: b\r\n", count: 101)),
        ("head", 431, "GET / HTTP/1.1\r\n" + String(repeating: "X-Field: " + String(repeating: "a", count: 1000) + "\r\n", count: 40)),
        ("blank lines", 431, String(repeating: "\r\n", count: 20000)),
    ])
    func aHeadOverALimitIsAnsweredAtTheLimitThenClosed(limit: String, status: Int, prefix: String) async throws {
        let lab = try LabFixture()
        let server = try await lab.serve()
        defer { Task { await server.stop() } }
        let connection = try await WireClient.connect(port: server.port)
        await connection.send(prefix)
        let response = try await connection.response()
        #expect(response.status == status, "\(limit): \(response.body)")
        #expect(response.head.contains("Connection: close"))
        #expect(await connection.readsEndOfFile(), "\(limit): the connection is closed")
    }

    /// Malformed heads: 400 (505 for another HTTP version, 501 for a chunked body), then close.
    @Test(arguments: [
        ("GET / HTTP/1.1\r\nNo colon here\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nBad Name: x\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nX: a\u{01}b\r\n\r\n", 400),
        ("GET noslash HTTP/1.1\r\n\r\n", 400),
        ("GET / HTTP/2.0\r\n\r\n", 505),
        ("POST /gestures HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n", 400),
        ("POST /gestures HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400),
        ("POST /gestures HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", 501),
        // What NIO's decoder refuses besides (docs/lab.md "Limits"): a version it does not speak,
        // Transfer-Encoding beside Content-Length, a line ended by LF alone, a method HTTP does not define.
        ("GET / HTTP/1.2\r\n\r\n", 505),
        ("POST /gestures HTTP/1.1\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
        ("GET / HTTP/1.1\nHost: x\n\n", 400),
        ("BREW / HTTP/1.1\r\n\r\n", 400),
    ])
    func aMalformedHeadIsRefusedThenClosed(request: String, status: Int) async throws {
        let lab = try LabFixture()
        let server = try await lab.serve()
        defer { Task { await server.stop() } }
        let connection = try await WireClient.connect(port: server.port)
        let response = try await connection.exchange(request)
        #expect(response.status == status, "\(request.prefix(40)): \(response.body)")
        #expect(await connection.readsEndOfFile())
    }

    /// The head is counted as it arrives, each byte once, and nothing of it
    /// is held: a 512 KiB line without a break is refused at 8 KiB.
    @Test func theHeadIsCountedInOnePassAndRefusedAtTheLimit() throws {
        let limits = LabLimits()
        var count = LabWireLimits.HeadCount()
        for byte in "GET / HTTP/1.1\r\nX: ".utf8 { #expect(count.add(byte, limits: limits) == .more) }
        var fed = 0
        var refusal: LabWireLimits.HeadCount.Step?
        chunks: for _ in 0..<512 {
            for _ in 0..<1024 {
                let step = count.add(UInt8(ascii: "a"), limits: limits)
                if step != .more {
                    refusal = step
                    break chunks
                }
            }
            fed += 1
        }
        guard case .refuse(let status, _)? = refusal else { Issue.record("not refused: \(String(describing: refusal))"); return }
        #expect(status == 431)
        #expect(fed == limits.headerLine / 1024 - 1, "refused in the chunk that crossed 8 KiB, after \(fed)")
    }

    /// However a request is cut into pieces on the wire, the lab's pipeline
    /// hands on the same head and body, and the next request after it.
    @Test func aRequestDecodesTheSameWhereverItIsCut() throws {
        let text = "POST /gestures?token=t HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nX-Pantrace-Token:  abc \r\n\r\nxyzGET / HTTP/1.1\r\n\r\n"
        let bytes = Array(text.utf8)
        func decode(_ pieces: [ArraySlice<UInt8>]) throws -> [String] {
            let channel = EmbeddedChannel()
            let connections = LabConnections(limits: LabLimits())
            try LabChannel.addHandlers(to: channel.pipeline.syncOperations, connections: connections, refusalBeforeBody: { _ in nil })
            try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
            for piece in pieces { try channel.writeInbound(ByteBuffer(bytes: piece)) }
            var parts: [String] = []
            while let part = try channel.readInbound(as: HTTPServerRequestPart.self) {
                switch part {
                case .head(let head):
                    parts.append("\(head.method) \(head.uri) \(head.headers.map { "\($0.name)=\($0.value)" }.joined(separator: ","))")
                case .body(var body): parts.append("body " + (body.readString(length: body.readableBytes) ?? ""))
                case .end: parts.append("end")
                }
            }
            return parts
        }
        let whole = try decode([bytes[...]])
        // NIO keeps a value's trailing whitespace; the responder trims it (LabResponder.Request).
        #expect(whole == ["POST /gestures?token=t Host=x,Content-Length=3,X-Pantrace-Token=abc ", "body xyz", "end", "GET / ", "end"])
        for cut in 1..<bytes.count {
            let parts = try decode([bytes[..<cut], bytes[cut...]])
            #expect(parts.filter { !$0.hasPrefix("body") } == whole.filter { !$0.hasPrefix("body") }, "cut at \(cut)")
            #expect(parts.filter { $0.hasPrefix("body") }.map { $0.dropFirst(5) }.joined() == "xyz", "cut at \(cut)")
        }
    }

    /// A silent client, a head that stalls, a body that stalls and an idle
    /// keep-alive connection are all closed (408 when a request had begun),
    /// and nothing is stored.
    @Test func slowAndSilentClientsAreClosed() async throws {
        let lab = try LabFixture()
        var limits = LabFixture.limits
        // A second each: on a loaded machine a client's first bytes can come
        // a few hundred milliseconds after its connection.
        limits.idle = .seconds(1)
        limits.headTime = .seconds(1)
        limits.stall = .seconds(1)
        let server = try await lab.serve(limits: limits)
        defer { Task { await server.stop() } }
        let silent = try await WireClient.connect(port: server.port)
        #expect(await silent.readsEndOfFile(), "a connection that sends nothing is closed")

        // Each request goes out with its connection: the idle limit never races the test's turn.
        let slowHead = try await WireClient.connect(port: server.port, sending: "GET /?token=\(lab.token.text) HTTP/1.1\r\nHost")
        #expect(try await slowHead.response().status == 408)
        #expect(await slowHead.readsEndOfFile())

        let body = Gestures.drag(from: 100, to: 500)
        let slowBody = try await WireClient.connect(
            port: server.port,
            sending: "POST /gestures HTTP/1.1\r\n\(Self.token): \(lab.token.text)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body.prefix(10))")
        #expect(try await slowBody.response().status == 408)
        #expect(await slowBody.readsEndOfFile())

        let idle = try await WireClient.connect(port: server.port, sending: "GET /?token=\(lab.token.text) HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try await idle.response().status == 200)
        #expect(await idle.readsEndOfFile(), "an idle keep-alive connection is closed")
        #expect(try lab.store.traceCount() == 0)
    }

    /// A head that has begun has its own bound (408), however short the
    /// idle bound: the idle one is for a connection with nothing arriving.
    @Test func aHeadThatHasBegunHasItsOwnBound() async throws {
        let lab = try LabFixture()
        var limits = LabFixture.limits
        limits.idle = .milliseconds(100)
        limits.headTime = .seconds(1)
        let server = try await lab.serve(limits: limits)
        defer { Task { await server.stop() } }
        let started = ContinuousClock.now
        let connection = try await WireClient.connect(port: server.port, sending: "G")
        #expect(try await connection.response().status == 408)
        #expect(started.duration(to: .now) >= .seconds(1), "answered at the head's bound, not closed at the idle one")
    }

    /// The wait for the database is bounded from the whole request: a body
    /// that took longer than the bound to arrive is stored.
    @Test func aBodyArrivingSlowlyIsStoredWhateverTheStoreBound() async throws {
        let lab = try LabFixture()
        var limits = LabFixture.limits
        // Two seconds: storing one gesture is far less even on a loaded machine.
        limits.store = .seconds(2)
        let server = try await lab.serve(limits: limits)
        defer { Task { await server.stop() } }
        let body = Gestures.drag(from: 100, to: 500)
        let connection = try await WireClient.connect(
            port: server.port, sending: "POST /gestures HTTP/1.1\r\n\(Self.token): \(lab.token.text)\r\nContent-Length: \(body.utf8.count)\r\n\r\n")
        for piece in [body.prefix(20), body.dropFirst(20).prefix(20), body.dropFirst(40)] {
            // A phone on a slow network: pieces longer apart than the store's bound in all.
            try await Task.sleep(for: .seconds(1))
            await connection.send(String(piece))
        }
        let response = try await connection.response()
        #expect(response.status == 200, "\(response.body)")
        #expect(try lab.store.traceCount() == 1)
    }

    /// Requests sent one after another without waiting are answered in
    /// order; HTTP/1.0 without keep-alive, and `Connection: close`, close after the answer.
    @Test func pipelinedRequestsAreAnsweredInOrderAndAClosingOneCloses() async throws {
        let lab = try LabFixture()
        let server = try await lab.serve()
        defer { Task { await server.stop() } }
        let token = lab.token.text
        let pipelined = try await WireClient.connect(
            port: server.port,
            sending: "GET /?token=\(token) HTTP/1.1\r\n\r\nGET /nothing?token=\(token) HTTP/1.1\r\n\r\nGET / HTTP/1.1\r\n\r\n")
        #expect(try await pipelined.response().status == 200)
        #expect(try await pipelined.response().status == 404)
        #expect(try await pipelined.response().status == 403)
        for request in ["GET /?token=\(token) HTTP/1.0\r\n\r\n", "GET /?token=\(token) HTTP/1.1\r\nConnection: close\r\n\r\n"] {
            let connection = try await WireClient.connect(port: server.port)
            #expect(try await connection.exchange(request).status == 200)
            #expect(await connection.readsEndOfFile(), "\(request.prefix(30))")
        }
    }

    /// A body over 1 MiB is refused from its Content-Length, before a byte
    /// of it is sent; the connection is closed, and a gesture hidden in the
    /// refused body is never read as a request. The order of the checks
    /// holds: without the token it is 403.
    @Test func aBodyOverTheLimitIsRefusedBeforeItIsReadAndNeverExecuted() async throws {
        let lab = try LabFixture()
        let server = try await lab.serve()
        defer { Task { await server.stop() } }
        let gesture = Gestures.drag(from: 100, to: 500)
        let hidden = "POST /gestures HTTP/1.1\r\n\(Self.token): \(lab.token.text)\r\nContent-Length: \(gesture.utf8.count)\r\n\r\n\(gesture)"
        for (token, status) in [(lab.token.text, 413), ("wrong", 403)] {
            let connection = try await WireClient.connect(port: server.port)
            await connection.send("POST /gestures HTTP/1.1\r\n\(Self.token): \(token)\r\nContent-Length: \(2 << 20)\r\n\r\n")
            let response = try await connection.response()
            #expect(response.status == status)
            #expect(response.head.contains("Connection: close"))
            await connection.send(hidden)
            #expect(await connection.readsEndOfFile())
        }
        #expect(try lab.store.traceCount() == 0, "the gesture in the refused body was not stored")
    }

    /// Over the connection limit a connection gets 503 and is closed; the
    /// listener listens on and takes connections again once they free up.
    @Test func connectionsOverTheLimitGet503AndTheListenerListensOn() async throws {
        let lab = try LabFixture()
        var limits = LabFixture.limits
        limits.connections = 2
        let server = try await lab.serve(limits: limits)
        defer { Task { await server.stop() } }
        let held = [try await WireClient.connect(port: server.port), try await WireClient.connect(port: server.port)]
        #expect(await LabServerTests.poll { server.openConnections == 2 })
        let over = try await WireClient.connect(port: server.port)
        #expect(try await over.response().status == 503)
        #expect(await over.readsEndOfFile())
        for connection in held { await connection.close() }
        #expect(await LabServerTests.poll { server.openConnections == 0 })
        let later = try await WireClient.connect(port: server.port)
        #expect(try await later.exchange("GET /?token=\(lab.token.text) HTTP/1.1\r\nHost: x\r\n\r\n").status == 200)
    }

    /// While a gesture waits for the database (another writer holds its
    /// lock), the page is served; the gesture is stored once the lock is free.
    @Test func aStoreWaitingForTheDatabaseFreezesNothing() async throws {
        let lab = try LabFixture()
        var limits = LabFixture.limits
        limits.store = .seconds(120)
        let server = try await lab.serve(limits: limits)
        defer { Task { await server.stop() } }
        let other = try Store(path: lab.databasePath)
        let writing = try other.beginRun(.record, config: Config())
        let body = Gestures.drag(from: 100, to: 500)
        let poster = try await WireClient.connect(port: server.port)
        await poster.send("POST /gestures HTTP/1.1\r\n\(Self.token): \(lab.token.text)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        #expect(await LabServerTests.poll { server.requestsUnderWay == 1 })
        for _ in 0..<3 {
            let page = try await WireClient.connect(port: server.port)
            #expect(try await page.exchange("GET /?token=\(lab.token.text) HTTP/1.1\r\nHost: x\r\n\r\n").status == 200)
        }
        #expect(server.requestsUnderWay == 1, "the gesture still waits")
        writing.rollback()
        other.close()
        #expect(try await poster.response().status == 200)
        #expect(try lab.store.traceCount() == 1)
    }

    /// A gesture that cannot get the database within its bound is answered
    /// 503 with `retry`, and nothing is stored; the same gesture sent again
    /// once the lock is free is stored once.
    @Test func aStoreThatCannotGetTheLockIs503AndStoresNothing() async throws {
        let lab = try LabFixture()
        var limits = LabFixture.limits
        limits.store = .milliseconds(100)
        let server = try await lab.serve(limits: limits)
        defer { Task { await server.stop() } }
        let other = try Store(path: lab.databasePath)
        let writing = try other.beginRun(.record, config: Config())
        let body = Gestures.drag(from: 100, to: 500)
        let request = "POST /gestures HTTP/1.1\r\n\(Self.token): \(lab.token.text)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        let connection = try await WireClient.connect(port: server.port)
        let refused = try await connection.exchange(request)
        #expect(refused.status == 503)
        #expect(refused.body.contains("\"retry\": true") && refused.body.contains("nothing was stored"), "\(refused.body)")
        writing.rollback()
        other.close()
        #expect(try lab.store.traceCount() == 0)
        // Sent again as the page sends it, while the answer is 503 with `retry`
        // (a loaded machine can take more than the 100 ms bound again): stored once.
        var status = 503
        for _ in 0..<20 where status == 503 { status = try await connection.exchange(request).status }
        #expect(status == 200)
        #expect(try lab.store.traceCount() == 1)
    }

    /// Stopping while a gesture waits for the database answers it (503,
    /// nothing stored) within the stop's bound, and the stop ends.
    @Test func stoppingWhileAStoreWaitsAnswersIt() async throws {
        let lab = try LabFixture()
        var limits = LabFixture.limits
        limits.store = .seconds(120)
        limits.stopGrace = .milliseconds(100)
        let server = try await lab.serve(limits: limits)
        let other = try Store(path: lab.databasePath)
        let writing = try other.beginRun(.record, config: Config())
        defer {
            writing.rollback()
            other.close()
        }
        let body = Gestures.drag(from: 100, to: 500)
        let poster = try await WireClient.connect(port: server.port)
        await poster.send("POST /gestures HTTP/1.1\r\n\(Self.token): \(lab.token.text)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        #expect(await LabServerTests.poll { server.requestsUnderWay == 1 })
        let started = ContinuousClock.now
        await server.stop()
        #expect(started.duration(to: .now) < .seconds(60), "the stop did not wait for the store's two minutes")
        #expect(try await poster.response().status == 503)
        #expect(try lab.store.traceCount() == 0)
    }

    /// A request on a connection that was idle when the stop began gets an
    /// answer (the page or 503), never silence.
    @Test func aRequestMeetingTheStopIsAnswered() async throws {
        let lab = try LabFixture()
        let server = try await lab.serve()
        let connection = try await WireClient.connect(port: server.port)
        let get = "GET /?token=\(lab.token.text) HTTP/1.1\r\nHost: x\r\n\r\n"
        #expect(try await connection.exchange(get).status == 200)
        await connection.send(get)
        await server.stop()
        let status = try await connection.response().status
        #expect(status == 200 || status == 503)
    }
}
