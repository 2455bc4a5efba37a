import Foundation
import PanTraceCore
import PanTraceModel
@testable import PanTraceLab
import PanTraceStore
import SQLiteTestSupport
import ServiceLifecycle
import TestFolders

/// A lab session of the tests: a fresh database in a folder of its own, a
/// recorder under `config`, and a responder; ``serve()`` puts it on a free
/// loopback port.
final class LabFixture: @unchecked Sendable {
    let folder: URL
    let config: Config
    let tasks: [LabTask]
    let order: [LabTask]
    let store: Store
    let recorder: LabRecorder
    let responder: LabResponder
    let token = LabToken()

    /// With `versus`, a session that compares `config` (A) with it (B), pairs ordered by `seed`.
    /// `pause` scales the page's pause between a settled gesture and the next
    /// task (``LabPage/html(config:tasks:session:stored:versus:next:pause:)``):
    /// none by default, since the tests wait on the count of settled gestures.
    init(
        config: Config = Config(), versus: Config? = nil, seed: UInt64 = 0, tasks: [LabTask]? = nil, label: String = "lab",
        pause: Double = 0
    ) throws {
        folder = try TestFolders.make(label)
        self.config = config
        let tasks = tasks ?? LabTask.builtIn(for: config.interaction, repeatCount: 1)
        self.tasks = tasks
        // The order asked: the built-in order in tests, so that a test knows the task shown first.
        order = tasks.flatMap { Array(repeating: $0, count: $0.repeatCount) }
        store = try Store(path: folder.appending(path: "lab.sqlite").path)
        let recorder = LabRecorder(store: store, config: config, versus: versus, tasks: tasks, session: LabRecorder.newSessionName(), seed: seed)
        self.recorder = recorder
        let (order, session) = (order, recorder.session)
        responder = LabResponder(
            token: token, recorder: recorder,
            page: {
                LabPage.html(
                    config: config, tasks: order, session: session, stored: recorder.summary.count, versus: versus, next: recorder.next,
                    pause: pause)
            })
    }

    var databasePath: String { folder.appending(path: "lab.sqlite").path }

    /// The database read as a user reads it (another connection: only what was committed).
    var database: DatabaseFile { DatabaseFile(path: databasePath) }

    /// The stored trace named `name`, read through a connection of its own.
    func storedTrace(_ name: String) throws -> Trace? {
        try Store(path: databasePath, readOnly: true).trace(named: name)?.trace
    }

    /// A request to the responder carrying the token in its header.
    func post(_ body: String, token: String? = nil) -> LabResponder.Response {
        responder.respond(to: .init(method: "POST", path: "/gestures", headerToken: token ?? self.token.text, userAgent: "tests", body: Array(body.utf8)))
    }

    /// An answer to "Which felt better?" posted with the token in its header.
    func prefer(_ body: String, token: String? = nil) -> LabResponder.Response {
        responder.respond(to: .init(method: "POST", path: "/preferences", headerToken: token ?? self.token.text, body: Array(body.utf8)))
    }

    /// The lab's limits, but for the bounds on a slow client (idle, head,
    /// body, answer), five minutes each: a test whose turn comes late on a
    /// loaded machine is not taken for a slow client. A test of one of those
    /// bounds sets it.
    static var limits: LabLimits {
        var limits = LabLimits()
        (limits.idle, limits.headTime, limits.stall, limits.write) = (.seconds(300), .seconds(300), .seconds(300), .seconds(300))
        return limits
    }

    /// The server on a free loopback port, started as `pantrace lab` starts
    /// it (a service group, port 0), once it listens.
    func serve(limits: LabLimits = LabFixture.limits) async throws -> ServedLab {
        try await ServedLab.start(LabServer(host: "127.0.0.1", port: 0, responder: responder, limits: limits))
    }
}

/// A lab server running in a service group, as the command runs it, and
/// listening; ``stop()`` shuts the group down gracefully, as a signal does.
final class ServedLab: Sendable {
    let server: LabServer
    let port: Int
    private let group: ServiceGroup
    private let running: Task<Void, any Error>

    private init(server: LabServer, port: Int, group: ServiceGroup, running: Task<Void, any Error>) {
        self.server = server
        self.port = port
        self.group = group
        self.running = running
    }

    /// Runs `server` and waits until it listens.
    ///
    /// - Throws: ``LabServer/CannotListen``.
    static func start(_ server: LabServer) async throws -> ServedLab {
        let group = ServiceGroup(services: [server], logger: LabServer.logger)
        let running = Task { try await group.run() }
        do {
            return ServedLab(server: server, port: try await server.listeningPort(), group: group, running: running)
        } catch {
            _ = await running.result
            throw error
        }
    }

    /// The page's URL with its token.
    var url: String { server.urls(port: port)[0] }

    /// Requests being read or answered now (what the server's stop waits for).
    var requestsUnderWay: Int { server.connections.requestsUnderWay }

    /// Connections open now.
    var openConnections: Int { server.connections.openConnections }

    /// Stops the server as a signal stops the command, and waits until it has.
    func stop() async {
        await group.triggerGracefulShutdown()
        _ = await running.result
    }
}

/// A gesture as the page posts it (docs/lab.md), for the tests that post without a browser.
enum Gestures {
    /// A drag from (200, `from`) to (200, `to`) in `steps` moves of `dt` seconds, then a lift there.
    static func drag(from: Double, to: Double, steps: Int = 10, dt: Double = 1.0 / 60, task: String? = "close", width: Double = 400, height: Double = 800,
                     scrollOffset: Double = 0, scrollContent: Double = 0, extra: String = "") -> String {
        var samples = ["{\"t\": 0, \"x\": 200, \"y\": \(from), \"phase\": \"down\", \"touches\": 1}"]
        for step in 1...steps {
            let y = from + (to - from) * Double(step) / Double(steps)
            samples.append("{\"t\": \(Double(step) * dt), \"x\": 200, \"y\": \(y), \"phase\": \"move\", \"touches\": 1}")
        }
        samples.append("{\"t\": \(Double(steps) * dt + 0.004), \"x\": 200, \"y\": \(to), \"phase\": \"up\", \"touches\": 1}")
        let meta = task.map { "\"meta\": {\"task\": \"\($0)\", \"pointerType\": \"touch\", \"devicePixelRatio\": 3}, " } ?? ""
        return "{\"width\": \(width), \"height\": \(height), \"scrollOffset\": \(scrollOffset), \"scrollContent\": \(scrollContent), \(meta)\(extra)\"samples\": [\(samples.joined(separator: ", "))]}"
    }
}
