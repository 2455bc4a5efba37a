import BrowserTestSupport
import Foundation
@testable import PanTraceLab
import Testing

/// The lab on a loopback socket (docs/lab.md): what only the wire shows —
/// the headers (no CORS), a body over the limit, a free port, a port taken,
/// and a stop that does not wait for idle keep-alive connections.
@Suite struct LabServerTests {
    @Test func noResponseAllowsOtherOriginsAndTheAnswersAreAsOnTheWire() async throws {
        let lab = try LabFixture()
        let server = try await lab.serve()
        defer { Task { await server.stop() } }
        #expect(server.port > 0)
        #expect(server.url == "http://127.0.0.1:\(server.port)/?token=\(lab.token.text)")
        let connection = try await WireClient.connect(port: server.port)
        let origin = "Origin: https://evil.example\r\n"
        let requests: [(String, Int)] = [
            ("GET /?token=\(lab.token.text) HTTP/1.1\r\nHost: x\r\n\(origin)\r\n", 200),
            ("GET / HTTP/1.1\r\nHost: x\r\n\(origin)\r\n", 403),
            ("OPTIONS /gestures HTTP/1.1\r\nHost: x\r\n\(origin)Access-Control-Request-Method: POST\r\n\r\n", 403),
            ("OPTIONS /gestures?token=\(lab.token.text) HTTP/1.1\r\nHost: x\r\n\(origin)Access-Control-Request-Method: POST\r\n\r\n", 405),
            ("GET /nothing?token=\(lab.token.text) HTTP/1.1\r\nHost: x\r\n\r\n", 404),
        ]
        for (request, status) in requests {
            let response = try await connection.exchange(request)
            #expect(response.status == status, "\(request.prefix(40))")
            #expect(!response.head.lowercased().contains("access-control-"), "\(response.head)")
        }
        // A gesture over the same keep-alive connection, with the token in its header (spaces around a value are not its).
        let body = Gestures.drag(from: 100, to: 500)
        let posted = try await connection.exchange(
            "POST /gestures HTTP/1.1\r\nHost: x\r\nX-Pantrace-Token: \(lab.token.text) \t\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        #expect(posted.status == 200, "\(posted.body)")
        #expect(posted.body.contains("\"trace\": \"lab-\(lab.recorder.session)-1\""))
        #expect(!posted.head.lowercased().contains("access-control-"))
    }

    @Test func aBodyOverOneMebibyteGets413OnTheWireAndNothingIsStored() async throws {
        let lab = try LabFixture()
        let server = try await lab.serve()
        defer { Task { await server.stop() } }
        // A valid gesture padded with spaces (JSON whitespace) to 1 MiB + 1 byte.
        let gesture = Gestures.drag(from: 100, to: 500)
        let padded = gesture + String(repeating: " ", count: LabResponder.maximumBody + 1 - gesture.utf8.count)
        let response = try await WireClient.connect(port: server.port).exchange(
            "POST /gestures?token=\(lab.token.text) HTTP/1.1\r\nHost: x\r\nContent-Length: \(padded.utf8.count)\r\n\r\n\(padded)")
        #expect(response.status == 413)
        // Exactly 1 MiB is accepted.
        let fits = String(padded.dropLast())
        let accepted = try await WireClient.connect(port: server.port).exchange(
            "POST /gestures?token=\(lab.token.text) HTTP/1.1\r\nHost: x\r\nContent-Length: \(fits.utf8.count)\r\n\r\n\(fits)")
        #expect(accepted.status == 200)
        #expect(try lab.store.traceCount() == 1)
    }

    @Test func aPortInUseCannotBeListenedOn() async throws {
        let lab = try LabFixture()
        let server = try await lab.serve()
        defer { Task { await server.stop() } }
        await #expect {
            _ = try await ServedLab.start(LabServer(host: "127.0.0.1", port: server.port, responder: lab.responder))
        } throws: { error in
            (error as? LabServer.CannotListen)?.description.contains("port \(server.port)") == true
        }
        await #expect {
            _ = try await ServedLab.start(LabServer(host: "not-an-address", port: 0, responder: lab.responder))
        } throws: { error in
            (error as? LabServer.CannotListen)?.hostIsNotAnAddress == true
        }
    }

    /// docs/lab.md: a stop does not wait for a page left open on an idle
    /// keep-alive connection, and answers the gesture being stored first.
    @Test func stoppingClosesIdleConnectionsWithinSeconds() async throws {
        let lab = try LabFixture()
        // An idle connection would be kept a minute: the stop does not wait for it.
        var limits = LabFixture.limits
        limits.idle = .seconds(60)
        let server = try await lab.serve(limits: limits)
        let idle = try await WireClient.connect(port: server.port)
        #expect(try await idle.exchange("GET /?token=\(lab.token.text) HTTP/1.1\r\nHost: x\r\n\r\n").status == 200)
        let started = Date()
        await server.stop()
        let seconds = Date().timeIntervalSince(started)
        #expect(seconds < 30, "stopped in \(seconds) s, not after the idle connection's minute")
        #expect(await idle.readsEndOfFile(), "the idle connection was closed")
        await #expect(throws: (any Error).self) { _ = try await WireClient.connect(port: server.port).exchange("GET / HTTP/1.1\r\nHost: x\r\n\r\n") }
    }

    /// docs/lab.md: a gesture under way when the lab stops — its body still arriving — is
    /// read, stored and answered; new requests meanwhile get 503; the stop waits for it,
    /// and only then ends the server.
    @Test(arguments: [0, 8192]) func aGestureUnderWayWhenTheLabStopsIsAnswered(padding: Int) async throws {
        let lab = try LabFixture()
        // The arriving gesture may take a minute: the stop waits for it, and ends once it is answered.
        var limits = LabFixture.limits
        limits.stopGrace = .seconds(60)
        let server = try await lab.serve(limits: limits)
        let gesture = Gestures.drag(from: 100, to: 500)
        let body = gesture + String(repeating: " ", count: padding)
        let connection = try await WireClient.connect(port: server.port)
        await connection.send("POST /gestures HTTP/1.1\r\nHost: x\r\nX-Pantrace-Token: \(lab.token.text)\r\nContent-Length: \(body.utf8.count)\r\n\r\n")
        await connection.send(String(body.prefix(100)))
        #expect(await Self.poll { server.requestsUnderWay == 1 }, "the request is not under way")
        let started = Date()
        let stopping = Task { await server.stop() }
        // The stop has begun when a new request is refused (503), the listening socket still open.
        let token = lab.token.text
        #expect(
            await Self.poll { (try? await WireClient.connect(port: server.port).exchange("GET /?token=\(token) HTTP/1.1\r\nHost: x\r\n\r\n").status) == 503 },
            "the lab still takes new requests")
        await connection.send(String(body.dropFirst(100)))
        let response = try await connection.response()
        await stopping.value
        #expect(response.status == 200, "\(response.body)")
        #expect(try lab.storedTrace("lab-\(lab.recorder.session)-1") != nil)
        #expect(Date().timeIntervalSince(started) < 30, "the stop ended once the gesture was answered, not after the minute's grace")
        // (Whether anything listens on the port afterwards is not checked: another
        // test's lab, started meanwhile on port 0, may be given the same port.)
    }

    /// docs/lab.md: the stop does not wait past its bound for a page still
    /// being made; its connection is reset, never answered in part.
    @Test func aPageStillBeingMadeDoesNotHoldTheStop() async throws {
        let lab = try LabFixture()
        let release = DispatchSemaphore(value: 0)
        defer { release.signal() }
        let slow = LabResponder(token: lab.token, recorder: lab.recorder, page: {
            // A page that takes two minutes to make (or until the test ends).
            _ = release.wait(timeout: .now() + 120)
            return "<!doctype html>"
        })
        var limits = LabFixture.limits
        limits.stopGrace = .milliseconds(100)
        let server = try await ServedLab.start(LabServer(host: "127.0.0.1", port: 0, responder: slow, limits: limits))
        let connection = try await WireClient.connect(port: server.port, sending: "GET /?token=\(lab.token.text) HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(await Self.poll { server.requestsUnderWay == 1 })
        let started = ContinuousClock.now
        await server.stop()
        #expect(started.duration(to: .now) < .seconds(60), "the stop waited for the page")
        let seen = await connection.readToEnd()
        #expect(seen.bytes.isEmpty && seen.end != .closed, "no answer and no orderly end: \(seen.bytes.count) bytes, \(String(describing: seen.end))")
    }

    /// A phone's upload arrives in pieces: the handler reads the body to its Content-Length.
    @Test func aBodyArrivingInPiecesIsReadWhole() async throws {
        let lab = try LabFixture()
        let server = try await lab.serve()
        defer { Task { await server.stop() } }
        let gesture = Gestures.drag(from: 100, to: 500)
        let body = gesture + String(repeating: " ", count: 8192)
        let connection = try await WireClient.connect(port: server.port)
        await connection.send("POST /gestures HTTP/1.1\r\nHost: x\r\nX-Pantrace-Token: \(lab.token.text)\r\nContent-Length: \(body.utf8.count)\r\n\r\n")
        await connection.send(String(body.prefix(100)))
        // The handler is reading the body that has not all arrived.
        #expect(await Self.poll { server.requestsUnderWay == 1 }, "the request is not under way")
        await connection.send(String(body.dropFirst(100)))
        let response = try await connection.response()
        #expect(response.status == 200, "\(response.body)")
    }

    /// Polls `condition` every 5 ms until it holds; false after a minute (an
    /// upper bound for a failing test, never reached by a passing one). For a
    /// state that stays until the test acts; one that passes on its own is
    /// watched from a thread (`ThreadWatch`).
    static func poll(_ condition: () async -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return await condition()
    }
}
