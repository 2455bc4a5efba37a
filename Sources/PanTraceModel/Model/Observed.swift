/// What the real app did with a gesture, when a trace records it
/// (docs/model.md §2, "What the app did" in docs/model.md): `finish`, `cancel` or
/// `none` (no transition began), or for a trace with detents `finish`
/// (dismissed) or the name of the detent the sheet came to rest at.
///
/// ``init(rawValue:)`` takes the three words of a trace without detents; a
/// detent's name is an observed outcome only beside the trace's `detents`
/// (``init(word:)``, checked by ``Trace/validate()``).
public struct Observed: RawRepresentable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The word as written in a trace and stored in `trace.observed`.
    public let rawValue: String

    /// The app dismissed the screen or the sheet.
    public static let finish = Observed(unchecked: "finish")
    /// A transition began and was cancelled (no detents only).
    public static let cancel = Observed(unchecked: "cancel")
    /// No transition began (no detents only).
    public static let none = Observed(unchecked: "none")
    /// The words a trace without detents may carry.
    public static let allCases: [Observed] = [.finish, .cancel, .none]

    /// `finish`, `cancel` or `none`; `nil` for any other word (a detent's name needs ``init(word:)``).
    public init?(rawValue: String) {
        switch rawValue {
        case "finish": self = .finish
        case "cancel": self = .cancel
        case "none": self = .none
        default: return nil
        }
    }

    /// Any word, a detent's name included: the caller checks that it names a detent.
    public init(word: String) {
        rawValue = Observed(rawValue: word)?.rawValue ?? word
    }

    private init(unchecked word: String) {
        rawValue = word
    }

    /// The name of the detent the sheet came to rest at; `nil` for `finish`, `cancel` and `none`.
    public var detentName: String? {
        Observed(rawValue: rawValue) == nil ? rawValue : nil
    }

    public var description: String { rawValue }

    /// True when a result with `decision`, resting at `detent`, ends where
    /// the app ended (docs/model.md §2 "matches"): the one rule every count
    /// of matches uses (`record`, `verify`, `compare`, `tune`, the store's
    /// `decisions.matches` column).
    ///
    /// Without detents the decision words must be equal (`none` is not
    /// `cancel`: an app knows whether its transition began). With detents
    /// `finish` matches a dismissal, and a detent's name matches a result
    /// that is not dismissed and rests at that detent, whatever its decision word.
    @inline(__always)
    public func matches(decision: Decision, detent: String?, withDetents: Bool) -> Bool {
        guard withDetents else { return decision.rawValue == rawValue }
        if self == .finish { return decision == .finish }
        return decision != .finish && detent == rawValue
    }

    /// Whether `outcome` matches this observed outcome of `trace`.
    @inline(__always)
    public func matches(_ outcome: Outcome, of trace: Trace) -> Bool {
        matches(decision: outcome.decision, detent: outcome.detent, withDetents: trace.detents != nil)
    }
}

/// Who reported a trace's `observed` (docs/model.md §3): stored as these
/// words in `trace.observed_source`.
public enum ObservedSource: String, Sendable, CaseIterable, Hashable {
    /// The app's own transition or sheet, through `PanTraceCapture`; the
    /// default for a trace with `observed` and no `observedSource`.
    case app
    /// A device or simulator run of an exported gesture (docs/device.md).
    case device
    /// The generator's stand-in app (docs/synthetic.md, observed under a config).
    case synthetic
}

extension Trace {
    /// Who reported ``observed``: ``observedSource``, or ``ObservedSource/app``
    /// for an observed outcome without one; `nil` without an observed outcome.
    @inline(__always)
    public var observationSource: ObservedSource? {
        observed == nil ? nil : observedSource ?? .app
    }

    /// Whether `outcome` matches this trace's observed outcome; `nil` without one.
    @inline(__always)
    public func matches(_ outcome: Outcome) -> Bool? {
        observed?.matches(outcome, of: self)
    }
}
