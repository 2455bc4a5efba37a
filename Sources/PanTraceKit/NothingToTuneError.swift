/// A tune that has nothing to learn from: no selected trace, or none with an
/// intent to compare decisions with (docs/commands.md §7.5; invalid input data, exit 65).
public enum NothingToTuneError: Error, Equatable, CustomStringConvertible {
    /// No stored trace matches the selection (or the database has none).
    case noTraces(TraceSelection)
    /// None of the `traces` selected traces has an `intent`.
    case noIntent(traces: Int, selection: TraceSelection)
    /// Against what the app did: none of the `traces` selected traces has `observed`.
    case noObserved(traces: Int, selection: TraceSelection)

    public var description: String {
        switch self {
        case .noTraces(let selection) where selection.isAll:
            "the database has no traces: nothing to tune (pantrace record stores some)"
        case .noTraces(let selection):
            "no stored trace matches \(selection): nothing to tune"
        case .noIntent(let traces, let selection):
            "none of the \(traces) traces\(selection.isAll ? "" : " of \(selection)") has an intent: "
                + "tune compares decisions with what people meant; record traces with \"intent\": \"finish\" or \"cancel\""
        case .noObserved(let traces, let selection):
            "none of the \(traces) traces\(selection.isAll ? "" : " of \(selection)") records what the app did (`observed`): "
                + "a tune against it calibrates to the app, and needs traces that say where the app came to rest "
                + "(docs/capture.md, docs/device.md)"
        }
    }
}
