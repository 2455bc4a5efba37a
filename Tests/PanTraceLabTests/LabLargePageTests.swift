#if canImport(Glibc)
import BrowserTestSupport
import Foundation
import Glibc
import PanTraceCore
import PanTraceModel
import Testing
import TestThreads

@testable import PanTraceLab

/// docs/lab.md "Limits": an answer the lab cannot send whole (a reader too
/// slow for the write bound, or the stop) ends with the connection reset,
/// never with a page cut short after a 200 that a client could take whole.
@Suite(.blocksItsThread) struct LabLargePageTests {
    @Test func anAnswerIsWholeOnlyWithEveryByteItsHeadPromises() {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 5\r\n\r\n"
        #expect(LabServer.isWhole(Array((head + "hello").utf8)))
        #expect(!LabServer.isWhole(Array((head + "hel").utf8)))
        #expect(!LabServer.isWhole(Array("HTTP/1.1 200 OK\r\nContent-Len".utf8)))
        #expect(!LabServer.isWhole([]))
    }

    /// What a client reading `GET /` to its end saw: the `Content-Length`
    /// promised, the body bytes read, and whether the connection failed (reset).
    struct Seen {
        var promised: Int?
        var read = 0
        var failed = false
    }

    /// Sends `GET /`, waits `pause` without reading (a small receive buffer),
    /// then reads to the end or the failure.
    static func slowGet(port: Int, token: String, pause: Duration) throws -> Seen {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(socket >= 0)
        defer { close(socket) }
        var small: Int32 = 4096
        _ = setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0)
        let request = Array("GET /?token=\(token) HTTP/1.1\r\nHost: lab\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, 0) }
        Thread.sleep(forTimeInterval: LabRecorder.seconds(pause))
        var seen = Seen()
        var received: [UInt8] = []
        var headEnd: Int?
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0 { seen.failed = true; break }
            if count == 0 { break }
            if headEnd == nil {
                received += buffer[0..<count]
                let text = String(decoding: received, as: UTF8.self)
                if let range = text.range(of: "\r\n\r\n") {
                    headEnd = text.utf8.distance(from: text.startIndex, to: range.upperBound)
                    let head = String(text[..<range.lowerBound])
                    seen.promised = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                        .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
                    seen.read = received.count - (headEnd ?? 0)
                }
            } else {
                seen.read += count
            }
            if let promised = seen.promised, seen.read >= promised { break }
        }
        return seen
    }

    @Test func aPageTooLargeForItsSlowReaderIsResetNotCutShort() async throws {
        // About 6 MB of page: long prompts.
        let prompt = String(repeating: "Pull it a little and let it go back. ", count: 100)
        let tasks = (0..<1600).map { LabTask(id: "t\($0)", prompt: prompt, intent: .cancel, repeatCount: 1) }
        let lab = try LabFixture(tasks: tasks, label: "large")
        var limits = LabLimits()
        limits.write = .milliseconds(300)
        let server = try await lab.serve(limits: limits)
        defer { Task { await server.stop() } }
        let (port, token) = (server.port, lab.token.text)
        let seen = try await RawHTTP.onOwnThread { try Self.slowGet(port: port, token: token, pause: .seconds(2)) }
        let promised = try #require(seen.promised)
        #expect(promised > 4 << 20)
        #expect(seen.failed || seen.read == promised, "a 200 whose body ended after \(seen.read) of \(promised) bytes")
    }
}
#endif
