/// What a judged regression counted (docs/commands.md §7.3): the changes that count under
/// its ``RegressionGate``, how many were allowed, and every changed decision.
public struct RegressionCount: Sendable, Hashable {
    /// Which changes counted.
    public var gate: RegressionGate
    /// The changes that counted: every change (``RegressionGate/any``) or the regressions against intent.
    public var counted: Int
    /// The largest count that passes.
    public var allowed: Int
    /// Every changed decision, counted or not.
    public var changed: Int
    /// The changed decisions of traces in the allow list, which never count.
    public var accepted: Int

    /// A count of `counted` changes under `gate` against `allowed`, of `changed` in all,
    /// `accepted` of them by the allow list.
    public init(gate: RegressionGate, counted: Int, allowed: Int, changed: Int, accepted: Int = 0) {
        self.gate = gate
        self.counted = counted
        self.allowed = allowed
        self.changed = changed
        self.accepted = accepted
    }

    /// Whether more changes counted than were allowed.
    public var exceeds: Bool { counted > allowed }
}

extension RegressionCount: CustomStringConvertible {
    /// `3 changed (decision or detent), 0 allowed`, or with the intent gate
    /// `3 regression(s) against intent, 0 allowed (12 changed)`;
    /// with an allow list that accepted changes, `… (6 accepted by the allow list)`
    /// or `… (12 changed, 6 accepted by the allow list)`.
    public var description: String {
        let acceptedText = "\(accepted) accepted by the allow list"
        switch gate {
        case .any:
            return "\(counted) changed (decision or detent), \(allowed) allowed" + (accepted > 0 ? " (\(acceptedText))" : "")
        case .intent:
            return "\(counted) regression(s) against intent, \(allowed) allowed "
                + "(\(changed) changed"
                + (accepted > 0 ? ", \(acceptedText))" : ")")
        }
    }
}
