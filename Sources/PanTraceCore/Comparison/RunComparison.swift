import PanTraceModel

/// A run as reports name it: its id and its config's name.
public struct RunLabel: Equatable, Hashable, Sendable {
    public var run: Int64
    public var config: String

    public init(run: Int64, config: String) {
        self.run = run
        self.config = config
    }
}

/// The part of a result that reports compare and show (docs/commands.md §7.3).
public struct ResultSummary: Equatable, Hashable, Sendable {
    public var decision: Decision
    public var reason: Reason
    public var percent: Double
    public var velocity: Double
    /// Decided by the velocity of a movement that had ended (docs/model.md §4.6).
    public var stale: Bool
    /// The detent the result rests at, for a trace with detents (docs/model.md §4.10).
    public var detent: String?

    public init(
        decision: Decision, reason: Reason, percent: Double, velocity: Double, stale: Bool = false,
        detent: String? = nil
    ) {
        self.detent = detent
        self.decision = decision
        self.reason = reason
        self.percent = percent
        self.velocity = velocity
        self.stale = stale
    }

    public init(_ outcome: Outcome) {
        self.init(
            decision: outcome.decision, reason: outcome.reason, percent: outcome.percent, velocity: outcome.velocity,
            stale: outcome.stale, detent: outcome.detent)
    }

    /// Where the result leaves the sheet (docs/model.md §2 "rests at").
    public var rest: Rest { Rest(decision: decision, detent: detent) }
}

/// One trace's results in the baseline run and in the candidate run.
public struct ComparedTrace: Equatable, Hashable, Sendable {
    public var name: String
    public var family: String?
    public var intent: Intent?
    /// The detent the trace starts at; `nil` without detents.
    public var startDetent: String?
    /// `nil` when the baseline run has no result for this trace.
    public var baseline: ResultSummary?
    public var candidate: ResultSummary

    public init(
        name: String, family: String?, intent: Intent?, startDetent: String? = nil, baseline: ResultSummary?,
        candidate: ResultSummary
    ) {
        self.startDetent = startDetent
        self.name = name
        self.family = family
        self.intent = intent
        self.baseline = baseline
        self.candidate = candidate
    }

    /// docs/commands.md §7.3: a change is a trace whose decision or detent differs between the two runs.
    public var isChange: Bool { change != nil }

    /// What changed (`ResultChange`); `nil` when nothing did or without a baseline result.
    public var change: ResultChange? {
        guard let baseline else { return nil }
        return ResultChange(from: baseline.decision, baseline.detent, to: candidate.decision, candidate.detent)
    }

    /// The change in words, by where the results rest (`large → medium`,
    /// `finish → cancel`: `ResultChange/wording(from:_:to:_:sheet:)`); `nil` without a change.
    public var changeWording: String? {
        guard let baseline, isChange else { return nil }
        return ResultChange.wording(
            from: baseline.decision, baseline.detent, to: candidate.decision, candidate.detent, sheet: startDetent != nil)
    }

    /// The same decision and detent for another reason (e.g. `threshold` → `flick`).
    public var isReasonChange: Bool {
        guard let baseline else { return false }
        return !isChange && baseline.reason != candidate.reason
    }

    /// How `summary` compares with the trace's intent (`Agreement`); `nil` without an intent.
    public func agreement(of summary: ResultSummary) -> Agreement? {
        Agreement(intent: intent, decision: summary.decision, detent: summary.detent, startDetent: startDetent)
    }

    /// The candidate's ``agreement(of:)``.
    public var candidateAgreement: Agreement? { agreement(of: candidate) }

    /// docs/commands.md §7.3: a regression against intent — the trace has an intent that
    /// the baseline's result agreed with and the candidate's does not (a new
    /// accidental, missed or wrong-detent result, docs/model.md §2).
    ///
    /// Agreement depends on the decision and the detent alone, so every
    /// regression is a change; a change that now agrees with intent, one
    /// that agreed neither before nor now, and one whose trace has no intent
    /// are not regressions.
    public var isRegression: Bool {
        guard let baseline, let before = agreement(of: baseline), let now = candidateAgreement else { return false }
        return before == .agree && now != .agree
    }

    /// A change whose trace has an intent the candidate agrees with and the baseline did not.
    public var nowAgreesWithIntent: Bool {
        guard let baseline, let before = agreement(of: baseline), let now = candidateAgreement else { return false }
        return before != .agree && now == .agree
    }
}

/// A change of decision, `cancel → finish`, as the text report groups them.
public struct Transition: Hashable, Sendable, Comparable {
    public var from: Decision
    public var to: Decision

    public static func < (a: Transition, b: Transition) -> Bool {
        (a.from.order, a.to.order) < (b.from.order, b.to.order)
    }
}

/// A change of where a sheet rests, `large → medium` or `large → dismissed`.
public struct RestChange: Hashable, Sendable, Comparable {
    public var from: String
    public var to: String

    /// A change from resting at `from` to resting at `to` (`Rest/word`).
    public init(from: String, to: String) {
        self.from = from
        self.to = to
    }

    public static func < (a: RestChange, b: RestChange) -> Bool {
        (Array(a.from.utf8), Array(a.to.utf8)).0.lexicographicallyPrecedes(Array(b.from.utf8))
            || (a.from == b.from && Array(a.to.utf8).lexicographicallyPrecedes(Array(b.to.utf8)))
    }
}

/// The changes of one kind and one wording, as the text and HTML reports
/// count them: `finish → cancel` (a decision), `large → medium` (a detent).
public struct ChangeGroup: Hashable, Sendable, Comparable {
    /// A change of decision, or of detent alone.
    public var kind: ResultChange
    /// ``ComparedTrace/changeWording``.
    public var words: String

    /// A group of `kind` worded `words`.
    public init(kind: ResultChange, words: String) {
        self.kind = kind
        self.words = words
    }

    /// Decision changes first, then by their words (byte order).
    public static func < (a: ChangeGroup, b: ChangeGroup) -> Bool {
        if a.kind != b.kind { return a.kind == .decision }
        return Array(a.words.utf8).lexicographicallyPrecedes(Array(b.words.utf8))
    }
}

extension Decision {
    /// finish, cancel, none: the order reports list decisions in.
    var order: Int {
        switch self {
        case .finish: 0
        case .cancel: 1
        case .none: 2
        }
    }
}

/// The differences between a baseline run and a candidate run, built one
/// trace at a time so that only the changes are kept in memory (docs/commands.md §7.2, §7.3).
public struct RunComparison: Sendable {
    public let baseline: RunLabel
    public let candidate: RunLabel
    /// The settings that differ between the two configs.
    public var settingChanges: [Config.Difference]
    /// Traces with a result in both runs.
    public private(set) var traces = 0
    /// Traces of the candidate without a result in the baseline (not compared).
    public private(set) var withoutBaseline = 0
    /// The traces whose decision differs, in the order they were added, kept compactly.
    public private(set) var changeList = ChangeList()
    /// The traces that kept their decision for another reason (``ComparedTrace/isReasonChange``),
    /// in the order they were added, kept compactly.
    public private(set) var reasonChangeList = ChangeList()
    public private(set) var transitions: [Transition: Int] = [:]
    /// For sheets with detents, the changes of where they rest (`large → medium`, docs/commands.md §7.3).
    public private(set) var restChanges: [RestChange: Int] = [:]
    /// Every change by its kind and its words (docs/commands.md §7.3: `finish → cancel`, `large → medium`).
    public private(set) var changeGroups: [ChangeGroup: Int] = [:]
    /// Changes of decision (`ResultChange/decision`).
    public private(set) var decisionChanges = 0
    /// Changes of the detent alone, the decision kept (`ResultChange/detent`): sheets that rest at another detent.
    public private(set) var detentChanges = 0
    /// The base the candidate started from and where it came from
    /// (`base uikit-sheet (the config of baseline run 1)`, docs/commands.md §7.2); `nil` when not told.
    public var base: String?
    /// Intent not `finish`, baseline agreeing, candidate `finish`: indexes in ``changeList``.
    public private(set) var accidentalDismissalIndexes: [Int32] = []
    /// With detents: baseline agreeing, candidate at another detent than meant: indexes in ``changeList``.
    public private(set) var wrongDetentIndexes: [Int32] = []
    /// Intent `finish`, baseline `finish`, candidate not: indexes in ``changeList``.
    public private(set) var missedDismissalIndexes: [Int32] = []
    /// Changes whose candidate now agrees with the trace's intent: indexes in ``changeList``.
    public private(set) var nowAgreeIndexes: [Int32] = []
    /// Candidate results decided by a stale velocity (docs/model.md §4.6), over every trace added.
    public private(set) var candidateStale = 0
    /// Baseline results decided by a stale velocity, over the traces compared.
    public private(set) var baselineStale = 0

    /// The traces whose decision differs, in the order they were added (made from ``changeList``).
    public var changes: [ComparedTrace] { changeList.all }
    /// Intent `cancel`, baseline not `finish`, candidate `finish`.
    public var accidentalDismissals: [ComparedTrace] { accidentalDismissalIndexes.map { changeList[Int($0)] } }
    /// Intent `finish`, baseline `finish`, candidate not.
    public var missedDismissals: [ComparedTrace] { missedDismissalIndexes.map { changeList[Int($0)] } }
    /// New wrong-detent results (docs/model.md §2).
    public var wrongDetents: [ComparedTrace] { wrongDetentIndexes.map { changeList[Int($0)] } }
    /// Changes whose candidate now agrees with the trace's intent.
    public var nowAgree: [ComparedTrace] { nowAgreeIndexes.map { changeList[Int($0)] } }
    /// How many kept their decision for another reason.
    public var reasonChanges: Int { reasonChangeList.count }
    /// The traces that kept their decision for another reason (made from ``reasonChangeList``).
    public var reasonChangedTraces: [ComparedTrace] { reasonChangeList.all }

    public init(baseline: RunLabel, candidate: RunLabel, settingChanges: [Config.Difference] = []) {
        self.baseline = baseline
        self.candidate = candidate
        self.settingChanges = settingChanges
    }

    /// Adds one trace; returns whether its decision changed.
    @discardableResult
    public mutating func add(_ trace: ComparedTrace) -> Bool {
        if trace.candidate.stale { candidateStale += 1 }
        if trace.baseline?.stale == true { baselineStale += 1 }
        guard let before = trace.baseline else {
            withoutBaseline += 1
            return false
        }
        traces += 1
        if trace.isReasonChange { reasonChangeList.append(trace) }
        guard let kind = trace.change, let words = trace.changeWording else { return false }
        changeGroups[ChangeGroup(kind: kind, words: words), default: 0] += 1
        switch kind {
        case .decision: decisionChanges += 1
        case .detent: detentChanges += 1
        }
        let index = Int32(truncatingIfNeeded: changeList.count)
        changeList.append(trace)
        transitions[Transition(from: before.decision, to: trace.candidate.decision), default: 0] += 1
        if trace.startDetent != nil {
            restChanges[RestChange(from: before.rest.word, to: trace.candidate.rest.word), default: 0] += 1
        }
        if trace.isRegression {
            switch trace.candidateAgreement {
            case .accidental: accidentalDismissalIndexes.append(index)
            case .missed: missedDismissalIndexes.append(index)
            default: wrongDetentIndexes.append(index)
            }
        } else if trace.nowAgreesWithIntent {
            nowAgreeIndexes.append(index)
        }
        return true
    }

    /// Number of changes, of decision or of detent (``ComparedTrace/isChange``).
    public var changed: Int { changeList.count }

    /// `12 changed: 3 finish → cancel, 9 rest at another detent`: the
    /// changes counted apart, decisions by their words, detents together
    /// (docs/commands.md §7.3); `0 changed` without one. `escape` is applied
    /// to each change's words (they can name detents of the input).
    public func changeHeadline(escaping escape: (String) -> String = { $0 }) -> String {
        var parts = changeGroups.filter { $0.key.kind == .decision }.sorted { $0.key < $1.key }.map {
            "\($0.value) \(escape($0.key.words))"
        }
        if detentChanges > 0 { parts.append("\(detentChanges) rest at another detent") }
        return "\(changed) changed" + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))
    }

    /// docs/commands.md §7.3: the changes that are regressions against intent
    /// (``ComparedTrace/isRegression``): the new accidental and the newly missed results.
    public var regressions: Int {
        accidentalDismissalIndexes.count + missedDismissalIndexes.count + wrongDetentIndexes.count
    }

    /// The one sentence every report gives with a count of stale results (docs/model.md §4.6).
    public static let staleExplanation =
        "UIKit's velocity(in:) keeps the last movement's velocity when the finger rests, so a drag that stopped "
        + "and then lifted can still \"flick\": the app can compute its own release velocity, or use a rule "
        + "that does not read it."

    /// What the reader of a report must know before trusting its counts against intent.
    ///
    /// A candidate that runs another `interaction` than the baseline (swipe-back
    /// instead of pull-to-dismiss) simulates another gesture from the same
    /// touches, while each trace's intent was labelled for the gesture the
    /// person made: agreement, accidental, missed and regressions then compare
    /// different gestures.
    public var warnings: [String] {
        settingChanges.filter { $0.key == "interaction" }.map {
            "the baseline ran \($0.old) and this run \($0.new): a trace's intent was meant for the baseline's gesture, "
                + "so the counts against intent compare different gestures"
        }
    }
}
