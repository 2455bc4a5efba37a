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
package final class LabRecorder: @unchecked Sendable {
    /// What storing one gesture gave.
    package struct Stored: Sendable, Equatable {
        /// The stored trace's name, `lab-SESSION-N`.
        package var name: String
        /// The task the gesture was made for, when it named one.
        package var task: LabTask?
        /// The trace's intent.
        package var intent: Intent?
        /// The detent the sheet started at, for a trace with detents (docs/model.md §4.10).
        package var startDetent: String?
        /// Its result under the config it was done under.
        package var outcome: Outcome
        /// The run of the config it was done under.
        package var run: RunID
        /// Gestures stored this session, this one included.
        package var count: Int
        /// In a session that compares two configs: the gesture's place in its pair and its config.
        package var slot: LabPairs.Slot?
        /// When a limit of the config stopped the sheet short (docs/lab.md
        /// "Every detent is used, and seen"): `maxSteps` and where the sheet
        /// would have gone without it.
        package var stoppedShort: StoppedShort? = nil
    }

    /// A limit that stopped a sheet short of where its release was heading.
    package struct StoppedShort: Sendable, Equatable {
        /// The config key of the limit: `maxSteps`, or `stepOrigin` (one
        /// state from the release, whose ``limit`` is 1).
        package var key: String
        /// Its value.
        package var limit: Int
        /// Where the sheet would have come to rest without it: a detent's name, or `dismissed`.
        package var heading: String
    }

    /// The session's name in its traces' names (`lab-SESSION-N`) and in `meta.session`.
    package let session: String
    /// The config every gesture is simulated under (config A when the session compares two).
    package let config: Config
    /// The config compared with ``config`` (B: `--versus-preset`, `--versus-config`), when the session compares two.
    package let versus: Config?
    /// The tasks a gesture may name.
    package let tasks: [LabTask]

    private let store: Store
    /// Held by the gesture (or the answer) being stored: one at a time.
    private let lock = NSLock()
    /// Guards `runs`, `stored` and `pairs`, for a moment only: the page reads
    /// them while a gesture waits for the database.
    private let counts = NSLock()
    /// The runs of each config in the session, the current one last: a run
    /// deleted under the lab (`runs --delete`) is followed by a new one.
    private var runs: [Preference.Side: [SessionRun]] = [:]
    private var stored = 0
    private var pairs: LabPairs?
    /// The last gesture stored, the one a slip may discard (none after a discard).
    private var lastStored: String?
    /// Gestures discarded as slips (``discard(trace:)``).
    private var discarded = 0

    /// One run of the session and what the session stored in it.
    struct SessionRun {
        var id: RunID
        var count = 0
        var decisions: [Decision: Int] = [:]
    }

    /// The gesture could not be stored within its bound: another connection
    /// held the database's lock, or the gestures before it did (nothing was stored).
    package struct Busy: Error, Sendable, CustomStringConvertible {
        /// The bound that passed, in seconds.
        package var seconds: Double
        package var description: String {
            "the database stayed busy for \(JSONWriter.number(seconds)) s or more (another pantrace is writing to it): nothing was stored; send the same gesture again"
        }
    }

    /// A recorder into `store` under `config`, for a session named `session` asking `tasks`.
    ///
    /// With `versus`, every task is done as a pair, once under each config,
    /// in an order drawn per pair from `seed` (docs/lab.md "Which felt better").
    package init(store: Store, config: Config, versus: Config? = nil, tasks: [LabTask], session: String, seed: UInt64 = LabRecorder.newSeed()) {
        self.store = store
        self.config = config
        self.versus = versus
        self.tasks = tasks
        self.session = session
        pairs = versus == nil ? nil : LabPairs(seed: seed)
    }

    /// A new session name: 8 hexadecimal digits from the system's secure random source.
    package static func newSessionName() -> String {
        var generator = SystemRandomNumberGenerator()
        return String(format: "%08x", UInt32.random(in: .min ... .max, using: &generator))
    }

    /// A new session seed from the system's secure random source.
    package static func newSeed() -> UInt64 {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }

    /// True when the session compares two configs.
    package var isComparing: Bool { versus != nil }

    /// Checks, simulates and stores the gesture posted as `body`; returns what was stored.
    ///
    /// In a session that compares two configs, the gesture names its pair
    /// (`meta.pair`) and task; it is simulated under the config its place
    /// in the pair draws and stored in that config's run.
    ///
    /// With a `deadline`, the gesture waits for the gestures before it and for
    /// the database's lock until then at most, and is refused with ``Busy``
    /// (nothing stored) after it. When the session's run was deleted under
    /// the lab, the gesture starts a new run.
    ///
    /// - Throws: `TraceError` (the gesture breaks docs/model.md §3; nothing
    ///   is stored), ``LabPairError`` (it does not fit the session's pairs;
    ///   nothing is stored), ``Busy``, `StoreError` (nothing is stored).
    package func store(
        body: [UInt8], userAgent: String?, deadline: (@Sendable () -> ContinuousClock.Instant)? = nil
    ) throws -> Stored {
        try lock(before: deadline)
        defer { lock.unlock() }
        counts.lock()
        let name = "lab-\(session)-\(stored + 1)"
        let pairs = self.pairs
        counts.unlock()
        let gesture = try LabGesture(body: body, name: name, session: session, tasks: tasks, userAgent: userAgent, pairing: pairs != nil)
        var slot: LabPairs.Slot?
        if let pairs {
            guard let task = gesture.task else { throw LabPairError.missing(key: "meta.task") }
            guard let number = gesture.pair else { throw LabPairError.missing(key: "meta.pair") }
            slot = try pairs.slot(pair: number, task: task.id)
        }
        let side = slot?.side ?? .a
        let config = side == .b ? (versus ?? self.config) : self.config
        // docs/lab.md "Which felt better": both runs exist before the first pair's gesture, A's first.
        try beginPairedRunsHoldingLock()
        var frames: [Frame] = []
        let outcome = Simulator.simulate(gesture.trace, under: config, frames: &frames, recordingFrames: true)
        let run = try writing(before: deadline) {
            try storeGesture(gesture.trace, outcome: outcome, frames: frames, side: side, config: config)
        }
        counts.lock()
        defer { counts.unlock() }
        var sideRuns = runs[side, default: []]
        if sideRuns.last?.id != run { sideRuns.append(SessionRun(id: run)) }
        sideRuns[sideRuns.count - 1].count += 1
        sideRuns[sideRuns.count - 1].decisions[outcome.decision, default: 0] += 1
        runs[side] = sideRuns
        stored += 1
        lastStored = name
        if let slot, let task = gesture.task { self.pairs?.stored(slot, task: task.id, trace: name, run: run) }
        var result = Stored(
            name: name, task: gesture.task, intent: gesture.trace.intent,
            startDetent: gesture.trace.detents == nil ? nil : gesture.trace.startingDetent?.name,
            outcome: outcome, run: run, count: stored, slot: slot)
        result.stoppedShort = Self.stoppedShort(gesture.trace, outcome: outcome, under: config)
        return result
    }

    /// Takes ``lock`` (the gesture or answer being stored), waiting until
    /// `deadline` at most (then ``Busy``); without one, as long as it takes.
    private func lock(before deadline: (@Sendable () -> ContinuousClock.Instant)?) throws {
        guard let deadline else { return lock.lock() }
        // In slices, the deadline asked again after each: it moves closer when the lab stops.
        while !lock.lock(before: Date(timeIntervalSinceNow: Self.seconds(Self.waitSlice))) {
            guard ContinuousClock.now < deadline() else { throw Self.busy }
        }
    }

    /// Runs `write` (one transaction) until it gets the database's lock, until
    /// `deadline` at most: then ``Busy``, and nothing was stored.
    private func writing<T>(before deadline: (@Sendable () -> ContinuousClock.Instant)?, _ write: () throws -> T) throws -> T {
        while true {
            if let deadline {
                // SQLite's busy wait in slices too; nothing is stored by an attempt that meets the lock.
                let left = Self.seconds(ContinuousClock.now.duration(to: deadline()))
                guard left > 0 else { throw Self.busy }
                try store.setBusyTimeout(milliseconds: Int32(clamping: Int(min(left, Self.seconds(Self.waitSlice)) * 1000)))
            }
            do {
                return try write()
            } catch StoreError.locked {
                guard deadline != nil else { throw Self.busy }
            }
        }
    }

    /// Commits the trace and its result in the run of `side`'s config (a new
    /// one before its first gesture, or after the run was deleted); returns the run.
    private func storeGesture(_ trace: Trace, outcome: Outcome, frames: [Frame], side: Preference.Side, config: Config) throws -> RunID {
        var session: RunSession
        counts.lock()
        let last = runs[side]?.last?.id
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
        do {
            let id = try session.add(trace)
            try session.addResult(traceID: id, outcome: outcome, frames: frames)
            return try session.commit()
        } catch {
            session.rollback()
            throw error
        }
    }

    /// How long a gesture may wait for the gestures before it and the database's lock: 3 s.
    package static let storeBound: Duration = .seconds(3)

    /// The refusal of a gesture that did not get the database in time (it names the bound).
    private static var busy: Busy { Busy(seconds: seconds(storeBound)) }

    /// How long a gesture waits (for the gestures before it, or the
    /// database's lock) before it asks its deadline again.
    static let waitSlice: Duration = .milliseconds(200)

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Stores the answer `answer` to pair `pair`, committed before this returns.
    ///
    /// With a `deadline`, the answer waits for the database as a gesture does
    /// (``store(body:userAgent:deadline:)``), and is refused with ``Busy``
    /// after it. A pair one of whose gestures (or runs) was deleted since it
    /// was made cannot be answered: it is given up, and the session goes on
    /// with the next pair.
    ///
    /// - Throws: ``LabPairError`` (a session that compares nothing, a pair it
    ///   did not make, one answered already, one whose gestures were deleted;
    ///   nothing is stored), ``Busy``, `StoreError` (nothing is stored).
    package func prefer(
        pair: Int, answer: Preference.Answer, deadline: (@Sendable () -> ContinuousClock.Instant)? = nil
    ) throws -> Preference {
        try lock(before: deadline)
        defer { lock.unlock() }
        counts.lock()
        let pairs = self.pairs
        counts.unlock()
        guard let pairs else { throw LabPairError.noPairs }
        let preference = try pairs.preference(pair: pair, answer: answer, session: session)
        do {
            try writing(before: deadline) { try store.addPreference(preference) }
        } catch let error as StoreError {
            let missing: String
            switch error {
            case .traceNotFound(let name): missing = "its gesture \(name)"
            case .runNotFound(let run): missing = "its run \(run)"
            default: throw error
            }
            counts.lock()
            self.pairs?.givenUp(pair: pair)
            counts.unlock()
            throw LabPairError.deleted(pair: pair, what: missing)
        }
        counts.lock()
        self.pairs?.answered(pair: pair, choice: preference.choice)
        counts.unlock()
        return preference
    }

    /// What the page does next in a session that compares two configs; `nil` otherwise.
    package var next: LabPairs.Next? {
        counts.lock()
        defer { counts.unlock() }
        return pairs?.next
    }

    /// The session's pairs (none when it compares nothing).
    package var pairList: [LabPairs.Pair] {
        counts.lock()
        defer { counts.unlock() }
        return pairs?.pairs ?? []
    }

    /// What the session stored: config A's current run (none before the
    /// first gesture), and how many gestures ended in each decision.
    package var summary: (run: RunID?, count: Int, decisions: [Decision: Int]) {
        counts.lock()
        defer { counts.unlock() }
        var decisions: [Decision: Int] = [:]
        for run in runs.values.joined() { decisions.merge(run.decisions, uniquingKeysWith: +) }
        return (runs[.a]?.last?.id, stored, decisions)
    }

    /// The current run of each config, once it has a gesture.
    package var runsBySide: [Preference.Side: RunID] {
        counts.lock()
        defer { counts.unlock() }
        return runs.compactMapValues { $0.last?.id }
    }

    /// The sentence said on standard error when the lab stops: the gestures
    /// of the session's runs that still exist (a run deleted under the lab is
    /// named as deleted, with its gestures, and not counted).
    package var summaryText: String {
        counts.lock()
        let runs = self.runs
        let pairCounts = pairs?.counts ?? (0, 0)
        counts.unlock()
        let existing = runs.mapValues { $0.filter { (try? store.run($0.id)) != nil } }
        var decisions: [Decision: Int] = [:]
        for run in existing.values.joined() { decisions.merge(run.decisions, uniquingKeysWith: +) }
        let count = existing.values.joined().reduce(0) { $0 + $1.count }
        func place(_ side: Preference.Side) -> String {
            let ids = existing[side, default: []].map { String($0.id) }
            if ids.isEmpty { return "no run" }
            return ids.count == 1 ? "run \(ids[0])" : "runs \(ids.joined(separator: ", "))"
        }
        var text: String
        if count == 0 {
            text = "pantrace lab: session \(session): no gestures stored"
        } else {
            let counts = Decision.allCases.map { "\($0.rawValue) \(decisions[$0, default: 0])" }.joined(separator: ", ")
            let gestures = "\(count) gesture\(count == 1 ? "" : "s")"
            if let versus {
                let runList = [(Preference.Side.a, config), (.b, versus)].map { side, config in
                    "\(place(side)) (\(side.rawValue.uppercased()): \(config.name))"
                }
                let (answered, unanswered) = pairCounts
                text = "pantrace lab: session \(session): \(gestures) stored in \(runList.joined(separator: " and ")) (\(counts)); "
                    + "\(answered) pair\(answered == 1 ? "" : "s") answered, \(unanswered) made and not answered"
            } else {
                text = "pantrace lab: session \(session): \(gestures) stored in \(place(.a)) (\(counts)) under \(config.name)"
            }
        }
        let deleted = runs.values.joined().filter { run in !existing.values.joined().contains { $0.id == run.id } }
        for run in deleted where run.count > 0 {
            text += "; \(run.count) gesture\(run.count == 1 ? "" : "s") went into run \(run.id), deleted since"
        }
        counts.lock()
        let discarded = self.discarded
        counts.unlock()
        if discarded > 0 {
            text += "; \(discarded) gesture\(discarded == 1 ? "" : "s") discarded as slipped"
        }
        return text
    }

    // MARK: Both runs of an A/B session, and slips

    /// In a session that compares two configs, makes both runs now, A's
    /// first (docs/lab.md "Which felt better"): in a database without a
    /// baseline yet, A's run is then the baseline every later command
    /// starts from, whatever the first pair's draw. Nothing for a session
    /// that compares nothing, or whose runs exist.
    ///
    /// - Throws: `StoreError` (nothing is made).
    package func beginPairedRuns() throws {
        lock.lock()
        defer { lock.unlock() }
        try beginPairedRunsHoldingLock()
    }

    private func beginPairedRunsHoldingLock() throws {
        guard let versus else { return }
        counts.lock()
        let begun = !runs.isEmpty
        counts.unlock()
        guard !begun else { return }
        let a = try store.beginRun(.record, config: config).commit()
        let b = try store.beginRun(.record, config: versus).commit()
        counts.lock()
        runs[.a] = [SessionRun(id: a)]
        runs[.b] = [SessionRun(id: b)]
        counts.unlock()
    }

    /// A gesture that slipped (docs/lab.md "A slip does not count"):
    /// deletes the trace named `name` with its samples, results and any
    /// preference naming it, in one transaction, when it is the session's
    /// own last stored gesture; an A/B pair with it is done again.
    ///
    /// - Throws: ``LabDiscardError`` for another trace (nothing is deleted); `StoreError`.
    package func discard(trace name: String, deadline: (@Sendable () -> ContinuousClock.Instant)? = nil) throws {
        // The same wait as a gesture's: the lab's lock, then the database's, until `deadline`.
        try lock(before: deadline)
        defer { lock.unlock() }
        counts.lock()
        let last = lastStored
        counts.unlock()
        guard let last, last == name else { throw LabDiscardError.notLast(trace: name, last: last) }
        let deleted = try writing(before: deadline) { try store.deleteTrace(named: name) }
        counts.lock()
        defer { counts.unlock() }
        for result in deleted {
            for side in Array(runs.keys) {
                guard var sideRuns = runs[side], let index = sideRuns.firstIndex(where: { $0.id == result.run }) else { continue }
                sideRuns[index].count = max(0, sideRuns[index].count - 1)
                if let decision = Decision(rawValue: result.decision) {
                    sideRuns[index].decisions[decision, default: 0] = max(0, sideRuns[index].decisions[decision, default: 0] - 1)
                }
                runs[side] = sideRuns
            }
        }
        lastStored = nil
        discarded += 1
        pairs?.discard(trace: name)
    }

    /// The limit that stopped the sheet of `trace` short, when one did: the
    /// same gesture decided without `maxSteps` rests elsewhere.
    static func stoppedShort(_ trace: Trace, outcome: Outcome, under config: Config) -> StoppedShort? {
        guard trace.detents != nil else { return nil }
        // docs/model.md §4.10 "From the release": one state from where the finger
        // lifted, under the projecting rules (maxSteps is not read then).
        let projecting = config.decision == .projection || config.decision == .lookahead
        if projecting, config.stepOrigin == .release {
            var free = config
            free.stepOrigin = .start
            free.maxSteps = 0
            let unlimited = Simulator.simulate(trace, under: free)
            guard !unlimited.decidesAlike(outcome) else { return nil }
            return StoppedShort(
                key: "stepOrigin", limit: 1, heading: Rest(decision: unlimited.decision, detent: unlimited.detent).word)
        }
        guard config.maxSteps > 0 else { return nil }
        var free = config
        free.maxSteps = 0
        let unlimited = Simulator.simulate(trace, under: free)
        guard !unlimited.decidesAlike(outcome) else { return nil }
        return StoppedShort(
            key: "maxSteps", limit: config.maxSteps, heading: Rest(decision: unlimited.decision, detent: unlimited.detent).word)
    }

    /// Gestures discarded as slips this session.
    package var discardedCount: Int {
        counts.lock()
        defer { counts.unlock() }
        return discarded
    }
}

/// A slip that cannot be discarded (400, nothing deleted).
package enum LabDiscardError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not the session's own last stored gesture (or it was discarded already).
    case notLast(trace: String, last: String?)
    /// A body that is not `{"trace": NAME}`.
    case invalidBody(key: String, reason: String)

    package var description: String {
        switch self {
        case .notLast(let trace, let last):
            "trace: \(JSONWriter.string(trace)) is not this session's last stored gesture"
                + (last.map { " (that is \(JSONWriter.string($0)))" } ?? " (none can be discarded now)")
                + ": only the gesture just made can be discarded"
        case .invalidBody(let key, let reason): "\(key.isEmpty ? "" : key + ": ")\(reason)"
        }
    }
}
