import PanTraceModel

/// A sheet's detents and the one it rests at when a gesture begins: the
/// trace's `detents` and `detent` (docs/model.md §3, §4.10).
///
/// Heights are fractions of the extent, measured up from the bottom of the
/// container. ``none`` (no detents) is a screen that is not such a sheet: its
/// traces have no `detents`.
public struct SheetState: Equatable, Sendable {
    /// The heights the sheet rests at; empty for a screen without detents.
    public var detents: [Detent]
    /// The name of the detent the sheet rests at; `nil` for the tallest.
    public var detent: String?

    /// A sheet resting at `detent` (`nil`: the tallest) of `detents`.
    public init(detents: [Detent], detent: String? = nil) {
        self.detents = detents
        self.detent = detent
    }

    /// No detents: not a sheet that rests at several heights.
    public static let none = SheetState(detents: [])

    /// The identifiers UIKit gives its system detents, and the names a trace gives them.
    public static let systemNames = ["com.apple.UIKit.medium": "medium", "com.apple.UIKit.large": "large"]

    /// The state of a sheet from the numbers `UISheetPresentationController` reports.
    ///
    /// - Names: the system detents are `medium` and `large`; any other keeps
    ///   its identifier.
    /// - Heights: each resolved height ÷ the container's height, capped at 1
    ///   (UIKit never shows a sheet taller than its largest detent value); a
    ///   detent that does not resolve (inactive), or resolves to no height, is left out.
    /// - Two detents at one height: one is kept, the selected one if it is
    ///   among them, else the first (the sheet cannot tell them apart).
    /// - The start: the selected detent; with none selected (or one left
    ///   out), the smallest, as UIKit shows it.
    ///
    /// Without a detent left, or with a container height that is not a
    /// finite number > 0, it is ``none``. The result may still break
    /// docs/model.md §3 (more than 8 detents, a name of `finish`, over 40
    /// characters): the recorder then discards the gesture rather than
    /// write a line `pantrace record` refuses.
    public init(_ geometry: SheetGeometry) {
        let container = geometry.containerHeight
        guard container.isFinite, container > 0 else {
            self = .none
            return
        }
        let selected = geometry.selectedIdentifier.map(Self.name(of:))
        var detents: [Detent] = []
        for resolved in geometry.detents {
            guard let points = resolved.height, points.isFinite, points > 0 else { continue }
            let detent = Detent(name: Self.name(of: resolved.identifier), height: min(points / container, 1))
            guard detent.height > 0 else { continue }
            if let same = detents.firstIndex(where: { $0.height == detent.height }) {
                if detent.name == selected { detents[same] = detent }
                continue
            }
            detents.append(detent)
        }
        guard let smallest = detents.min(by: { $0.height < $1.height }) else {
            self = .none
            return
        }
        let start = detents.contains { $0.name == selected } ? selected : smallest.name
        self.init(detents: detents, detent: start)
    }

    /// A trace's name for the detent with `identifier`.
    static func name(of identifier: String) -> String {
        systemNames[identifier] ?? identifier
    }

    /// The start detent's name: ``detent``, else the tallest; `nil` without detents.
    var startName: String? {
        guard !detents.isEmpty else { return nil }
        return detent ?? detents.max { $0.height < $1.height }?.name
    }

    /// True when docs/model.md §3 accepts these as a trace's `detents` and `detent`.
    var isValid: Bool {
        if detents.isEmpty { return detent == nil }
        guard Detent.issue(in: detents) == nil else { return false }
        guard let detent else { return true }
        return detents.contains { $0.name.isScalarEqual(to: detent) }
    }
}
