import PanTraceCore
import PanTraceModel
import PanTraceStore

/// Reads the answers of the lab's A/B sessions for `pantrace preferences`
/// (docs/lab.md): every stored preference, or one session's, grouped by
/// pair of configs.
///
/// ```swift
/// let comparisons = try PreferenceReader(session: nil).comparisons(in: store)
/// ```
public struct PreferenceReader: Sendable {
    /// Only this session's answers, when given.
    public var session: String?

    public init(session: String? = nil) {
        self.session = session
    }

    /// The comparisons the stored answers make, in the order their first answer was stored.
    ///
    /// - Throws: `StoreError`.
    public func comparisons(in store: Store) throws -> [PreferenceComparison] {
        let answers = try store.preferences(session: session).map { stored in
            PreferenceComparison.Answer(
                configA: stored.configA.id, nameA: stored.configA.name, configB: stored.configB.id, nameB: stored.configB.name,
                session: stored.preference.session, choice: stored.preference.choice)
        }
        return PreferenceComparison.comparisons(of: answers)
    }
}
