import Foundation
import PanTraceLab
import BrowserTestSupport
import Testing
import TestThreads

#if canImport(Glibc)
import Glibc
#endif

/// The lab on a loopback socket (docs/lab.md): what only the wire shows —
/// the headers (no CORS), a body over the limit, a free port, a port taken,
/// and a stop that does not wait for idle keep-alive connections.
@Suite(.blocksItsThread) struct LabServerTests {
    @Test func noResponseAllowsOtherOriginsAndTheAnswersAreAsOnTheWire() async throws {
        let lab = try LabFixture()
        let server = try await lab.serve()
        defer { Task { await server.stop() } }
        #expect(server.port > 0)
        #expect(server.url == "http://127.0.0.1:\(server.port)/?token=\(lab.token.text)")
        let connection = try RawHTTP(port: server.port)
        let origin = "Origin: https://evil.example\r\n"
        let requests: [(String, Int)] = [
            ("GET /?token=\(lab.token.text) HTTP/1.1\r\nHost: x\r\n\(origin)\r\n", 200),
            ("GET / HTTP/1.1\r\nHost: x\r\n\(origin)\r\n", 403),
            ("OPTIONS /gestures HTTP/1.1\r\nHost: x\r\n\(origin)Access-Control-Request-Method: POST\r\n\r\n", 403),
            ("OPTIONS /gestures?token=\(lab.token.text) HTTP/1.1\r\nHost: x\r\n\(origin)Access-Control-Request-Method: POST\r\n\r\n", 405),
            ("GET /nothing?token=\(lab.token.text) HTTP/1.1\r\nHost: x\r\n\r\n", 404),
        ]
        for (request, status) in requests {
            let response = try connection.exchange(request)
            #expect(response.status == status, "\(request.prefix(40))")
            #expect(!response.head.lowercased().contains("access-control-"), "\(response.head)")
        }
        // A gesture over the same keep-alive connection, with the token in its header.
        let body = Gestures.drag(from: 100, to: 500)
        let posted = try connection.exchange(
            "POST /gestures HTTP/1.1\r\nHost: x\r\nX-Pantrace-Token: \(lab.token.text)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
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
        let response = try RawHTTP(port: server.port).exchange(
            "POST /gestures?token=\(lab.token.text) HTTP/1.1\r\nHost: x\r\nContent-Length: \(padded.utf8.count)\r\n\r\n\(padded)")
        #expect(response.status == 413)
        // Exactly 1 MiB is accepted.
        let fits = String(padded.dropLast())
        let accepted = try RawHTTP(port: server.port).exchange(
            "POST /gestures?token=\(lab.token.text) HTTP/1.1\r\nHost: x\r\nContent-Length: \(fits.utf8.count)\r\n\r\n\(fits)")
        #expect(accepted.status == 200)
        #expect(try lab.store.traceCount() == 1)
    }

    @Test func aPortInUseCannotBeListenedOn() async throws {
        let lab = try LabFixture()
        let server = try await lab.serve()
        defer { Task { await server.stop() } }
        await #expect {
            _ = try await LabServer.start(host: "127.0.0.1", port: server.port, responder: lab.responder)
        } throws: { error in
            (error as? LabServer.CannotListen)?.description.contains("port \(server.port)") == true
        }
        await #expect(throws: LabServer.CannotListen.self) {
            _ = try await LabServer.start(host: "not-an-address", port: 0, responder: lab.responder)
        }
    }

    /// docs/lab.md: a stop does not wait for a page left open on an idle
    /// keep-alive connection, and answers the gesture being stored first.
    @Test func stoppingClosesIdleConnectionsWithinSeconds() async throws {
        let lab = try LabFixture()
        let server = try await lab.serve()
        let idle = try RawHTTP(port: server.port)
        #expect(try idle.exchange("GET /?token=\(lab.token.text) HTTP/1.1\r\nHost: x\r\n\r\n").status == 200)
        let started = Date()
        await server.stop()
        let seconds = Date().timeIntervalSince(started)
        #expect(seconds < 2.5, "stopped in \(seconds) s")
        #expect(idle.readsEndOfFile(), "the idle connection was closed")
        #expect(throws: (any Error).self) { _ = try RawHTTP(port: server.port).exchange("GET / HTTP/1.1\r\nHost: x\r\n\r\n") }
    }

    /// docs/lab.md: a gesture being stored when the lab stops is committed and answered;
    /// the stop waits for it, and only then ends the server.
    @Test func aGestureUnderWayWhenTheLabStopsIsAnswered() async throws {
        let lab = try LabFixture()
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        // The gesture is stored, then held before its answer until the stop has begun.
        let responder = LabResponder(token: lab.token, recorder: lab.recorder, page: { "" }) { _ in
            entered.signal()
            release.wait()
        }
        let server = try await LabServer.start(host: "127.0.0.1", port: 0, responder: responder)
        let answered = DispatchSemaphore(value: 0)
        let answer = AnswerBox()
        let body = Gestures.drag(from: 100, to: 500)
        let port = server.port
        let token = lab.token.text
        Thread {
            answer.result = Result {
                try RawHTTP(port: port).exchange(
                    "POST /gestures HTTP/1.1\r\nHost: x\r\nX-Pantrace-Token: \(token)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
            }
            answered.signal()
        }.start()
        entered.wait()
        let stopping = Task { await server.stop() }
        // The stop has begun when the listening socket is closed: a new connection is refused.
        var refused = false
        for _ in 0..<5000 where !refused {
            refused = (try? RawHTTP(port: port)) == nil
            if !refused { usleep(1000) }
        }
        #expect(refused, "the lab still accepts connections")
        release.signal()
        await stopping.value
        answered.wait()
        let response = try #require(try answer.result?.get())
        #expect(response.status == 200, "\(response.body)")
        #expect(try lab.storedTrace("lab-\(lab.recorder.session)-1") != nil)
    }
}

/// The answer a thread of the test received.
final class AnswerBox: @unchecked Sendable {
    var result: Result<RawHTTP.Response, Error>?
}
