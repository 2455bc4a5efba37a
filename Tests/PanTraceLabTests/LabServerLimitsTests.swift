import Foundation
@testable import PanTraceLab
import PanTraceModel
import PanTraceStore
import BrowserTestSupport
import Testing
import TestThreads

/// The lab as a network service (docs/lab.md, "Limits"): what a client on
/// the network can send is bounded, slow and silent clients are closed, a
/// body over the limit is refused before it is read and never read as a
/// request, connections over the limit are refused while the listener
/// listens on, and a store that waits on the database freezes nothing.
@Suite(.blocksItsThread) struct LabServerLimitsTests {
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
        let connection = try await RawHTTP.connect(port: server.port)
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
    ])
    func aMalformedHeadIsRefusedThenClosed(request: String, status: Int) async throws {
        let lab = try LabFixture()
        let server = try await lab.serve()
        defer { Task { await server.stop() } }
        let connection = try await RawHTTP.connect(port: server.port)
        let response = try await connection.exchange(request)
        #expect(response.status == status, "\(request.prefix(40)): \(response.body)")
        #expect(await connection.readsEndOfFile())
    }

    /// The parser looks at each byte once and holds no more than a limit
    /// and one chunk: a 512 KiB line without a break is refused at 8 KiB.
    @Test func theHeadIsReadInOnePassAndRefusedAtTheLimit() throws {
        let limits = LabLimits()
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1024)
        var parser = RequestHead.Parser(limits: limits)
        _ = try parser.feed(Array("GET / HTTP/1.1\r\nX: ".utf8))
        var fed = 0
        var refusal: RequestHead.Refusal?
        for _ in 0..<512 {
            do {
                _ = try parser.feed(chunk)
                fed += 1
            } catch {
                refusal = error
                break
            }
        }
        #expect(refusal?.status == 431)
        #expect(fed == limits.headerLine / chunk.count - 1, "refused at the chunk that crossed 8 KiB, after \(fed)")
    }

    /// However a valid head is cut into pieces, it parses to the same head.
    @Test func aHeadParsesTheSameWhereverItIsCut() throws {
        let text = "POST /gestures?token=t HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nX-Pantrace-Token:  abc \r\n\r\nxyz"
        let bytes = Array(text.utf8)
        var whole = RequestHead.Parser(limits: LabLimits())
        let expected = try #require(try whole.feed(bytes))
        #expect(expected.head.contentLength == 3 && expected.head.field("x-pantrace-token") == "abc" && expected.rest == Array("xyz".utf8))
        for cut in 1..<bytes.count {
            var parser = RequestHead.Parser(limits: LabLimits())
            let first = try parser.feed(bytes[..<cut])
            let parsed = try first ?? parser.feed(bytes[cut...])
            #expect(parsed?.head == expected.head, "cut at \(cut)")
        }
    }

    /// A silent client, a head that stalls, a body that stalls and an idle
    /// keep-alive connection are all closed (408 when a request had begun),
    /// and nothing is stored.
    @Test func slowAndSilentClientsAreClosed() async throws {
        let lab = try LabFixture()
        var limits = LabLimits()
        limits.idle = .milliseconds(200)
        limits.headTime = .milliseconds(200)
        limits.stall = .milliseconds(200)
        let server = try await lab.serve(limits: limits)
        defer { Task { await server.stop() } }
        let silent = try await RawHTTP.connect(port: server.port)
        #expect(await silent.readsEndOfFile(), "a connection that sends nothing is closed")

        // Each request goes out with its connection: the 200 ms idle limit never races the test's turn.
        let slowHead = try await RawHTTP.connect(port: server.port, sending: "GET /?token=\(lab.token.text) HTTP/1.1\r\nHost")
        #expect(try await slowHead.response().status == 408)
        #expect(await slowHead.readsEndOfFile())

        let body = Gestures.drag(from: 100, to: 500)
        let slowBody = try await RawHTTP.connect(
            port: server.port,
            sending: "POST /gestures HTTP/1.1\r\n\(Self.token): \(lab.token.text)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body.prefix(10))")
        #expect(try await slowBody.response().status == 408)
        #expect(await slowBody.readsEndOfFile())

        let idle = try await RawHTTP.connect(port: server.port, sending: "GET /?token=\(lab.token.text) HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try await idle.response().status == 200)
        #expect(await idle.readsEndOfFile(), "an idle keep-alive connection is closed")
        #expect(try lab.store.traceCount() == 0)
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
            let connection = try await RawHTTP.connect(port: server.port)
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
        var limits = LabLimits()
        limits.connections = 2
        let server = try await lab.serve(limits: limits)
        defer { Task { await server.stop() } }
        var held = [try await RawHTTP.connect(port: server.port), try await RawHTTP.connect(port: server.port)]
        #expect(await LabServerTests.poll { server.openConnections == 2 })
        let over = try await RawHTTP.connect(port: server.port)
        #expect(try await over.response().status == 503)
        #expect(await over.readsEndOfFile())
        held.removeAll()
        #expect(await LabServerTests.poll { server.openConnections == 0 })
        let later = try await RawHTTP.connect(port: server.port)
        #expect(try await later.exchange("GET /?token=\(lab.token.text) HTTP/1.1\r\nHost: x\r\n\r\n").status == 200)
    }

    /// While a gesture waits for the database (another writer holds its
    /// lock), the page is served; the gesture is stored once the lock is free.
    @Test func aStoreWaitingForTheDatabaseFreezesNothing() async throws {
        let lab = try LabFixture()
        var limits = LabLimits()
        limits.store = .seconds(120)
        let server = try await lab.serve(limits: limits)
        defer { Task { await server.stop() } }
        let other = try Store(path: lab.databasePath)
        let writing = try other.beginRun(.record, config: Config())
        let body = Gestures.drag(from: 100, to: 500)
        let poster = try await RawHTTP.connect(port: server.port)
        await poster.send("POST /gestures HTTP/1.1\r\n\(Self.token): \(lab.token.text)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        #expect(await LabServerTests.poll { server.requestsUnderWay == 1 })
        for _ in 0..<3 {
            let page = try await RawHTTP.connect(port: server.port)
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
        var limits = LabLimits()
        limits.store = .milliseconds(100)
        let server = try await lab.serve(limits: limits)
        defer { Task { await server.stop() } }
        let other = try Store(path: lab.databasePath)
        let writing = try other.beginRun(.record, config: Config())
        let body = Gestures.drag(from: 100, to: 500)
        let request = "POST /gestures HTTP/1.1\r\n\(Self.token): \(lab.token.text)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        let connection = try await RawHTTP.connect(port: server.port)
        let refused = try await connection.exchange(request)
        #expect(refused.status == 503)
        #expect(refused.body.contains("\"retry\": true") && refused.body.contains("nothing was stored"), "\(refused.body)")
        writing.rollback()
        other.close()
        #expect(try lab.store.traceCount() == 0)
        #expect(try await connection.exchange(request).status == 200)
        #expect(try lab.store.traceCount() == 1)
    }

    /// Stopping while a gesture waits for the database answers it (503,
    /// nothing stored) within the stop's bound, and the stop ends.
    @Test func stoppingWhileAStoreWaitsAnswersIt() async throws {
        let lab = try LabFixture()
        var limits = LabLimits()
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
        let poster = try await RawHTTP.connect(port: server.port)
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
        let connection = try await RawHTTP.connect(port: server.port)
        let get = "GET /?token=\(lab.token.text) HTTP/1.1\r\nHost: x\r\n\r\n"
        #expect(try await connection.exchange(get).status == 200)
        await connection.send(get)
        await server.stop()
        let status = try await connection.response().status
        #expect(status == 200 || status == 503)
    }
}
