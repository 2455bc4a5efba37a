/// A built-in config that follows how a library or a platform decides a
/// release (docs/presets.md): its settings and the source it follows.
///
/// Every preset decides traces with and without detents (docs/model.md
/// §4.10) by the same keys: the first eleven follow a library's dismissal
/// rule, the last four its rule between detents. Every key it does not set
/// keeps its default (docs/configs.md).
///
/// ```swift
/// let config = try Preset.named("panmodal").config   // name "panmodal"
/// ```
public struct Preset: Sendable, Equatable {
    /// The name ``Preset/named(_:)`` takes, and the config's name.
    public let name: String
    /// The settings, as `key=value` overrides (``Config/apply(overrides:)``), in docs/presets.md's order.
    public let settings: [String]
    /// What it follows: the library, the file or type, and the numbers.
    public let source: String
    /// The settings `source` mentions for a variant of the library
    /// (`dismissible=true` for a layout with `.hidden`), which a command line
    /// words as its overrides (docs/presets.md).
    public let variants: [String]

    /// A preset named `name` with `settings`, following `source`, which
    /// mentions the settings `variants` for the library's variants.
    init(name: String, settings: [String], source: String, variants: [String] = []) {
        self.name = name
        self.settings = settings
        self.source = source
        self.variants = variants
    }

    /// `source` with each variant's setting led by `lead` (an option's
    /// name and a space for a command line, empty for plain words).
    public func source(leadingVariantsWith lead: String) -> String {
        guard !lead.isEmpty else { return source }
        var text = source
        for variant in variants { text = text.replacing(variant, with: lead + variant) }
        return text
    }

    /// The preset's config: the defaults, its settings, and its name.
    public var config: Config {
        var config = Config()
        for setting in settings {
            // Every setting is checked by PresetTests; a bad one would be a build's bug.
            try? config.apply(override: setting)
        }
        config.name = name
        return config
    }

    /// The keys whose value differs from the defaults, with the preset's value
    /// (`pantrace presets`), in docs/configs.md's key order.
    public var differences: [(key: String, value: String)] {
        let config = self.config
        let defaults = Config()
        return ConfigKey.all.dropFirst().compactMap { key in
            let value = key.text(in: config)
            return value == key.text(in: defaults) ? nil : (key.name, value)
        }
    }

    /// The preset called `name`.
    ///
    /// - Throws: ``PresetError`` (a usage error, exit 64) naming the nearest
    ///   preset when there is one.
    public static func named(_ name: String) throws(PresetError) -> Preset {
        if let preset = all.first(where: { $0.name == name }) { return preset }
        // A typo, or the start of one name (`gorhom`, `mdc`).
        let starting = all.filter { $0.name.hasPrefix(name.lowercased()) }
        let suggestion =
            KeySuggestion.closest(to: name, among: all.map(\.name))
            ?? (starting.count == 1 && !name.isEmpty ? starting[0].name : nil)
        throw PresetError(name: name, suggestion: suggestion)
    }

    /// The name that stands for every preset, in docs/presets.md's order.
    public static let allName = "all"

    /// The fifteen presets, in docs/presets.md's order.
    public static let all: [Preset] = [
        Preset(
            name: "seed", settings: ["decision=threshold", "threshold=0.4"],
            source: "the seed pattern: UIPercentDrivenInteractiveTransition, finish at 40 %"),
        Preset(
            name: "wwdc18-projection", settings: ["decision=projection", "decelerationRate=0.998", "threshold=0.5"],
            source: "WWDC18 \"Designing Fluid Interfaces\": project with UIScrollView.DecelerationRate.normal, "
                + "go to the nearer end"),
        Preset(
            name: "panmodal", settings: ["decision=velocity", "flickVelocity=300", "threshold=0.5"],
            source: "slackhq/PanModal PanModalPresentationController: a pan faster than "
                + "1000 · (1 − snapMovementSensitivity 0.7) pt/s goes its way, else to the nearer of the long form "
                + "and dismissed"),
        Preset(
            name: "floatingpanel",
            settings: ["decision=velocity", "flickVelocity=5.5", "flickVelocityUnit=remaining", "threshold=1"],
            source: "scenee/FloatingPanel removal interaction: removed when velocity / distance to the hidden "
                + "position ≥ 5.5; no positional removal"),
        Preset(
            name: "material3",
            settings: [
                "decision=velocity", "flickVelocity=125", "thresholdUnit=points", "threshold=56",
                "velocityEstimator=lsq2", "touchSlop=8",
            ],
            source: "Compose Material 3 SheetDefaults: velocity threshold 125 dp/s, positional threshold 56 dp "
                + "(1 dp taken as 1 pt)"),
        Preset(
            name: "mdc-bottomsheet",
            settings: ["decision=lookahead", "lookahead=0.1", "threshold=0.5", "velocityEstimator=lsq2", "touchSlop=8"],
            source: "Material Components BottomSheetBehavior.shouldHide: HIDE_FRICTION 0.1 s, HIDE_THRESHOLD 0.5 "
                + "of the peek height (its further 500 px/s check is not modelled)"),
        Preset(
            name: "flutter-bottomsheet",
            settings: [
                "decision=velocity", "flickVelocity=700", "threshold=0.5", "reverseFlick=false",
                "velocityEstimator=lsq2", "touchSlop=18",
            ],
            source: "Flutter BottomSheet: _minFlingVelocity 700, _closeProgressThreshold 0.5; only a downward "
                + "fling is tested"),
        Preset(
            name: "cupertino-sheet",
            settings: [
                "decision=velocity", "flickVelocity=2", "flickVelocityUnit=extents", "threshold=0.48",
                "velocityEstimator=lsq2", "touchSlop=18",
            ],
            source: "Flutter CupertinoSheetRoute: 2 sheet heights per second, else closes when dragged 48 %"),
        Preset(
            name: "cupertino-back",
            settings: [
                "interaction=swipe-back", "decision=velocity", "flickVelocity=1", "flickVelocityUnit=extents",
                "threshold=0.5", "velocityEstimator=lsq2", "touchSlop=18", "edgeWidth=20",
            ],
            source: "Flutter CupertinoPageRoute back swipe: _kMinFlingVelocity 1 width per second, else more "
                + "than half; from the left 20 pt (_kBackGestureWidth)"),
        Preset(
            name: "react-navigation",
            settings: [
                "interaction=swipe-back", "decision=lookahead", "lookahead=0.3", "threshold=0.5", "touchSlop=5",
                "edgeWidth=50",
            ],
            source: "React Navigation stack Card: closes when translation + 0.3 · velocity > width / 2 "
                + "(gestureVelocityImpact); from the left 50 pt (GESTURE_RESPONSE_DISTANCE_HORIZONTAL)"),
        Preset(
            name: "gorhom-bottomsheet",
            settings: ["decision=lookahead", "lookahead=0.2", "threshold=0.5", "scrollExpands=true"],
            source: "@gorhom/react-native-bottom-sheet: the snap point nearest position + 0.2 · velocity"),
        Preset(
            name: "uikit-sheet",
            settings: [
                "decision=projection", "decelerationRate=0.99", "threshold=0.5", "stepVelocity=1000",
                "scrollExpands=true",
            ],
            source: "UIKit UISheetPresentationController (iOS 26.1 UIKitCore, decompiled _UISheetInteraction): "
                + "the detent nearest y + 0.099 · v (SheetDecelerationFactor 0.99), one detent further at "
                + "≥ 1000 pt/s (SheetSpeedThreshold) when the projection stays; dismissal is one more detent; "
                + "below the largest detent a pull up on the list expands the sheet "
                + "(prefersScrollingExpandsWhenScrolledToEdge, documented default true); a pull down on a "
                + "scrolled list scrolls it (offsetAtBegin: no hand-off within one gesture)"),
        Preset(
            name: "floatingpanel-states",
            settings: [
                "decision=projection", "decelerationRate=0.998", "threshold=0.5", "stepOrigin=release",
                "dismissible=false", "scrollExpands=true",
            ],
            source: "scenee/FloatingPanel Core.targetState with its default layout (tip, half, full; no .hidden): "
                + "projection with DecelerationRate.normal held to the segment where the finger lifts "
                + "(shouldProjectMomentum false: one state from the release), redirectionalProgress 0.5 "
                + "compared strictly; dismissible=true for a layout with .hidden, stepOrigin=start for "
                + "shouldProjectMomentum true",
            variants: ["dismissible=true", "stepOrigin=start"]),
        Preset(
            name: "mdc-states",
            settings: [
                "decision=velocity", "flickVelocity=50", "threshold=0.5", "velocityEstimator=lsq2", "touchSlop=8",
                "scrollExpands=true",
            ],
            source: "Material Components BottomSheetBehavior.onViewReleased with its default flags (skipCollapsed "
                + "off): a fling (over ViewDragHelper's 50 dp/s) moves one state its way, else the nearest state"),
        Preset(
            name: "flutter-snap",
            settings: [
                "decision=velocity", "flickVelocity=50", "threshold=0.5", "velocityEstimator=lsq2", "touchSlop=18",
                "scrollExpands=true",
            ],
            source: "Flutter DraggableScrollableSheet with snap: _SnappingSimulation moves to the next snap size "
                + "in the fling's direction above kMinFlingVelocity 50, else the nearest"),
    ]
}

/// A name that ``Preset/named(_:)`` knows no preset by (a usage error, exit 64).
public struct PresetError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The name as typed.
    public var name: String
    /// The nearest preset's name, when one is close.
    public var suggestion: String?

    /// The error for `name`, suggesting `suggestion`.
    public init(name: String, suggestion: String?) {
        self.name = name
        self.suggestion = suggestion
    }

    /// `preset panmodel: unknown preset (did you mean `panmodal`?)`.
    public var description: String {
        let hint =
            suggestion.map { "did you mean `\($0)`?" }
            ?? "presets: " + Preset.all.map(\.name).joined(separator: ", ") + ", or all"
        return "preset \(name): unknown preset (\(hint))"
    }
}
