/// A person's answer to "Which felt better?" after doing one lab task under
/// two configs, blind (docs/lab.md "Which felt better").
///
/// Stored as a row of `preference` (docs/sqlite.md): the session, the task,
/// the run and trace of each config's gesture, which config's gesture came
/// first and the choice, all in the words below.
public struct Preference: Sendable, Hashable {
    /// One of the two configs of an A/B session: `a` is the lab's own, `b` the one it is compared with.
    public enum Side: String, Sendable, CaseIterable, Hashable {
        case a
        case b

        /// The other config.
        public var other: Side { self == .a ? .b : .a }
    }

    /// What the person preferred: config A's gesture, config B's, or neither.
    public enum Choice: String, Sendable, CaseIterable, Hashable {
        case a
        case b
        case same
    }

    /// The answer as the page asks it: the gesture done first, the one done second, or the same.
    public enum Answer: String, Sendable, CaseIterable, Hashable {
        case first
        case second
        case same

        /// The choice this answer makes when the gesture under `shownFirst` was done first.
        public func choice(shownFirst: Side) -> Choice {
            switch self {
            case .first: shownFirst == .a ? .a : .b
            case .second: shownFirst == .a ? .b : .a
            case .same: .same
            }
        }
    }

    /// The lab session (`meta.session` of both traces).
    public var session: String
    /// The task's id.
    public var task: String
    /// The run of config A's gesture.
    public var runA: Int64
    /// The run of config B's gesture.
    public var runB: Int64
    /// The name of the trace done under A.
    public var traceA: String
    /// The name of the trace done under B.
    public var traceB: String
    /// Which config's gesture was done first.
    public var shownFirst: Side
    /// What the person preferred.
    public var choice: Choice

    public init(session: String, task: String, runA: Int64, runB: Int64, traceA: String, traceB: String, shownFirst: Side, choice: Choice) {
        self.session = session
        self.task = task
        self.runA = runA
        self.runB = runB
        self.traceA = traceA
        self.traceB = traceB
        self.shownFirst = shownFirst
        self.choice = choice
    }
}
