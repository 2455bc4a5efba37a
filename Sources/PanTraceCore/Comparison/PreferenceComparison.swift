import PanTraceModel

/// The answers to "Which felt better?" for one pair of configs compared in
/// a database, over every session that compared them (docs/lab.md
/// "pantrace preferences").
///
/// Two configs are one comparison whichever was the lab's own: a session
/// that had them the other way round counts its answers for the config
/// preferred, under the first session's A and B.
public struct PreferenceComparison: Sendable, Hashable {
    /// One stored answer, as the comparison needs it.
    public struct Answer: Sendable, Hashable {
        /// Config A's identity (its stored config row) and name.
        public var configA: Int64
        public var nameA: String
        /// Config B's identity and name.
        public var configB: Int64
        public var nameB: String
        /// The lab session.
        public var session: String
        /// What the person preferred.
        public var choice: Preference.Choice

        public init(configA: Int64, nameA: String, configB: Int64, nameB: String, session: String, choice: Preference.Choice) {
            self.configA = configA
            self.nameA = nameA
            self.configB = configB
            self.nameB = nameB
            self.session = session
            self.choice = choice
        }
    }

    /// Config A's name (the lab's own config in the first session that compared the two).
    public var a: String
    /// Config B's name.
    public var b: String
    /// How many sessions compared them.
    public var sessions: Int
    /// The answers, counted for A, B and the same.
    public var tally: PreferenceTally

    public init(a: String, b: String, sessions: Int, tally: PreferenceTally) {
        self.a = a
        self.b = b
        self.sessions = sessions
        self.tally = tally
    }

    /// The comparisons `answers` make, in the order their first answer was stored.
    public static func comparisons(of answers: [Answer]) -> [PreferenceComparison] {
        struct Group {
            var comparison: PreferenceComparison
            var configA: Int64
            var sessions: Set<String>
        }
        var groups: [Group] = []
        var index: [[Int64]: Int] = [:]
        for answer in answers {
            let key = [min(answer.configA, answer.configB), max(answer.configA, answer.configB)]
            let at: Int
            if let found = index[key] {
                at = found
            } else {
                at = groups.count
                index[key] = at
                groups.append(
                    Group(
                        comparison: PreferenceComparison(a: answer.nameA, b: answer.nameB, sessions: 0, tally: PreferenceTally()),
                        configA: answer.configA, sessions: []))
            }
            // The same two configs the other way round: the choice is counted for the config it preferred.
            let flipped = answer.configA != groups[at].configA
            let choice: Preference.Choice =
                switch answer.choice {
                case .a: flipped ? .b : .a
                case .b: flipped ? .a : .b
                case .same: .same
                }
            groups[at].comparison.tally.add(choice)
            groups[at].sessions.insert(answer.session)
        }
        return groups.map { group in
            var comparison = group.comparison
            comparison.sessions = group.sessions.count
            return comparison
        }
    }
}
