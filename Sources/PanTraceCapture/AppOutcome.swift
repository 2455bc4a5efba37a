import PanTraceModel

/// What the app did with a gesture, from what UIKit reports (docs/capture.md
/// "What the app did"): the words of a trace's `observed` (docs/model.md
/// "What the app did"). The UIKit adapter reads UIKit and calls these; they
/// hold the logic, so that it is tested without UIKit.
public enum AppOutcome {
    /// A sheet after the gesture: `finish` when it was dismissed, else the
    /// detent it settled at — the name of `selectedIdentifier` as a trace
    /// names it (UIKit's `medium` and `large` identifiers as `medium` and
    /// `large`), and with no identifier selected the smallest of `detents`
    /// (UIKit shows the sheet there). `nil` when the detent is not one of
    /// `detents` (the sheet changed its detents since the gesture began).
    public static func sheet(dismissed: Bool, selectedIdentifier: String?, detents: [Detent]) -> Observed? {
        if dismissed { return .finish }
        let name = selectedIdentifier.map(SheetState.name(of:)) ?? detents.min { $0.height < $1.height }?.name
        guard let name, detents.contains(where: { $0.name.isScalarEqual(to: name) }) else { return nil }
        return Observed(word: name)
    }

    /// An interactive transition after the gesture: `none` when no
    /// transition began, `cancel` when the transition coordinator reported
    /// it cancelled when the interaction ended, else `finish`.
    public static func transition(began: Bool, cancelled: Bool) -> Observed {
        guard began else { return .none }
        return cancelled ? .cancel : .finish
    }
}
