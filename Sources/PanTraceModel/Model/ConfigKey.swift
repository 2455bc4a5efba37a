/// One key of a config (docs/configs.md): its name, where it lives in
/// ``Config``, its kind and range, which decision rules read it, its default
/// and one line of documentation.
///
/// ``ConfigKey/all`` is the one list of keys: parsing a file, overrides, the
/// canonical JSON (a config's identity in the store), sweeps and the table
/// in docs/configs.md are all driven by it. Adding a key is one entry here,
/// a stored property of ``Config`` and, when the simulation reads it, the
/// rule that reads it (docs/architecture.md).
public struct ConfigKey: @unchecked Sendable {
    /// The kind of value a key takes.
    public enum Kind: Sendable {
        /// Any text of 1–100 characters (`name`).
        case name
        /// One of these words.
        case word([String])
        /// A finite number in a range.
        case number(NumberRange)
        /// An integer ≥ the bound.
        case integer(atLeast: Int)
        /// `true` or `false`.
        case boolean
        /// `auto` or a number > 0 (`extent`).
        case extent
    }

    /// What a key can change (docs/architecture.md: how `tune` and `compare`
    /// share one simulation among configs).
    public enum Stage: Sendable {
        /// Where the gesture goes: recognition, arbitration, percent, velocity.
        case trajectory
        /// Only the decision at the lift (docs/model.md §4.6).
        case lift
        /// Neither: only `settle`, `tracking_error` or the scroll view's offset
        /// (docs/model.md §4.3, §4.7, §4.8), or nothing (`name`).
        case aftermath
    }

    /// The key as written in a file and in a `key=value` override (`threshold`).
    public let name: String
    /// Its kind and range.
    public let kind: Kind
    /// What it can change.
    public let stage: Stage
    /// The decision rules that read it; `nil` when it does not depend on the
    /// rule (docs/model.md §4.6).
    public let readBy: [DecisionRule]?
    /// True for a key read only for traces with detents (docs/model.md §4.10):
    /// inert over traces without.
    public let detentsOnly: Bool
    /// The unit in docs/configs.md's table (`pt`, `pt/s`, `s`), or empty.
    public let unit: String
    /// A range or list to show in a sweep's example (`0.2:0.6:0.05`).
    public let sweepExample: String
    /// One line for docs/configs.md.
    public let summary: String
    /// What docs/configs.md adds to the range (`≤ 1 with thresholdUnit: fraction`).
    public let rangeNote: String
    package let read: (Config) -> String
    package let write: (inout Config, SettingInput) throws(SettingIssue) -> Void
    /// Copies the key's value from the second config into the first.
    package let copy: (inout Config, Config) -> Void
    /// The key's typed value in a config.
    package let get: (Config) -> SettingValue
    /// Writes a typed value of the key's own kind (one `get` gave or a
    /// sweep checked); a value of another kind changes nothing.
    package let put: (inout Config, SettingValue) -> Void
    /// True for a config under which the key is not read although its rule
    /// reads it (`stepVelocity` and `maxSteps` when projection and
    /// look-ahead step from the release: docs/model.md §4.10); `nil` when never.
    public internal(set) var unreadUnder: (@Sendable (Config) -> Bool)? = nil

    /// The key's typed value in `config` (what a sweep's candidates carry).
    public func value(in config: Config) -> SettingValue { get(config) }

    /// Writes `value`, of this key's kind, into `config`: no text is read
    /// again (a value of another kind changes nothing).
    public func assign(_ value: SettingValue, to config: inout Config) { put(&config, value) }

    /// The key's value in `config` as a person reads it and a `key=value` override takes it.
    public func text(in config: Config) -> String { read(config) }

    /// The key's value in `config` as JSON text (`0.4`, `"auto"`, `true`).
    public func json(in config: Config) -> String {
        let value = read(config)
        switch kind {
        case .name: return JSONWriter.string(value)
        case .word: return "\"" + value + "\""
        case .extent: return value == "auto" ? "\"auto\"" : value
        case .number, .integer, .boolean: return value
        }
    }

    /// True for a key that takes a number (and so a `FROM:TO:STEP` sweep).
    public var isNumeric: Bool {
        switch kind {
        case .number, .integer, .extent: true
        case .name, .word, .boolean: false
        }
    }

    /// The default, as docs/configs.md shows it.
    public var defaultText: String { read(Config()) }

    /// The allowed values, as docs/configs.md shows them.
    public var allowed: String {
        let text: String
        switch kind {
        case .name: text = "1–100 characters"
        case .word(let words): text = words.map { "`\($0)`" }.joined(separator: ", ")
        case .number(let range): text = range.description + (unit.isEmpty ? "" : " " + unit)
        case .integer(let minimum): text = "integer ≥ \(minimum)"
        case .boolean: text = "boolean"
        case .extent: text = "`auto` or > 0 " + unit
        }
        return rangeNote.isEmpty ? text : text + "; " + rangeNote
    }

    /// "every rule", or the rules that read the key (`velocity`).
    public var readers: String {
        guard let readBy else { return detentsOnly ? "every rule (detents only)" : "every rule" }
        let rules = readBy.map { "`\($0.rawValue)`" }.joined(separator: ", ")
        return detentsOnly ? rules + " (detents only)" : rules
    }

    /// True when the rule `rule` reads the key for a set of traces that
    /// has detents (`withDetents`) or not: `tune`'s inert keys follow from it.
    public func isRead(by rule: DecisionRule, withDetents: Bool) -> Bool {
        if detentsOnly && !withDetents { return false }
        return readBy.map { $0.contains(rule) } ?? true
    }

    /// True when a candidate `config` reads the key, for a set of traces
    /// that has detents (`withDetents`) or not: its rule reads it and none
    /// of its other settings sets it aside (``unreadUnder``).
    public func isRead(in config: Config, withDetents: Bool) -> Bool {
        isRead(by: config.decision, withDetents: withDetents) && !(unreadUnder?(config) ?? false)
    }

    /// True under `projection` and `lookahead` with `stepOrigin: release`
    /// (docs/model.md §4.10 "From the release" replaces Step and At most).
    static let stepsFromTheRelease: @Sendable (Config) -> Bool = { config in
        config.stepOrigin == .release && (config.decision == .projection || config.decision == .lookahead)
    }
}

/// A range of numbers with open or closed ends (`> 0 and ≤ 1`).
public struct NumberRange: Sendable, CustomStringConvertible {
    public var lower: Double
    public var lowerIncluded: Bool
    public var upper: Double?
    public var upperIncluded: Bool

    /// True when `value` lies in the range.
    public func contains(_ value: Double) -> Bool {
        guard lowerIncluded ? value >= lower : value > lower else { return false }
        guard let upper else { return true }
        return upperIncluded ? value <= upper : value < upper
    }

    /// `≥ 0`, `> 0 and < 1`.
    public var description: String {
        var text = (lowerIncluded ? "≥ " : "> ") + JSONWriter.number(lower)
        if let upper { text += (upperIncluded ? " and ≤ " : " and < ") + JSONWriter.number(upper) }
        return text
    }

    static func above(_ lower: Double, atMost upper: Double? = nil, below: Double? = nil) -> NumberRange {
        NumberRange(lower: lower, lowerIncluded: false, upper: upper ?? below, upperIncluded: upper != nil)
    }

    static func atLeast(_ lower: Double) -> NumberRange {
        NumberRange(lower: lower, lowerIncluded: true, upper: nil, upperIncluded: false)
    }
}

extension ConfigKey {
    /// The key called `name`, or `nil`.
    public static func named(_ name: String) -> ConfigKey? {
        all.first { $0.name.isScalarEqual(to: name) }
    }

    /// The names of every key, in docs/configs.md's order.
    public static let names = all.map(\.name)

    /// Every key, in docs/configs.md's order: the order of the canonical JSON.
    public static let all: [ConfigKey] = [
        ConfigKey(
            name: "name", kind: .name, stage: .aftermath, readBy: nil, detentsOnly: false, unit: "", sweepExample: "",
            summary: "shown in reports and the `decisions` view", rangeNote: "",
            read: { $0.name }, write: { config, input throws(SettingIssue) in config.name = try Config.name(input) },
            copy: { $0.name = $1.name }, get: { .name($0.name) },
            put: { if case .name(let name) = $1 { $0.name = name } }),
        word("interaction", \.interaction, .trajectory, "the axis and direction: y down, x right, y up"),
        number(
            "touchSlop", \.touchSlop, .atLeast(0), .trajectory, unit: "pt", example: "0:20:2",
            "distance from the down before the pan begins"),
        number(
            "edgeWidth", \.edgeWidth, .atLeast(0), .trajectory, unit: "pt", example: "0:60:10",
            note: "0 = anywhere",
            "a screen-edge pan: a `down` farther from the edge fails (`outsideEdge`); read under `swipe-back` and "
                + "`pull-up-present`"),
        ConfigKey(
            name: "maximumNumberOfTouches", kind: .integer(atLeast: 1), stage: .trajectory, readBy: nil, detentsOnly: false, unit: "",
            sweepExample: "1:3:1", summary: "more fingers while possible: the pan fails", rangeNote: "",
            read: { String($0.maximumNumberOfTouches) },
            write: { config, input throws(SettingIssue) in
                config.maximumNumberOfTouches = try Config.integer(input, atLeast: 1)
            },
            copy: { $0.maximumNumberOfTouches = $1.maximumNumberOfTouches }, get: { .integer($0.maximumNumberOfTouches) },
            put: { if case .integer(let value) = $1 { $0.maximumNumberOfTouches = value } }),
        ConfigKey(
            name: "extent", kind: .extent, stage: .trajectory, readBy: nil, detentsOnly: false, unit: "pt", sweepExample: "400:900:100",
            summary: "the distance that is 100 %; `auto` is the container's height (width for swipe-back)",
            rangeNote: "", read: { $0.extent.map(JSONWriter.number) ?? "auto" },
            write: { config, input throws(SettingIssue) in config.extent = try Config.extent(input) },
            copy: { $0.extent = $1.extent }, get: { .extent($0.extent) },
            put: { if case .extent(let value) = $1 { $0.extent = value } }),
        number(
            "threshold", \.threshold, .above(0), .lift, unit: "", example: "0.2:0.6:0.05",
            note: "≤ 1 with `thresholdUnit: fraction`",
            "where a release finishes: a fraction of the extent, or points with `thresholdUnit: points`"),
        word(
            "thresholdUnit", \.thresholdUnit, .lift,
            "`threshold` as a fraction of the extent, or a distance (`T = threshold / E`, as Material's 56 dp)"),
        word("decision", \.decision, .lift, "how a release decides ([model.md §4.6](model.md#46-decision))"),
        number(
            "flickVelocity", \.flickVelocity, .above(0), .lift, readBy: [.velocity], unit: "", example: "200:3000:100",
            note: "in `flickVelocityUnit`",
            "faster finishes; with `reverseFlick`, as fast backwards cancels"),
        word(
            "flickVelocityUnit", \.flickVelocityUnit, .lift, readBy: [.velocity],
            "`flickVelocity` in pt/s, extents per second, or the distance still to go per second"),
        boolean(
            "reverseFlick", \.reverseFlick, .lift, readBy: [.velocity],
            "a release as fast backwards (`v ≤ −F`) cancels"),
        number(
            "decelerationRate", \.decelerationRate, .above(0, below: 1), .lift, readBy: [.projection], unit: "",
            example: "0.99:0.999:0.001", "`UIScrollView.DecelerationRate.normal` is 0.998"),
        number(
            "lookahead", \.lookahead, .above(0, atMost: 10), .lift, readBy: [.lookahead], unit: "s",
            example: "0.1:0.5:0.1", "seconds ahead at the release speed (React Navigation's 0.3)"),
        number(
            "stepVelocity", \.stepVelocity, .atLeast(0), .lift, readBy: [.projection, .lookahead], detentsOnly: true,
            unit: "pt/s", example: "0:2000:250", note: "0 = off", unreadUnder: stepsFromTheRelease,
            "a release this fast moves one detent further than the nearest (UIKit's sheet: 1000) "
                + "([model.md §4.10](model.md#410-detents))"),
        ConfigKey(
            name: "maxSteps", kind: .integer(atLeast: 0), stage: .lift, readBy: nil, detentsOnly: true, unit: "",
            sweepExample: "0:2:1", summary: "the most detents a release moves from its start, dismissal counted; 0 = no limit",
            rangeNote: "0 = no limit", read: { String($0.maxSteps) },
            write: { config, input throws(SettingIssue) in config.maxSteps = try Config.integer(input, atLeast: 0) },
            copy: { $0.maxSteps = $1.maxSteps }, get: { .integer($0.maxSteps) },
            put: { if case .integer(let value) = $1 { $0.maxSteps = value } }, unreadUnder: stepsFromTheRelease),
        word(
            "stepOrigin", \.stepOrigin, .lift, readBy: [.projection, .lookahead], detentsOnly: true,
            "`release`: at most one detent from where the finger lifts, counted from there "
                + "(FloatingPanel's `targetState`; [model.md §4.10](model.md#410-detents))"),
        boolean(
            "dismissible", \.dismissible, .lift, detentsOnly: true,
            "`false`: a sheet with detents has no dismissal anchor ([model.md §4.10](model.md#410-detents))"),
        boolean(
            "scrollExpands", \.scrollExpands, .trajectory, detentsOnly: true,
            "a sheet below its tallest detent pulled up on its list expands first "
                + "(`prefersScrollingExpandsWhenScrolledToEdge`; [model.md §4.3](model.md#43-scroll-arbitration))"),
        word(
            "velocityEstimator", \.velocityEstimator, .trajectory, readBy: [.velocity, .projection, .lookahead],
            "release velocity: iOS's `velocity(in:)`, Android's and Flutter's least squares, the last segment, "
                + "or Android's impulse ([model.md §4.5](model.md#45-velocity))"),
        word("scrollGating", \.scrollGating, .trajectory, "who gets the pan when a scroll view is embedded"),
        boolean("lockScroll", \.lockScroll, .aftermath, "`offsetAtBegin`: hold the scroll view while the transition runs"),
        boolean("guarded", \.guarded, .lift, "`isModalInPresentation`: a finish becomes `cancel`/`guarded`"),
        number(
            "duration", \.duration, .above(0), .aftermath, unit: "s", example: "0.2:0.6:0.1",
            "animation duration (settle time)"),
        number(
            "completionSpeed", \.completionSpeed, .above(0), .aftermath, unit: "", example: "0.5:2:0.5",
            "`completionSpeed` of the transition"),
        word("curve", \.curve, .aftermath, "the animation's timing curve (tracking error)"),
    ]

    private static func number(
        _ name: String, _ path: WritableKeyPath<Config, Double>, _ range: NumberRange, _ stage: Stage,
        readBy: [DecisionRule]? = nil, detentsOnly: Bool = false, unit: String, example: String, note: String = "",
        unreadUnder: (@Sendable (Config) -> Bool)? = nil, _ summary: String
    ) -> ConfigKey {
        ConfigKey(
            name: name, kind: .number(range), stage: stage, readBy: readBy, detentsOnly: detentsOnly, unit: unit, sweepExample: example,
            summary: summary, rangeNote: note, read: { JSONWriter.number($0[keyPath: path]) },
            write: { config, input throws(SettingIssue) in config[keyPath: path] = try Config.number(input, range) },
            copy: { $0[keyPath: path] = $1[keyPath: path] }, get: { .number($0[keyPath: path]) },
            put: { if case .number(let value) = $1 { $0[keyPath: path] = value } }, unreadUnder: unreadUnder)
    }

    private static func word<Word: RawRepresentable & CaseIterable>(
        _ name: String, _ path: WritableKeyPath<Config, Word>, _ stage: Stage, readBy: [DecisionRule]? = nil,
        detentsOnly: Bool = false, _ summary: String
    ) -> ConfigKey where Word.RawValue == String {
        let words = Word.allCases.map(\.rawValue)
        return ConfigKey(
            name: name, kind: .word(words), stage: stage, readBy: readBy, detentsOnly: detentsOnly, unit: "",
            sweepExample: words.joined(separator: ","), summary: summary, rangeNote: "",
            read: { $0[keyPath: path].rawValue },
            write: { config, input throws(SettingIssue) in config[keyPath: path] = try Config.word(input, Word.self) },
            copy: { $0[keyPath: path] = $1[keyPath: path] }, get: { .word($0[keyPath: path].rawValue) },
            put: { if case .word(let raw) = $1, let word = Word(rawValue: raw) { $0[keyPath: path] = word } })
    }

    private static func boolean(
        _ name: String, _ path: WritableKeyPath<Config, Bool>, _ stage: Stage, readBy: [DecisionRule]? = nil,
        detentsOnly: Bool = false, _ summary: String
    ) -> ConfigKey {
        ConfigKey(
            name: name, kind: .boolean, stage: stage, readBy: readBy, detentsOnly: detentsOnly, unit: "", sweepExample: "true,false",
            summary: summary, rangeNote: "", read: { String($0[keyPath: path]) },
            write: { config, input throws(SettingIssue) in config[keyPath: path] = try Config.boolean(input) },
            copy: { $0[keyPath: path] = $1[keyPath: path] }, get: { .boolean($0[keyPath: path]) },
            put: { if case .boolean(let value) = $1 { $0[keyPath: path] = value } })
    }
}

extension ConfigKey {
    /// The table of docs/configs.md, generated from ``all`` (a test checks
    /// that the page holds exactly this table).
    public static func markdownTable() -> String {
        var lines = ["| key | default | allowed | read by | meaning |", "| --- | --- | --- | --- | --- |"]
        for key in all {
            let value =
                switch key.kind {
                case .name, .word, .extent: "`\(key.defaultText)`"
                case .number, .integer, .boolean: key.defaultText
                }
            lines.append("| `\(key.name)` | \(value) | \(key.allowed) | \(key.readers) | \(key.summary) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
