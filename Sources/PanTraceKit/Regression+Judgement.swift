import PanTraceCore
import PanTraceReports

extension Regression {
    /// The verdict on `comparison` as every report of the run states it
    /// (docs/commands.md §7.3): the text, JSON, JUnit and HTML reports and
    /// the last line on standard error all take their numbers and their
    /// sentence from here.
    public func judgement(for comparison: RunComparison) -> RegressionJudgement {
        let count = count(for: comparison)
        var acceptedRegressions = 0
        var changedNames: Set<[UInt8]> = []
        if let allowList, !allowList.entries.isEmpty {
            for change in comparison.changes where allowList.entry(for: change.name) != nil {
                changedNames.insert(Array(change.name.utf8))
                if change.isRegression { acceptedRegressions += 1 }
            }
        }
        let entries = (allowList?.entries ?? []).map {
            RegressionJudgement.Allowed(
                trace: $0.trace, line: $0.line, reason: $0.reason, changed: changedNames.contains(Array($0.trace.utf8)))
        }
        return RegressionJudgement(
            passes: !count.exceeds, failOn: gate.rawValue, changed: comparison.changed, counted: count.counted,
            maxChanges: maxChanges, regressions: comparison.regressions - acceptedRegressions, accepted: count.accepted,
            acceptedRegressions: acceptedRegressions, allowFile: allowList?.file, allowList: entries,
            wording: wording)
    }
}
