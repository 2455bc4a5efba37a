/// Which transition a pan drives; it fixes the axis and the sign (docs/model.md §4).
public enum Interaction: String, Sendable, CaseIterable, Hashable {
    case pullToDismiss = "pull-to-dismiss"
    case swipeBack = "swipe-back"
    case pullUpPresent = "pull-up-present"

    /// True when the interaction follows the x axis.
    public var isHorizontal: Bool { self == .swipeBack }

    /// +1 or −1: `q = sign × coordinate`.
    public var sign: Double { self == .pullUpPresent ? -1 : 1 }
}

/// How a lift decides between finish and cancel (docs/model.md §4.6).
public enum DecisionRule: String, Sendable, CaseIterable, Hashable {
    case threshold, velocity, projection, lookahead
}

/// What `threshold` measures (docs/model.md §4.6): a fraction of the extent,
/// or a distance in points (`T = threshold / E`).
public enum ThresholdUnit: String, Sendable, CaseIterable, Hashable {
    case fraction, points
}

/// What `flickVelocity` measures (docs/model.md §4.6): points per second,
/// extents per second, or the distance still to go per second.
public enum FlickVelocityUnit: String, Sendable, CaseIterable, Hashable {
    case points, extents, remaining
}

/// The release-velocity estimator (docs/model.md §4.5; docs/model.md §4.5 says which
/// platform each one matches).
public enum VelocityEstimator: String, Sendable, CaseIterable, Hashable {
    /// Android's and Flutter's quadratic least squares over the last 100 ms.
    case lsq2
    /// The newest segment between two position samples at different times.
    case lastSegment
    /// What `UIPanGestureRecognizer.velocity(in:)` returns at `.ended` on iOS:
    /// touch moves only, `0.2 × newest + 0.8 × previous` segment.
    case uikit
    /// Android's impulse strategy (`VelocityTracker`'s `IMPULSE`) on the `lsq2` window.
    case impulse
}

/// How the pan and an embedded scroll view share the gesture (docs/model.md §4.3).
public enum ScrollGating: String, Sendable, CaseIterable, Hashable {
    case none, offsetAtBegin, handoff
}

/// Where a sheet's projection and look-ahead count their steps from
/// (docs/model.md §4.10): the start detent's side (`positional`, Step, At
/// most), or where the finger lifts ("From the release", FloatingPanel's
/// `targetState`).
public enum StepOrigin: String, Sendable, CaseIterable, Hashable {
    case start, release
}

/// The transition animation's timing curve (docs/model.md §4.8).
public enum Curve: String, Sendable, CaseIterable, Hashable {
    case linear, easeIn, easeOut, easeInOut
}

/// Every tunable of the interaction, with a name (docs/configs.md).
///
/// The defaults are the seed behaviour: a pull-to-dismiss that finishes at
/// 40 % on release.
public struct Config: Equatable, Hashable, Sendable {
    public var name: String = "baseline"
    public var interaction: Interaction = .pullToDismiss
    public var touchSlop: Double = 10
    /// Points from the edge a screen-edge pan must start within; 0 = anywhere
    /// (docs/model.md §4.2; read under swipe-back and pull-up-present).
    public var edgeWidth: Double = 0
    public var maximumNumberOfTouches: Int = 1
    /// `nil` is `auto`: the container's length on the axis.
    public var extent: Double? = nil
    public var threshold: Double = 0.4
    public var thresholdUnit: ThresholdUnit = .fraction
    public var decision: DecisionRule = .threshold
    public var flickVelocity: Double = 1000
    public var flickVelocityUnit: FlickVelocityUnit = .points
    public var reverseFlick: Bool = true
    public var decelerationRate: Double = 0.998
    /// Seconds ahead for the `lookahead` rule.
    public var lookahead: Double = 0.3
    /// A release at least this fast (pt/s) steps one detent further
    /// (docs/model.md §4.10); 0 = off.
    public var stepVelocity: Double = 0
    /// The most anchors a release moves from its start detent (docs/model.md §4.10); 0 = no limit.
    public var maxSteps: Int = 0
    /// `release`: projection and lookahead move a sheet at most one anchor
    /// from where the finger lifts (docs/model.md §4.10 "From the release").
    public var stepOrigin: StepOrigin = .start
    /// False: a sheet with detents has no dismissal anchor (docs/model.md §4.10).
    public var dismissible: Bool = true
    /// A sheet below its tallest detent pulled up expands before its list
    /// scrolls (docs/model.md §4.3; UIKit's `prefersScrollingExpandsWhenScrolledToEdge`).
    public var scrollExpands: Bool = false
    /// `uikit` since this is a tool for iOS engineers; a stored config
    /// without the key reads `lsq2`, the old default (docs/configs.md).
    public var velocityEstimator: VelocityEstimator = .uikit
    public var scrollGating: ScrollGating = .offsetAtBegin
    public var lockScroll: Bool = false
    public var guarded: Bool = false
    public var duration: Double = 0.4
    public var completionSpeed: Double = 1
    public var curve: Curve = .linear

    public init() {}
}

extension Config {
    /// The extent `E` of docs/model.md §4 for a container of `width` × `height`:
    /// `extent` when it is a number, else the container's length on the
    /// interaction's axis. The one place it is computed.
    @inline(__always)
    public func extent(width: Double, height: Double) -> Double {
        extent ?? (interaction.isHorizontal ? width : height)
    }
}
