import BrowserTestSupport
import Foundation
import SQLiteTestSupport
import Testing
import TestThreads

#if canImport(Glibc)
import Glibc
#endif

/// `pantrace lab` as a process (docs/lab.md): the first line of standard
/// output, the signals, `kill -9` after an acknowledged gesture, and the exit
/// statuses of a lab that cannot start.
@Suite(.blocksItsThread) struct LabProcessTests {
    /// A gesture as the page posts it: a drag down 400 pt in 10 moves, on the built-in task `close`.
    static let gesture = """
        {"width": 400, "height": 800, "meta": {"task": "close", "pointerType": "touch", "devicePixelRatio": 2}, "samples": [\
        {"t": 0, "x": 200, "y": 100, "phase": "down", "touches": 1}, \
        \((1...10).map { "{\"t\": \(Double($0) / 60), \"x\": 200, \"y\": \(100 + 40 * $0), \"phase\": \"move\", \"touches\": 1}" }.joined(separator: ", ")), \
        {"t": 0.17, "x": 200, "y": 500, "phase": "up", "touches": 1}]}
        """

    /// Starts `pantrace lab --port 0` and waits for its first line; returns the child, the URL's port and token.
    static func start(_ runner: CommandRunner, label: String) throws -> (ChildProcess, port: Int, token: String) {
        let child = try ChildProcess(["lab", "--db", runner.db, "--port", "0"], in: runner, label: label)
        #expect(child.wait { child.stdout.contains("\n") }, "no URL: \(child.stderr)")
        let line = String(child.stdout.split(separator: "\n").first ?? "")
        let match = line.wholeMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]{32})/)
        let found = try #require(match, "the first line is the URL with its token: \(line)")
        return (child, Int(found.1) ?? 0, String(found.2))
    }

    static func post(_ body: String, port: Int, token: String, on connection: RawHTTP? = nil) throws -> RawHTTP.Response {
        try (connection ?? RawHTTP(port: port)).exchange(
            "POST /gestures HTTP/1.1\r\nHost: x\r\nX-Pantrace-Token: \(token)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
    }

    /// SIGTERM with a page's keep-alive connection idle: exit 0 within 5 s, the
    /// gesture's line on standard output, the summary on standard error.
    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalStopsItWithinFiveSecondsEvenWithAnIdleConnection(signal: Int32) throws {
        let runner = try CommandRunner()
        let (child, port, token) = try Self.start(runner, label: "lab")
        let connection = try RawHTTP(port: port)
        #expect(try connection.exchange("GET /?token=\(token) HTTP/1.1\r\nHost: x\r\n\r\n").status == 200)
        let posted = try Self.post(Self.gesture, port: port, token: token, on: connection)
        #expect(posted.status == 200, "\(posted.body)")
        let started = Date()
        kill(child.pid, signal)
        let status = child.finish()
        let seconds = Date().timeIntervalSince(started)
        #expect(status == 0 && child.process.terminationReason == .exit, "\(child.stderr)")
        #expect(seconds < 5, "stopped in \(seconds) s")
        let lines = child.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines[1].hasPrefix("lab-") && lines[1].contains("close") && lines[1].contains("finish"), "\(lines)")
        #expect(child.stderr.contains("1 gesture stored in run 1"), "\(child.stderr)")
        #expect(try DatabaseFile(path: runner.db).integer("SELECT count(*) FROM decisions WHERE intent = 'finish'") == 1)
    }

    /// docs/lab.md: a gesture acknowledged is in the database even when the server is killed right after.
    @Test func anAcknowledgedGestureSurvivesKill9() throws {
        let runner = try CommandRunner()
        let (child, port, token) = try Self.start(runner, label: "lab")
        var names: [String] = []
        for _ in 0..<3 {
            let response = try Self.post(Self.gesture, port: port, token: token)
            #expect(response.status == 200)
            names += response.body.matches(of: /"trace": "([^"]+)"/).map { String($0.1) }
        }
        #expect(child.kill(), "killed by SIGKILL")
        let database = DatabaseFile(path: runner.db)
        #expect(database.names("SELECT trace FROM decisions") == Set(names))
        #expect(names.count == 3)
        try Hardening.expectConsistent(runner.db, "after kill -9")
    }

    @Test func aPortInUseExits69AndStoresNothing() throws {
        let runner = try CommandRunner()
        let (child, port, _) = try Self.start(runner, label: "first")
        defer { _ = child.kill() }
        let other = try runner.run(["lab", "--port", "\(port)", "--db", runner.path("other.sqlite")], db: false)
        #expect(other.status == 69)
        #expect(other.stderr.contains("cannot listen on 127.0.0.1 port \(port)"), "\(other.stderr)")
        #expect(other.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: runner.path("other.sqlite")), "no database left behind")
    }

    @Test func aBadTaskFileExits65NamingTheKeyAndABadOptionExits64() throws {
        let runner = try CommandRunner()
        let file = try runner.write("[{\"id\": \"a\", \"prompt\": \"p\",\n \"intent\": \"maybe\"}]", to: "tasks.json")
        let bad = try runner.run(["lab", "--port", "0", "--tasks", file])
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("tasks.json:2: [0].intent: must be \"finish\", \"cancel\" or null"), "\(bad.stderr)")
        for arguments in [["--repeat", "0"], ["--port", "70000"], ["--set", "treshold=0.3"]] {
            #expect(try runner.run(["lab"] + arguments).status == 64, "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: runner.db))
    }
}
