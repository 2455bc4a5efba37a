import BrowserTestSupport
import Foundation
import PanTraceCore
import PanTraceModel
import Testing

@testable import PanTraceLab

/// docs/lab.md "Limits": an answer the lab cannot send whole (a reader too
/// slow for the write bound, or the stop) ends with the connection reset,
/// never with a page cut short after a 200 that a client could take whole.
@Suite struct LabLargePageTests {
    /// About 6 MB of page: long prompts.
    static func largeLab(label: String) throws -> LabFixture {
        let prompt = String(repeating: "Pull it a little and let it go back. ", count: 100)
        let tasks = (0..<1600).map { LabTask(id: "t\($0)", prompt: prompt, intent: .cancel, repeatCount: 1) }
        return try LabFixture(tasks: tasks, label: label)
    }

    /// Asks for the page on a connection that holds little and reads nothing until `reading()` is called.
    static func slowReader(port: Int, token: String) async throws -> WireClient {
        let client = try await WireClient.connect(port: port, receiveBuffer: 4096, reading: false)
        await client.send("GET /?token=\(token) HTTP/1.1\r\nHost: lab\r\n\r\n")
        return client
    }

    /// Whole means every byte its head promised; anything less must be a failed connection.
    static func expectWholeOrReset(_ seen: WireClient.Received, sourceLocation: SourceLocation = #_sourceLocation) {
        let failed = if case .failed = seen.end { true } else { false }
        if let promised = seen.promised {
            #expect(promised > 4 << 20, sourceLocation: sourceLocation)
            #expect(failed || seen.bodyRead >= promised, "a 200 whose body ended after \(seen.bodyRead) of \(promised) bytes", sourceLocation: sourceLocation)
        } else {
            #expect(failed, "the connection ended in order before the head", sourceLocation: sourceLocation)
        }
    }

    @Test func aPageTooLargeForItsSlowReaderIsResetNotCutShort() async throws {
        let lab = try Self.largeLab(label: "large")
        var limits = LabFixture.limits
        limits.write = .milliseconds(300)
        let server = try await lab.serve(limits: limits)
        defer { Task { await server.stop() } }
        // The answer is being written to a reader that takes nothing, until the write bound passes:
        // a moment watched from a thread, which no computing test on the pool holds up.
        let began = ThreadWatch { server.requestsUnderWay == 1 }
        let client = try await Self.slowReader(port: server.port, token: lab.token.text)
        #expect(await began.seconds() != nil, "the request was never under way")
        #expect(await LabServerTests.poll { server.requestsUnderWay == 0 })
        await client.startReading()
        let seen = await client.readToEnd()
        #expect(seen.promised != nil, "the head went out before the reset")
        Self.expectWholeOrReset(seen)
        if case .failed = seen.end {} else { Issue.record("a reader too slow for the bound was not reset: \(String(describing: seen.end))") }
    }

    /// The stop does not wait past its bound for a page going out to a
    /// reader that takes nothing, and never ends it in order part-way.
    @Test func aPageStillGoingOutWhenTheLabStopsIsResetNotCutShort() async throws {
        let lab = try Self.largeLab(label: "large-stop")
        var limits = LabFixture.limits
        limits.stopGrace = .milliseconds(200)
        let server = try await lab.serve(limits: limits)
        let client = try await Self.slowReader(port: server.port, token: lab.token.text)
        #expect(await LabServerTests.poll { server.requestsUnderWay == 1 })
        let started = ContinuousClock.now
        await server.stop()
        #expect(started.duration(to: .now) < .seconds(30), "the stop waited for the reader that takes nothing")
        await client.startReading()
        Self.expectWholeOrReset(await client.readToEnd())
    }
}
