/// How two results of one trace differ: the one definition of a change
/// that every command and report uses (docs/commands.md §7.3), and the one
/// wording of it by where the results rest (docs/model.md §2 "rests at").
///
/// ```swift
/// ResultChange(from: .cancel, "large", to: .cancel, "medium")   // .detent
/// ResultChange.wording(from: .cancel, "large", to: .cancel, "medium", sheet: true)   // "large → medium"
/// ResultChange.wording(from: .finish, nil, to: .cancel, nil, sheet: false)   // "finish → cancel"
/// ```
public enum ResultChange: Hashable, Sendable {
    /// The decision differs (`finish → cancel`, `medium → dismissed`).
    case decision
    /// The same decision, resting at another detent (`large → medium`).
    case detent

    /// The change from a result with `decision` resting at `detent` to one
    /// with `newDecision` at `newDetent`; `nil` when they decide alike.
    ///
    /// A detent is told apart by its exact name (its scalars): two names
    /// that differ only in their Unicode normalization are two detents, as
    /// a trace's own detents are (docs/model.md §3).
    @inline(__always)
    public init?(from decision: Decision, _ detent: String?, to newDecision: Decision, _ newDetent: String?) {
        if decision != newDecision {
            self = .decision
        } else if !Self.sameDetent(detent, newDetent) {
            self = .detent
        } else {
            return nil
        }
    }

    /// The change from `before` to `after`; `nil` when they decide alike.
    @inline(__always)
    public init?(from before: Outcome, to after: Outcome) {
        self.init(from: before.decision, before.detent, to: after.decision, after.detent)
    }

    /// Whether two results decide alike: the same decision and detent.
    @inline(__always)
    public static func decideAlike(
        _ decision: Decision, _ detent: String?, _ other: Decision, _ otherDetent: String?
    ) -> Bool {
        ResultChange(from: decision, detent, to: other, otherDetent) == nil
    }

    @inline(__always)
    static func sameDetent(_ a: String?, _ b: String?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (let a?, let b?): a.isScalarEqual(to: b)
        default: false
        }
    }

    /// The words of a change, by where each result rests: for a trace with
    /// detents (`sheet`) `large → medium` or `medium → dismissed`; without
    /// detents, or for a sheet that rests where it did under another
    /// decision (`cancel` and `none` at one detent), the decisions
    /// (`finish → cancel`), so that a change never reads `cancel → cancel`.
    public static func wording(
        from decision: Decision, _ detent: String?, to newDecision: Decision, _ newDetent: String?, sheet: Bool
    ) -> String {
        let before = Rest(decision: decision, detent: detent)
        let after = Rest(decision: newDecision, detent: newDetent)
        if sheet, before != after || !sameDetent(detent, newDetent) {
            return "\(before.word) → \(after.word)"
        }
        return "\(decision.rawValue) → \(newDecision.rawValue)"
    }

    /// A change in the words of a JUnit failure: `rests at medium, was
    /// large`, `dismissed, was medium` for a trace with detents (`sheet`),
    /// `decision changed: finish → cancel` without.
    public static func failureWords(
        from decision: Decision, _ detent: String?, to newDecision: Decision, _ newDetent: String?, sheet: Bool
    ) -> String {
        guard sheet else { return "decision changed: \(decision.rawValue) → \(newDecision.rawValue)" }
        let before = Rest(decision: decision, detent: detent)
        let after = Rest(decision: newDecision, detent: newDetent)
        guard before != after || !sameDetent(detent, newDetent) else {
            return "decision changed: \(decision.rawValue) → \(newDecision.rawValue), rests at \(after.word) as before"
        }
        switch after {
        case .dismissed: return "dismissed, was \(before.word)"
        case .detent(let name): return "rests at \(name), was \(before.word)"
        case .shown: return "still shown, was \(before.word)"
        }
    }
}
