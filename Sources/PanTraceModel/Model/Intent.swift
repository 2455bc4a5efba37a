/// What the person meant by a gesture, when a trace is labelled (docs/model.md §2):
/// `finish`, `cancel`, or for a trace with detents the name of the detent meant.
///
/// ``init(rawValue:)`` takes the two words every trace may use; a detent's
/// name is an intent only beside the trace's `detents` (``init(word:)``).
public struct Intent: RawRepresentable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The word as written in a trace and stored in `trace.intent`.
    public let rawValue: String

    /// The person meant to dismiss.
    public static let finish = Intent(unchecked: "finish")
    /// The person meant the screen or sheet to stay where it was.
    public static let cancel = Intent(unchecked: "cancel")
    /// The intents every trace may carry, with or without detents.
    public static let allCases: [Intent] = [.finish, .cancel]

    /// `finish` or `cancel`; `nil` for any other word (a detent's name needs ``init(word:)``).
    public init?(rawValue: String) {
        switch rawValue {
        case "finish": self = .finish
        case "cancel": self = .cancel
        default: return nil
        }
    }

    /// Any intent word, a detent's name included: the caller checks it names a detent.
    public init(word: String) {
        rawValue = word
    }

    private init(unchecked word: String) {
        rawValue = word
    }

    /// The name of the detent meant, for an intent that names one; `nil` for `finish` and `cancel`.
    public var detentName: String? {
        self == .finish || self == .cancel ? nil : rawValue
    }

    public var description: String { rawValue }
}

extension Intent {
    /// An optional intent as one small code: `nil` 0, `finish` 1, `cancel` 2,
    /// a detent's name 3. The one integer coding of `Intent?` (the store's
    /// trace digest and `tune`'s intent classes use it).
    @inline(__always)
    public static func code(_ intent: Intent?) -> UInt8 {
        guard let intent else { return 0 }
        if intent == .finish { return 1 }
        if intent == .cancel { return 2 }
        return 3
    }
}
