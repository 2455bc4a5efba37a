import PanTraceModel

/// A named kind of synthetic gesture (docs/synthetic.md).
///
/// The raw value is the family's stable name: it appears in trace names,
/// in `meta.family`, and in a selection of traces by family. Intents
/// (`intentSource` `synthetic`: the generator's guess, docs/synthetic.md) are
/// written for the default interaction, `pull-to-dismiss`: `finish` means the
/// person meant to dismiss, `cancel` that the sheet must stay — a decision
/// `none` (the pan never began, failed, or the scroll view owned the gesture)
/// honours a `cancel` intent too.
public enum SyntheticFamily: String, Sendable, CaseIterable, Hashable {
    /// A slow, eased drag down to 32–72 % of the height, released gently. Intent `finish`.
    ///
    /// Most pass the default 0.4 threshold; the shorter ones are the borderline
    /// cases that a lower threshold or a velocity rule flips.
    case slowDrag = "slow-drag"
    /// A short pull (5–46 %), often drawn back a little before release. Intent `cancel`.
    case peek
    /// A fast, short, accelerating flick (5–32 %, release 600–2500 pt/s). Intent `finish`.
    ///
    /// Below the threshold by distance: the velocity and projection rules are
    /// what make these finish.
    case flick
    /// A drag past the threshold (42–75 %), then back to 5–38 %, still moving
    /// back at release. Intent `cancel`.
    case dragBack = "drag-back"
    /// A drag to 25–70 % that stops and rests 150–450 ms before release.
    ///
    /// Intent by position: `finish` from half the height on, `cancel` below
    /// (the person looks, then lets the position decide); the release
    /// velocity is about 0, so every decision rule falls back on the percent.
    case hesitate
    /// A drag like `slow-drag` with 1–3.5 pt of correlated positional noise,
    /// coarser timestamp jitter and more dropped frames. Intent `finish`.
    case noisyDrag = "noisy-drag"
    /// A mostly horizontal swipe (35–80 % of the width, little vertical
    /// travel). Intent `cancel`: on a pull-to-dismiss it is a carousel swipe or
    /// a swipe-back attempt, never a dismissal.
    case sideways
    /// A `slow-drag` over a scroll view at the top (offset 0, content longer
    /// than the container): exercises overscroll and `lockScroll`. Intent `finish`.
    case scrollTop = "scroll-top"
    /// A scroll view at a small offset (30 pt – a quarter of the height): the
    /// drag scrolls it to the top and the same drag continues by 32–70 % of
    /// the height. Intent `finish` (only `scrollGating: handoff` dismisses),
    /// and a guess: the same movement is also a scroll to the top that
    /// overshoots (docs/synthetic.md).
    case scrollHandoff = "scroll-handoff"
    /// A scroll view deep in its content (offset ≥ 0.8 × height) and a drag
    /// or fling that only scrolls it. Intent `cancel`.
    case scrollDeep = "scroll-deep"
    /// A drag past the threshold with a second finger down on the `down`
    /// sample or on moves before the touch slop. No intent: a second finger
    /// is as often a grip or a pinch as a dismissal (docs/synthetic.md); the
    /// default `maximumNumberOfTouches` of 1 fails these (`tooManyTouches`).
    case twoFinger = "two-finger"
    /// A drag interrupted by the system: the last sample is `cancel`. No
    /// intent: the person's is unknown, and every config cancels it.
    case systemCancel = "system-cancel"
    /// A tap: a press of 50–180 ms that moves at most a few points. Intent `cancel`.
    case tap
    /// A sheet at `large` dragged slowly down until it is near `medium`,
    /// resting before the lift. Intent `medium` (docs/model.md §4.10).
    case sheetSettle = "sheet-settle"
    /// A sheet at `large` flicked down a short way. Intent `medium`: the
    /// complaint "a flick down closed it instead of dropping it to half".
    case sheetFlick = "sheet-flick"
    /// A sheet at `large` dragged fast most of the way down. Intent `finish`.
    case sheetClose = "sheet-close"
    /// A sheet at `medium` dragged up. Intent `large`.
    case sheetExpand = "sheet-expand"
    /// A sheet at either detent pulled a little and let go back. Intent `cancel`.
    case sheetPeek = "sheet-peek"

    /// The families of the default corpus, in a fixed order (the
    /// docs/synthetic.md ones first): every family without detents, so that
    /// a seed gives the corpus it always gave.
    public static var all: [SyntheticFamily] { allCases.filter { !$0.hasDetents } }

    /// The families of sheets with detents (docs/synthetic.md "Sheets with detents").
    public static var sheets: [SyntheticFamily] { allCases.filter(\.hasDetents) }

    /// Every family's name, in the order of ``all``.
    public static var names: [String] { allCases.map(\.rawValue) }

    /// The family's stable lowercase name, e.g. `scroll-handoff`.
    public var name: String { rawValue }

    /// The family called `name`.
    ///
    /// - Throws: ``SyntheticFamilyError/unknownFamily(_:valid:)`` listing the
    ///   valid names, for the command line to report as a usage error.
    public init(name: String) throws(SyntheticFamilyError) {
        guard let family = SyntheticFamily(rawValue: name) else {
            throw .unknownFamily(name, valid: Self.names)
        }
        self = family
    }

    /// A 64-bit code derived from the name (FNV-1a), mixed into each trace's
    /// random stream; it does not depend on the order of the cases.
    var streamCode: UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in rawValue.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}

extension SyntheticFamily: CustomStringConvertible {
    /// The family's name.
    public var description: String { rawValue }
}

/// A family name that does not exist.
public enum SyntheticFamilyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `name` is not a family; `valid` lists every family's name.
    case unknownFamily(String, valid: [String])

    /// A message naming the bad family and every valid one.
    public var description: String {
        switch self {
        case .unknownFamily(let name, let valid):
            "unknown synthetic family '\(name)'; valid families: \(valid.joined(separator: ", "))"
        }
    }
}
