import BrowserTestSupport
import Foundation
import SQLiteTestSupport
import Subprocess
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `pantrace lab` as a process (docs/lab.md): the first line of standard
/// output, the signals, `kill -9` after an acknowledged gesture, and the exit
/// statuses of a lab that cannot start.
@Suite struct LabProcessTests {
    /// A gesture as the page posts it: a drag down 400 pt in 10 moves, on the built-in task `close`.
    static let gesture = """
        {"width": 400, "height": 800, "meta": {"task": "close", "pointerType": "touch", "devicePixelRatio": 2}, "samples": [\
        {"t": 0, "x": 200, "y": 100, "phase": "down", "touches": 1}, \
        \((1...10).map { "{\"t\": \(Double($0) / 60), \"x\": 200, \"y\": \(100 + 40 * $0), \"phase\": \"move\", \"touches\": 1}" }.joined(separator: ", ")), \
        {"t": 0.17, "x": 200, "y": 500, "phase": "up", "touches": 1}]}
        """

    /// Starts `pantrace lab --port 0` and waits for its first line; returns the child, the URL's port and token.
    static func start(_ runner: CommandRunner, label: String, extra: [String] = []) async throws -> (ChildProcess, port: Int, token: String) {
        let child = try await ChildProcess(["lab", "--db", runner.db, "--port", "0"] + extra, in: runner, label: label)
        #expect(await child.wait { child.stdout.contains("\n") }, "no URL: \(child.stderr)")
        let line = String(child.stdout.split(separator: "\n").first ?? "")
        let match = line.wholeMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]{32})/)
        let found = try #require(match, "the first line is the URL with its token: \(line)")
        return (child, Int(found.1) ?? 0, String(found.2))
    }

    /// Posts `body` as a gesture, on `connection` or a new one (sent as it connects:
    /// no wait for the test's next turn on a busy machine comes between the two).
    static func post(_ body: String, port: Int, token: String) async throws -> WireClient.Response {
        try await WireClient.connect(port: port, sending: postRequest(body, token: token)).response()
    }

    /// `body` posted as a gesture with `token`.
    static func postRequest(_ body: String, token: String) -> String {
        "POST /gestures HTTP/1.1\r\nHost: x\r\nX-Pantrace-Token: \(token)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    /// SIGTERM with a page's keep-alive connection idle: exit 0 within 5 s, the
    /// gesture's line on standard output, the summary on standard error.
    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalStopsItWithinFiveSecondsEvenWithAnIdleConnection(signal: Int32) async throws {
        let runner = try CommandRunner()
        let (child, port, token) = try await Self.start(runner, label: "lab")
        // The page and a gesture on one keep-alive connection, sent as it connects;
        // the signal comes from a thread the moment the gesture's answer is in, so
        // the connection is idle at the stop however late this test's next turn
        // (on a busy machine that turn could come after the 15 s idle bound).
        let connection = try await WireClient.connect(
            port: port, sending: "GET /?token=\(token) HTTP/1.1\r\nHost: x\r\n\r\n" + Self.postRequest(Self.gesture, token: token))
        #expect(await child.signal(signal, when: { connection.responsesArrived == 2 }), "\(child.stderr)")
        let seconds = await child.secondsUntilExit()
        #expect(try await connection.response().status == 200)
        let posted = try await connection.response()
        #expect(posted.status == 200, "\(posted.body)")
        #expect(try await child.finish() == .exited(0), "\(child.stderr)")
        #expect(seconds < 5, "stopped in \(seconds) s")
        let lines = child.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines[1].hasPrefix("lab-") && lines[1].contains("close") && lines[1].contains("finish"), "\(lines)")
        #expect(child.stderr.contains("1 gesture stored in run 1"), "\(child.stderr)")
        #expect(try DatabaseFile(path: runner.db).integer("SELECT count(*) FROM decisions WHERE intent = 'finish'") == 1)
    }

    /// docs/lab.md: a gesture acknowledged is in the database even when the server is killed right after.
    @Test func anAcknowledgedGestureSurvivesKill9() async throws {
        let runner = try CommandRunner()
        let (child, port, token) = try await Self.start(runner, label: "lab")
        var names: [String] = []
        for _ in 0..<3 {
            let response = try await Self.post(Self.gesture, port: port, token: token)
            #expect(response.status == 200)
            names += response.body.matches(of: /"trace": "([^"]+)"/).map { String($0.1) }
        }
        #expect(await child.kill(), "killed by SIGKILL")
        let database = DatabaseFile(path: runner.db)
        #expect(try database.names("SELECT trace FROM decisions") == Set(names))
        #expect(names.count == 3)
        try Hardening.expectConsistent(runner.db, "after kill -9")
    }

    @Test func aPortInUseExits69AndStoresNothing() async throws {
        let runner = try CommandRunner()
        let (child, port, _) = try await Self.start(runner, label: "first")
        defer { child.signal(SIGKILL) }
        let other = try await runner.spawn(["lab", "--port", "\(port)", "--db", runner.path("other.sqlite")], db: false)
        #expect(other.status == 69)
        #expect(other.stderr.contains("cannot listen on 127.0.0.1 port \(port)"), "\(other.stderr)")
        #expect(other.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: runner.path("other.sqlite")), "no database left behind")
    }

    @Test func aBadTaskFileExits65NamingTheKeyAndABadOptionExits64() async throws {
        let runner = try CommandRunner()
        let file = try runner.write("[{\"id\": \"a\", \"prompt\": \"p\",\n \"intent\": \"maybe\"}]", to: "tasks.json")
        let bad = try await runner.spawn(["lab", "--port", "0", "--tasks", file])
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("tasks.json:2: [0].intent: must be \"finish\", \"cancel\" or null"), "\(bad.stderr)")
        for arguments in [["--repeat", "0"], ["--port", "70000"], ["--set", "treshold=0.3"]] {
            #expect(try await runner.spawn(["lab"] + arguments).status == 64, "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: runner.db))
    }

    /// docs/lab.md "A sheet with detents": a gesture's line says where the sheet rests. The
    /// drag of ``gesture`` on the task `drop` (from large, on 400 × 800): it starts at the
    /// first move (y 140) and lets go at 500, h = 1 − 360/800 = 0.55, 0.9 of the way
    /// from large to medium under the default threshold (0.4): medium.
    @Test func aSheetsGestureLineSaysWhereItRests() async throws {
        let runner = try CommandRunner()
        let (child, port, token) = try await Self.start(runner, label: "lab", extra: ["--detents", "medium=0.5,large=1"])
        let posted = try await Self.post(Self.gesture.replacingOccurrences(of: "\"task\": \"close\"", with: "\"task\": \"drop\""), port: port, token: token)
        #expect(posted.status == 200, "\(posted.body)")
        child.signal(SIGTERM)
        #expect(try await child.finish() == .exited(0), "\(child.stderr)")
        let lines = child.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines[1].hasSuffix("  drop  cancel/threshold  at medium"), "\(lines)")
    }

    /// docs/lab.md "A sheet with detents": a `--detents` that breaks a trace's rules is a usage error
    /// naming the option and the entry; a task file's bad detent names its line and key.
    @Test func aBadDetentsValueExits64NamingTheOption() async throws {
        let runner = try CommandRunner()
        let cases = [
            ("medium=0.5,large=2", "--detents medium=0.5,large=2: \"large=2\": a height must be a finite number > 0 and ≤ 1"),
            ("medium", "--detents medium: \"medium\": each detent is NAME=HEIGHT"),
            ("a=0.5,b=0.5", "--detents a=0.5,b=0.5: \"b=0.5\": has the height 0.5 of `a`"),
            ("cancel=0.5", "--detents cancel=0.5: \"cancel=0.5\": `cancel` cannot name a detent"),
        ]
        // docs/lab.md quotes the first line of three of them as printed.
        let docs = try String(contentsOf: CommandRunner.repositoryRoot.appending(path: "docs/lab.md"), encoding: .utf8)
        for (value, message) in cases {
            let output = try await runner.spawn(["lab", "--port", "0", "--detents", value])
            #expect(output.status == 64, "\(value): \(output.stderr)")
            #expect(output.stderr.contains(message), "\(output.stderr)")
            if value == "medium=0.5,large=2" || value == "a=0.5,b=0.5" {
                let first = String(output.stderr.split(separator: "\n").first ?? "")
                #expect(docs.contains("$ pantrace lab --detents \(value)\n\(first)\n"), "docs/lab.md quotes: \(first)")
            }
        }
        let twice = try await runner.spawn(["lab", "--port", "0", "--detents", "a=1", "--detents", "b=1"])
        #expect(twice.status == 64 && twice.stderr.contains("--detents is given 2 times ('a=1', 'b=1'): give it once"), "\(twice.stderr)")
        let swipe = try await runner.spawn(["lab", "--port", "0", "--preset", "cupertino-back", "--detents", "medium=0.5,large=1"])
        #expect(swipe.status == 64 && swipe.stderr.contains("--detents needs a pull-to-dismiss sheet"), "\(swipe.stderr)")
        let quoted = String(swipe.stderr.split(separator: "\n").first ?? "")
        #expect(docs.contains("$ pantrace lab --preset cupertino-back --detents medium=0.5,large=1\n\(quoted)\n"), "docs/lab.md quotes: \(quoted)")
        let file = try runner.write("[{\"id\": \"a\", \"prompt\": \"p\",\n \"detent\": \"half\"}]", to: "tasks.json")
        let bad = try await runner.spawn(["lab", "--port", "0", "--tasks", file, "--detents", "medium=0.5,large=1"])
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("tasks.json:2: [0].detent: \"half\" is not one of the detents (`medium`, `large`)"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: runner.db))
    }
}

/// What only the process shows of the lab's hostile cases: the terminal, the
/// streams, and the database refused before listening.
extension LabProcessTests {
    /// A task id from the task file reaches the terminal escaped (docs/safety.md).
    @Test func aTaskIdWithControlCharactersIsEscapedOnStandardOutput() async throws {
        let runner = try CommandRunner()
        let id = #"a\u001b[2Jb\u202ec"#
        try #"[{"id": "\#(id)", "prompt": "p", "intent": "finish"}]"#.write(toFile: runner.path("tasks.json"), atomically: true, encoding: .utf8)
        let child = try await ChildProcess(["lab", "--db", runner.db, "--port", "0", "--tasks", "tasks.json"], in: runner, label: "lab")
        #expect(await child.wait { child.stdout.contains("\n") }, "no URL: \(child.stderr)")
        let line = String(child.stdout.split(separator: "\n").first ?? "")
        let found = try #require(line.wholeMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]{32})/))
        let body = Self.gesture.replacingOccurrences(of: #""task": "close""#, with: #""task": "\#(id)""#)
        #expect(try await Self.post(body, port: Int(found.1) ?? 0, token: String(found.2)).status == 200)
        child.signal(SIGTERM)
        #expect(try await child.finish() == .exited(0), "\(child.stderr)")
        #expect(!child.stdout.contains("\u{1B}") && !child.stdout.contains("\u{202E}"))
        #expect(child.stdout.contains(#"a\u{1B}[2Jb\u{202E}c"#), "\(child.stdout)")
    }

    /// Without standard output the URL cannot be given: 74, said once. A
    /// reader that goes away later does not make the session fail: 0.
    @Test func aClosedStandardOutputIs74OnceAndAReaderGoneLaterIs0() async throws {
        let runner = try CommandRunner()
        let closed = try await runner.shell(#"exec "$0" lab --db lab.sqlite --port 0 >&-"#)
        #expect(closed.status == 74)
        #expect(closed.stderr == "pantrace: error: cannot write to standard output: Bad file descriptor\n", "\(closed.stderr)")

        // Standard output a pipe whose reader closes it after the first line.
        let ends = try #require(closeOnExecPipe())
        try #require(fcntl(ends.reading, F_SETFL, O_NONBLOCK) == 0)
        let lab = try await ChildProcess(["lab", "--db", runner.db, "--port", "0"], in: runner, label: "lab", output: ends.writing)
        var first: [UInt8] = []
        _ = await lab.wait {
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(ends.reading, &chunk, chunk.count)
            if count > 0 { first += chunk[..<count] }
            return first.contains(UInt8(ascii: "\n"))
        }
        let line = String(decoding: first, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        let found = try #require(line.wholeMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]{32})/))
        close(ends.reading)
        #expect(try await Self.post(Self.gesture, port: Int(found.1) ?? 0, token: String(found.2)).status == 200)
        lab.signal(SIGTERM)
        #expect(try await lab.finish() == .exited(0))
        #expect(try DatabaseFile(path: runner.db).integer("SELECT count(*) FROM trace") == 1)
    }

    /// A database the lab cannot write is refused before it listens (66), as record refuses it.
    @Test func aDatabaseItCannotWriteExits66BeforeListening() async throws {
        if let reason = await Hardening.nobodyUnavailable.value { try Test.cancel("skipped: \(reason)") }
        let runner = try CommandRunner()
        try await runner.recordCorpus()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: runner.folder.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: runner.db)
        let output = try await runner.spawnAsNobody(["lab", "--db", runner.db, "--port", "0"])
        #expect(output.status == 66, "\(output.stderr)")
        #expect(output.stdout.isEmpty, "no URL is given")
        #expect(output.stderr.contains("read-only") || output.stderr.contains("cannot"), "\(output.stderr)")
    }
}

extension LabProcessTests {
    /// With few descriptors (`ulimit -n 64`), a flood of idle connections
    /// does not take the listener down: the ones over the limit get 503, and
    /// once they are closed the lab answers again.
    @Test func aFloodOfConnectionsUnderALowDescriptorLimitLeavesTheListenerListening() async throws {
        let runner = try CommandRunner()
        let child = try await ChildProcess(
            ["-c", "ulimit -n 64; exec \"$0\" lab --db lab.sqlite --port 0", CommandRunner.binary], in: runner, label: "lab",
            executable: "/bin/sh")
        defer { child.signal(SIGTERM) }
        #expect(await child.wait { child.stdout.contains("\n") }, "no URL: \(child.stderr)")
        let line = String(child.stdout.split(separator: "\n").first ?? "")
        let found = try #require(line.wholeMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]{32})/))
        let (port, token) = (Int(found.1) ?? 0, String(found.2))
        var flood: [WireClient] = []
        for _ in 0..<100 { flood.append(try await WireClient.connect(port: port)) }
        flood.removeAll()
        // Once the flood is closed, a page is served again (connections close as the lab sees them go).
        var status = 0
        for _ in 0..<600 where status != 200 {
            status = (try? await WireClient.connect(port: port, sending: "GET /?token=\(token) HTTP/1.1\r\nHost: x\r\n\r\n").response().status) ?? 0
            if status != 200 { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(status == 200)
        #expect(child.isRunning)
    }
}
