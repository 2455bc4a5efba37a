import Foundation
import PanTraceCore
import PanTraceModel
import PanTraceStore

/// Stores the gestures of one lab session (docs/lab.md): each is checked as
/// `record` checks a trace, simulated under the session's config, and
/// committed with its result in the session's run before the page is
/// answered. A session that compares two configs has one run per config,
/// its gestures in pairs, and stores each pair's answer (``prefer(pair:answer:)``).
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
        /// Its result under the config it was done under.
        public var outcome: Outcome
        /// The run of the config it was done under.
        public var run: RunID
        /// Gestures stored this session, this one included.
        public var count: Int
        /// In a session that compares two configs: the gesture's place in its pair and its config.
        public var slot: LabPairs.Slot?
    }

    /// The session's name in its traces' names (`lab-SESSION-N`) and in `meta.session`.
    public let session: String
    /// The config every gesture is simulated under (config A when the session compares two).
    public let config: Config
    /// The config compared with ``config`` (B: `--versus-preset`, `--versus-config`), when the session compares two.
    public let versus: Config?
    /// The tasks a gesture may name.
    public let tasks: [LabTask]

    private let store: Store
    private let lock = NSLock()
    private var runs: [Preference.Side: RunID] = [:]
    private var decisions: [Decision: Int] = [:]
    private var stored = 0
    private var pairs: LabPairs?

    /// A recorder into `store` under `config`, for a session named `session` asking `tasks`.
    ///
    /// With `versus`, every task is done as a pair, once under each config,
    /// in an order drawn per pair from `seed` (docs/lab.md "Which felt better").
    public init(store: Store, config: Config, versus: Config? = nil, tasks: [LabTask], session: String, seed: UInt64 = LabRecorder.newSeed()) {
        self.store = store
        self.config = config
        self.versus = versus
        self.tasks = tasks
        self.session = session
        pairs = versus == nil ? nil : LabPairs(seed: seed)
    }

    /// A new session name: 8 hexadecimal digits from the system's secure random source.
    public static func newSessionName() -> String {
        var generator = SystemRandomNumberGenerator()
        return String(format: "%08x", UInt32.random(in: .min ... .max, using: &generator))
    }

    /// A new session seed from the system's secure random source.
    public static func newSeed() -> UInt64 {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }

    /// True when the session compares two configs.
    public var isComparing: Bool { versus != nil }

    /// Checks, simulates and stores the gesture posted as `body`; returns what was stored.
    ///
    /// In a session that compares two configs, the gesture names its pair
    /// (`meta.pair`) and task; it is simulated under the config its place
    /// in the pair draws and stored in that config's run.
    ///
    /// - Throws: `TraceError` (the gesture breaks docs/model.md §3; nothing
    ///   is stored), ``LabPairError`` (it does not fit the session's pairs;
    ///   nothing is stored), `StoreError` (nothing is stored).
    public func store(body: [UInt8], userAgent: String?) throws -> Stored {
        lock.lock()
        defer { lock.unlock() }
        let name = "lab-\(session)-\(stored + 1)"
        let gesture = try LabGesture(body: body, name: name, session: session, tasks: tasks, userAgent: userAgent, pairing: pairs != nil)
        var slot: LabPairs.Slot?
        if let pairs {
            guard let task = gesture.task else { throw LabPairError.missing(key: "meta.task") }
            guard let number = gesture.pair else { throw LabPairError.missing(key: "meta.pair") }
            slot = try pairs.slot(pair: number, task: task.id)
        }
        let side = slot?.side ?? .a
        let config = side == .b ? (versus ?? self.config) : self.config
        var frames: [Frame] = []
        let outcome = Simulator.simulate(gesture.trace, under: config, frames: &frames, recordingFrames: true)
        let runSession = try runs[side].map(store.continueRun) ?? store.beginRun(.record, config: config)
        let run: RunID
        do {
            let id = try runSession.add(gesture.trace)
            try runSession.addResult(traceID: id, outcome: outcome, frames: frames)
            run = try runSession.commit()
        } catch {
            runSession.rollback()
            throw error
        }
        runs[side] = run
        stored += 1
        decisions[outcome.decision, default: 0] += 1
        if let slot, let task = gesture.task { pairs?.stored(slot, task: task.id, trace: name, run: run) }
        return Stored(
            name: name, task: gesture.task, intent: gesture.trace.intent, outcome: outcome, run: run, count: stored, slot: slot)
    }

    /// Stores the answer `answer` to pair `pair`, committed before this returns.
    ///
    /// - Throws: ``LabPairError`` (a session that compares nothing, a pair it
    ///   did not make, one answered already; nothing is stored), `StoreError`
    ///   (nothing is stored).
    public func prefer(pair: Int, answer: Preference.Answer) throws -> Preference {
        lock.lock()
        defer { lock.unlock() }
        guard let pairs else { throw LabPairError.noPairs }
        let preference = try pairs.preference(pair: pair, answer: answer, session: session)
        try store.addPreference(preference)
        self.pairs?.answered(pair: pair, choice: preference.choice)
        return preference
    }

    /// What the page does next in a session that compares two configs; `nil` otherwise.
    public var next: LabPairs.Next? {
        lock.lock()
        defer { lock.unlock() }
        return pairs?.next
    }

    /// The session's pairs (none when it compares nothing).
    public var pairList: [LabPairs.Pair] {
        lock.lock()
        defer { lock.unlock() }
        return pairs?.pairs ?? []
    }

    /// What the session stored: its run (config A's; none before the first gesture), and how many gestures ended in each decision.
    public var summary: (run: RunID?, count: Int, decisions: [Decision: Int]) {
        lock.lock()
        defer { lock.unlock() }
        return (runs[.a], stored, decisions)
    }

    /// The run of each config, once it has a gesture.
    public var runsBySide: [Preference.Side: RunID] {
        lock.lock()
        defer { lock.unlock() }
        return runs
    }

    /// The sentence said on standard error when the lab stops.
    public var summaryText: String {
        let (_, count, decisions) = summary
        let runs = runsBySide
        guard count > 0 else { return "pantrace lab: session \(session): no gestures stored" }
        let counts = Decision.allCases.map { "\($0.rawValue) \(decisions[$0, default: 0])" }.joined(separator: ", ")
        let gestures = "\(count) gesture\(count == 1 ? "" : "s")"
        guard let versus else {
            return "pantrace lab: session \(session): \(gestures) stored in run \(runs[.a] ?? 0) (\(counts)) under \(config.name)"
        }
        let runList = [(Preference.Side.a, config), (.b, versus)].map { side, config in
            "\(runs[side].map { "run \($0)" } ?? "no run") (\(side.rawValue.uppercased()): \(config.name))"
        }
        let (answered, unanswered) = pairs.map { _ in pairCounts } ?? (0, 0)
        return "pantrace lab: session \(session): \(gestures) stored in \(runList.joined(separator: " and ")) (\(counts)); "
            + "\(answered) pair\(answered == 1 ? "" : "s") answered, \(unanswered) made and not answered"
    }

    private var pairCounts: (answered: Int, unanswered: Int) {
        lock.lock()
        defer { lock.unlock() }
        return pairs?.counts ?? (0, 0)
    }
}
