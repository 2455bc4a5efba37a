import Foundation
import PanTraceCore
import PanTraceModel
import PanTraceStore

/// Stores the gestures of one lab session (docs/lab.md): each is checked as
/// `record` checks a trace, simulated under the session's config, and
/// committed with its result in the session's run before the page is
/// answered.
///
/// The run is created with the session's first gesture (a session that
/// stores nothing leaves no empty run behind) and every later gesture is
/// added to it in a transaction of its own (``Store/continueRun(_:)``): a
/// gesture that was acknowledged survives a `kill -9`, and one that was not
/// is not half-stored. One gesture is stored at a time.
public final class LabRecorder: @unchecked Sendable {
    /// What storing one gesture gave.
    public struct Stored: Sendable, Equatable {
        /// The stored trace's name, `lab-SESSION-N`.
        public var name: String
        /// The task the gesture was made for, when it named one.
        public var task: LabTask?
        /// The trace's intent.
        public var intent: Intent?
        /// Its result under the session's config.
        public var outcome: Outcome
        /// The session's run.
        public var run: RunID
        /// Gestures stored this session, this one included.
        public var count: Int
    }

    /// The session's name in its traces' names (`lab-SESSION-N`) and in `meta.session`.
    public let session: String
    /// The config every gesture is simulated under.
    public let config: Config
    /// The tasks a gesture may name.
    public let tasks: [LabTask]

    private let store: Store
    private let lock = NSLock()
    private var run: RunID?
    private var decisions: [Decision: Int] = [:]
    private var stored = 0

    /// A recorder into `store` under `config`, for a session named `session` asking `tasks`.
    public init(store: Store, config: Config, tasks: [LabTask], session: String) {
        self.store = store
        self.config = config
        self.tasks = tasks
        self.session = session
    }

    /// A new session name: 8 hexadecimal digits from the system's secure random source.
    public static func newSessionName() -> String {
        var generator = SystemRandomNumberGenerator()
        return String(format: "%08x", UInt32.random(in: .min ... .max, using: &generator))
    }

    /// Checks, simulates and stores the gesture posted as `body`; returns what was stored.
    ///
    /// - Throws: `TraceError` (the gesture breaks docs/model.md §3; nothing
    ///   is stored), `StoreError` (nothing is stored).
    public func store(body: [UInt8], userAgent: String?) throws -> Stored {
        lock.lock()
        defer { lock.unlock() }
        let name = "lab-\(session)-\(stored + 1)"
        let gesture = try LabGesture(body: body, name: name, session: session, tasks: tasks, userAgent: userAgent)
        var frames: [Frame] = []
        let outcome = Simulator.simulate(gesture.trace, under: config, frames: &frames, recordingFrames: true)
        let runSession = try run.map(store.continueRun) ?? store.beginRun(.record, config: config)
        do {
            let id = try runSession.add(gesture.trace)
            try runSession.addResult(traceID: id, outcome: outcome, frames: frames)
            run = try runSession.commit()
        } catch {
            runSession.rollback()
            throw error
        }
        stored += 1
        decisions[outcome.decision, default: 0] += 1
        return Stored(
            name: name, task: gesture.task, intent: gesture.trace.intent, outcome: outcome, run: run ?? 0, count: stored)
    }

    /// What the session stored: its run (none before the first gesture), and how many gestures ended in each decision.
    public var summary: (run: RunID?, count: Int, decisions: [Decision: Int]) {
        lock.lock()
        defer { lock.unlock() }
        return (run, stored, decisions)
    }

    /// The sentence said on standard error when the lab stops.
    public var summaryText: String {
        let (run, count, decisions) = summary
        guard let run, count > 0 else { return "pantrace lab: session \(session): no gestures stored" }
        let counts = Decision.allCases.map { "\($0.rawValue) \(decisions[$0, default: 0])" }.joined(separator: ", ")
        return "pantrace lab: session \(session): \(count) gesture\(count == 1 ? "" : "s") stored in run \(run) (\(counts)) under \(config.name)"
    }
}
