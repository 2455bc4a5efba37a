import PanTraceModel

/// The counts of one candidate over a set of traces (docs/commands.md §7.5, words of docs/model.md §2).
///
/// `finish + cancel + none` is every trace; `agree + accidental + missed +
/// wrongDetent` is every trace with an intent. Agreement is `Agreement`'s,
/// the one rule every count uses.
public struct TuningCounts: Equatable, Hashable, Sendable {
    /// Results with decision `finish`.
    public var finish = 0
    /// Results with decision `cancel`.
    public var cancel = 0
    /// Results with decision `none` (the screen stays, the pan never drove it).
    public var none = 0
    /// Results that agree with their trace's intent (`Agreement/agree`).
    public var agree = 0
    /// Decision `finish` against another intent (`Agreement/accidental`).
    public var accidental = 0
    /// Intent `finish`, decision `cancel` or `none` (`Agreement/missed`).
    public var missed = 0
    /// With detents: not dismissed, at another detent than meant (`Agreement/wrongDetent`); 0 without detents.
    public var wrongDetent = 0

    /// All zero.
    public init() {}

    /// Counts given directly (for reports and tests).
    public init(finish: Int, cancel: Int, none: Int, agree: Int, accidental: Int, missed: Int, wrongDetent: Int = 0) {
        self.finish = finish
        self.cancel = cancel
        self.none = none
        self.agree = agree
        self.accidental = accidental
        self.missed = missed
        self.wrongDetent = wrongDetent
    }

    /// Counts one result with `decision` for a trace without detents with `intent`.
    public mutating func add(_ decision: Decision, intent: Intent?) {
        add(decision, agreement: Agreement(intent: intent, decision: decision, detent: nil, startDetent: nil))
    }

    /// Counts `outcome` for `trace`.
    public mutating func add(_ outcome: Outcome, of trace: Trace) {
        add(outcome.decision, agreement: Agreement(outcome, of: trace))
    }

    /// Counts one result with `decision` whose agreement with its intent is `agreement` (nil: no intent).
    public mutating func add(_ decision: Decision, agreement: Agreement?) {
        switch decision {
        case .finish: finish += 1
        case .cancel: cancel += 1
        case .none: none += 1
        }
        switch agreement {
        case nil: break
        case .agree: agree += 1
        case .accidental: accidental += 1
        case .missed: missed += 1
        case .wrongDetent: wrongDetent += 1
        }
    }

    /// The results with `decision`.
    public subscript(decision decision: Decision) -> Int {
        switch decision {
        case .finish: finish
        case .cancel: cancel
        case .none: none
        }
    }

    /// The results whose agreement with their intent is `agreement`.
    public subscript(agreement agreement: Agreement) -> Int {
        switch agreement {
        case .agree: agree
        case .accidental: accidental
        case .missed: missed
        case .wrongDetent: wrongDetent
        }
    }

    /// The count `column` heads.
    public subscript(column column: Column) -> Int {
        switch column {
        case .decision(let decision): self[decision: decision]
        case .agreement(let agreement): self[agreement: agreement]
        }
    }

    /// A column of the counts in every report (`tune`, `compare`, `runs`),
    /// headed by its case's word: the decisions, then the agreements.
    public enum Column: Hashable, Sendable {
        case decision(Decision)
        case agreement(Agreement)

        /// `finish`, `cancel`, `none`, `agree`, `accidental`, `missed` or `wrongDetent`.
        public var word: String {
            switch self {
            case .decision(let decision): decision.rawValue
            case .agreement(let agreement): agreement.word
            }
        }

        /// Every decision's column.
        public static let decisions = Decision.allCases.map(Column.decision)

        /// Every column: the decisions, then every agreement (a JSON report's keys).
        public static let all = decisions + agreements(withDetents: true)

        /// The agreements' columns, `wrongDetent` only `withDetents`.
        public static func agreements(withDetents: Bool) -> [Column] {
            Agreement.counted(withDetents: withDetents).map(Column.agreement)
        }
    }
}
