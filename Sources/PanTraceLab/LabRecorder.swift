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
    /// Held by the gesture being stored: one at a time.
    private let lock = NSLock()
    /// Guards `runs` and `stored`, for a moment only: the page reads the
    /// count while a gesture waits for the database.
    private let counts = NSLock()
    /// The runs of the session, the current one last: a run deleted under the
    /// lab (`runs --delete`) is followed by a new one.
    private var runs: [SessionRun] = []
    private var stored = 0

    /// One run of the session and what the session stored in it.
    struct SessionRun {
        var id: RunID
        var count = 0
        var decisions: [Decision: Int] = [:]
    }

    /// The gesture could not be stored within its bound: another connection
    /// held the database's lock, or the gestures before it did (nothing was stored).
    public struct Busy: Error, Sendable, CustomStringConvertible {
        /// The bound that passed, in seconds.
        public var seconds: Double
        public var description: String {
            "the database stayed busy for \(JSONWriter.number(seconds)) s or more (another pantrace is writing to it): nothing was stored; send the same gesture again"
        }
    }

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
    /// With a `deadline`, the gesture waits for the gestures before it and for
    /// the database's lock until then at most, and is refused with ``Busy``
    /// (nothing stored) after it. When the session's run was deleted under
    /// the lab, the gesture starts a new run.
    ///
    /// - Throws: `TraceError` (the gesture breaks docs/model.md §3; nothing
    ///   is stored), ``Busy``, `StoreError` (nothing is stored).
    public func store(body: [UInt8], userAgent: String?, deadline: ContinuousClock.Instant? = nil) throws -> Stored {
        if let deadline {
            let wait = ContinuousClock.now.duration(to: deadline)
            guard wait > .zero, lock.lock(before: Date(timeIntervalSinceNow: Self.seconds(wait))) else {
                throw Busy(seconds: Self.seconds(LabRecorder.storeBound))
            }
        } else {
            lock.lock()
        }
        defer { lock.unlock() }
        counts.lock()
        let name = "lab-\(session)-\(stored + 1)"
        counts.unlock()
        let gesture = try LabGesture(body: body, name: name, session: session, tasks: tasks, userAgent: userAgent)
        var frames: [Frame] = []
        let outcome = Simulator.simulate(gesture.trace, under: config, frames: &frames, recordingFrames: true)
        if let deadline {
            let left = Self.seconds(ContinuousClock.now.duration(to: deadline))
            guard left > 0 else { throw Busy(seconds: Self.seconds(LabRecorder.storeBound)) }
            try store.setBusyTimeout(milliseconds: Int32(clamping: Int(left * 1000)))
        }
        let run: RunID
        do {
            run = try storeGesture(gesture.trace, outcome: outcome, frames: frames)
        } catch StoreError.locked {
            throw Busy(seconds: Self.seconds(LabRecorder.storeBound))
        }
        counts.lock()
        defer { counts.unlock() }
        if runs.last?.id != run { runs.append(SessionRun(id: run)) }
        stored += 1
        runs[runs.count - 1].count += 1
        runs[runs.count - 1].decisions[outcome.decision, default: 0] += 1
        return Stored(name: name, task: gesture.task, intent: gesture.trace.intent, outcome: outcome, run: run, count: stored)
    }

    /// Commits the trace and its result in the session's run (a new one
    /// before the first gesture, or after the run was deleted); returns the run.
    private func storeGesture(_ trace: Trace, outcome: Outcome, frames: [Frame]) throws -> RunID {
        var session: RunSession
        counts.lock()
        let last = runs.last?.id
        counts.unlock()
        if let current = last {
            do {
                session = try store.continueRun(current)
            } catch StoreError.runNotFound {
                session = try store.beginRun(.record, config: config)
            }
        } else {
            session = try store.beginRun(.record, config: config)
        }
        let run: RunID
        do {
            let id = try session.add(trace)
            try session.addResult(traceID: id, outcome: outcome, frames: frames)
            run = try session.commit()
        } catch {
            session.rollback()
            throw error
        }
        return run
    }

    /// How long a gesture may wait for the gestures before it and the database's lock: 3 s.
    public static let storeBound: Duration = .seconds(3)

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// What the session stored: its current run (none before the first gesture), and how many gestures ended in each decision.
    public var summary: (run: RunID?, count: Int, decisions: [Decision: Int]) {
        counts.lock()
        defer { counts.unlock() }
        var decisions: [Decision: Int] = [:]
        for run in runs { decisions.merge(run.decisions, uniquingKeysWith: +) }
        return (runs.last?.id, stored, decisions)
    }

    /// The sentence said on standard error when the lab stops: the gestures
    /// of the session's runs that still exist (a run deleted under the lab is
    /// named as deleted, with its gestures, and not counted).
    public var summaryText: String {
        counts.lock()
        let runs = self.runs
        counts.unlock()
        let existing = runs.filter { (try? store.run($0.id)) != nil }
        let deleted = runs.filter { run in !existing.contains { $0.id == run.id } }
        let count = existing.reduce(0) { $0 + $1.count }
        var decisions: [Decision: Int] = [:]
        for run in existing { decisions.merge(run.decisions, uniquingKeysWith: +) }
        var text: String
        if count == 0 {
            text = "pantrace lab: session \(session): no gestures stored"
        } else {
            let counts = Decision.allCases.map { "\($0.rawValue) \(decisions[$0, default: 0])" }.joined(separator: ", ")
            let ids = existing.map { String($0.id) }
            let place = ids.count == 1 ? "run \(ids[0])" : "runs \(ids.joined(separator: ", "))"
            text = "pantrace lab: session \(session): \(count) gesture\(count == 1 ? "" : "s") stored in \(place) (\(counts)) under \(config.name)"
        }
        for run in deleted where run.count > 0 {
            text += "; \(run.count) gesture\(run.count == 1 ? "" : "s") went into run \(run.id), deleted since"
        }
        return text
    }
}
