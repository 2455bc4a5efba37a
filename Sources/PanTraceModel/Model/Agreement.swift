/// Where a result leaves the sheet or screen (docs/model.md §2 "rests at").
public enum Rest: Hashable, Sendable {
    /// Decision `finish`.
    case dismissed
    /// Not dismissed, at this detent (a trace with detents).
    case detent(String)
    /// Not dismissed, a trace without detents.
    case shown

    /// Where a result with `decision` and `detent` rests.
    @inline(__always)
    public init(decision: Decision, detent: String?) {
        if decision == .finish {
            self = .dismissed
        } else if let detent {
            self = .detent(detent)
        } else {
            self = .shown
        }
    }

    /// `dismissed`, the detent's name, or `shown`: the words reports use (`large → dismissed`).
    public var word: String {
        switch self {
        case .dismissed: "dismissed"
        case .detent(let name): name
        case .shown: "shown"
        }
    }
}

/// How a result compares with its trace's intent (docs/model.md §2), the
/// one rule every count against intent uses: `tune`, `compare`, `replay`,
/// a regression gated on intent, the release maps and the lab.
public enum Agreement: UInt8, Hashable, Sendable, CaseIterable {
    /// Intent `finish` got `finish`; intent `cancel` stayed (at its start
    /// detent, with detents); intent NAME rests at NAME.
    case agree
    /// Decision `finish` against an intent other than `finish`.
    case accidental
    /// Intent `finish`, decision `cancel` or `none`.
    case missed
    /// With detents, not dismissed and not `finish` meant, resting at
    /// another detent than meant (for `cancel`: than the start).
    case wrongDetent

    /// The agreement of a result with `decision`, resting at `detent`, with
    /// `intent`, for a trace that started at `startDetent`; `nil` without an intent.
    ///
    /// Without detents (`detent` and `startDetent` `nil`) it is the
    /// two-anchor rule: `finish` agrees with `finish`, `cancel` and `none`
    /// with `cancel`.
    @inline(__always)
    public init?(intent: Intent?, decision: Decision, detent: String?, startDetent: String?) {
        guard let intent else { return nil }
        if intent == .finish {
            self = decision == .finish ? .agree : .missed
        } else if decision == .finish {
            self = .accidental
        } else if intent == .cancel {
            self = detent == startDetent ? .agree : .wrongDetent
        } else {
            self = detent == intent.rawValue ? .agree : .wrongDetent
        }
    }

    /// The agreement of `outcome` for a trace with `intent` that started at `startDetent`.
    @inline(__always)
    public init?(intent: Intent?, outcome: Outcome, startDetent: String?) {
        self.init(intent: intent, decision: outcome.decision, detent: outcome.detent, startDetent: startDetent)
    }

    /// The agreement of `outcome` with `trace`'s intent.
    @inline(__always)
    public init?(_ outcome: Outcome, of trace: Trace) {
        self.init(
            intent: trace.intent, decision: outcome.decision, detent: outcome.detent,
            startDetent: trace.detents == nil ? nil : trace.startingDetent?.name)
    }

    /// True for ``agree``.
    public var agrees: Bool { self == .agree }

    /// The case's name, the word every report heads its count with
    /// (`agree`, `accidental`, `missed`, `wrongDetent`).
    public var word: String { String(describing: self) }

    /// The agreements a report counts, in their order: ``wrongDetent``
    /// only when some trace has detents (without, it is always 0).
    public static func counted(withDetents: Bool) -> [Agreement] {
        withDetents ? allCases : allCases.filter { $0 != .wrongDetent }
    }
}
