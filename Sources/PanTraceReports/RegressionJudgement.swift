/// What a judged `regress` decided, as every one of its reports states it
/// (docs/commands.md §7.3): the changes, the changes that count, the ones
/// the allow list accepted, and the verdict with its reason. The text, JSON,
/// JUnit and HTML reports all print these numbers and ``sentence``, so they
/// can never disagree.
public struct RegressionJudgement: Sendable, Hashable {
    /// One trace the allow list names.
    public struct Allowed: Sendable, Hashable {
        /// The trace's name.
        public var trace: String
        /// The line of the allow list.
        public var line: Int
        /// The reason after `#`, when given.
        public var reason: String?
        /// True when its decision changed in this run (the entry accepted a change).
        public var changed: Bool

        /// An entry of the allow list as the reports show it.
        public init(trace: String, line: Int, reason: String?, changed: Bool) {
            self.trace = trace
            self.line = line
            self.reason = reason
            self.changed = changed
        }
    }

    /// True when the run passes (exit 0).
    public var passes: Bool
    /// `any` or `intent`: which changes count.
    public var failOn: String
    /// Every changed decision.
    public var changed: Int
    /// The changes that count (not accepted by the allow list).
    public var counted: Int
    /// The most changes that count and still pass.
    public var maxChanges: Int
    /// The regressions against intent not accepted by the allow list.
    public var regressions: Int
    /// The changes the allow list accepted.
    public var accepted: Int
    /// The regressions against intent among them.
    public var acceptedRegressions: Int
    /// The allow list's file; nil without one.
    public var allowFile: String?
    /// The allow list's entries, in its order.
    public var allowList: [Allowed]
    /// How ``sentence`` names what sets ``maxChanges``.
    public var wording: ReportWording

    /// A judgement with these counts.
    public init(
        passes: Bool, failOn: String, changed: Int, counted: Int, maxChanges: Int, regressions: Int,
        accepted: Int = 0, acceptedRegressions: Int = 0, allowFile: String? = nil, allowList: [Allowed] = [],
        wording: ReportWording = .plain
    ) {
        self.passes = passes
        self.failOn = failOn
        self.changed = changed
        self.counted = counted
        self.maxChanges = maxChanges
        self.regressions = regressions
        self.accepted = accepted
        self.acceptedRegressions = acceptedRegressions
        self.allowFile = allowFile
        self.allowList = allowList
        self.wording = wording
    }

    /// `pass` or `fail`.
    public var word: String { passes ? "pass" : "fail" }

    /// What counted and why it passes or fails, without the verdict's
    /// word: `0 of 28 changes count (28 accepted by allow.txt), no
    /// more than the 0 that the change limit lets pass` (``wording`` names the limit).
    public var sentence: String {
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        var notes: [String] = []
        var text: String
        if failOn == "intent" {
            text = "\(plural(counted, "regression")) against intent count"
            notes.append("of \(plural(changed, "change"))")
        } else {
            text = "\(counted) of \(plural(changed, "change")) count"
        }
        if accepted > 0 { notes.append("\(accepted) accepted by \(allowFile ?? "the allow list")") }
        if !notes.isEmpty { text += " (" + notes.joined(separator: ", ") + ")" }
        text += passes ? ", no more than" : ", more than"
        return text + " the \(maxChanges) that \(wording.maxChanges) lets pass"
    }

    /// The verdict in one line: `pass: …` or `fail: …`.
    public var line: String { "\(word): \(sentence)" }
}
