import PanTraceModel

/// One sweep of a tune: a config key and the values to try for it (docs/commands.md §7.5).
///
/// Two forms: a range of numbers, `threshold=0.2:0.6:0.1` (the values
/// `FROM + i × STEP` while `≤ TO + STEP × 1e-9`), and a list,
/// `decision=threshold,velocity` (any key of docs/configs.md except `name`, words
/// included). Every value is checked by the config's own rules for the key,
/// so a sweep never holds a value that a `key=value` override (`Config.apply(override:)`) would refuse.
///
/// ```swift
/// let sweep = try Sweep(parsing: "threshold=0.2:0.6:0.1")
/// sweep.values     // ["0.2", "0.3", "0.4", "0.5", "0.6"]
/// sweep.settings   // [.number(0.2), .number(0.3), …]
/// ```
public struct Sweep: Equatable, Hashable, Sendable {
    /// The most values one sweep or a whole grid may have (docs/commands.md §7.5).
    public static let maximumCombinations = 1_000_000

    /// The keys that take a number, and so a `FROM:TO:STEP` range.
    static let numericKeys = Set(ConfigKey.all.filter(\.isNumeric).map(\.name))

    /// The sweep as typed (`threshold=0.2:0.6:0.1`).
    public let text: String
    /// The config key (`threshold`).
    public let key: String
    /// The values in order, each as `Config/setting(_:)` writes it and
    /// a `key=value` override reads it back (`0.3`, `velocity`, `auto`, `true`).
    public let values: [String]
    /// The values in order, typed as the key holds them: a candidate's
    /// config is written from these (`ConfigKey/assign(_:to:)`), never
    /// read again from ``values``.
    public let settings: [SettingValue]
    /// The key's entry in `ConfigKey/all`.
    let keyIndex: Int

    /// The swept key's entry (docs/configs.md).
    public var configKey: ConfigKey { ConfigKey.all[keyIndex] }

    /// Writes value `index` of the sweep into `config`.
    @inline(__always)
    public func assign(_ index: Int, to config: inout Config) {
        ConfigKey.all[keyIndex].put(&config, settings[index])
    }

    /// Reads `KEY=FROM:TO:STEP` or `KEY=V1,V2,…`.
    ///
    /// - Throws: a ``SweepError`` naming the key for a missing `=`, an
    ///   unknown key (with a suggestion), `name`, a value docs/configs.md does not
    ///   allow, a range that is reversed or empty, a step that is not > 0,
    ///   or more than ``maximumCombinations`` values.
    public init(parsing text: String) throws(SweepError) {
        guard let equals = text.firstIndex(of: "=") else {
            throw SweepError(sweep: text, key: "", reason: "expected KEY=FROM:TO:STEP or KEY=V1,V2,…, e.g. threshold=0.2:0.6:0.05")
        }
        let key = String(text[..<equals])
        let spec = String(text[text.index(after: equals)...])
        try Self.checkKey(key, sweep: text)
        let raw: [String]
        if spec.contains(":") {
            raw = try Self.range(spec, key: key, sweep: text)
        } else {
            raw = spec.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard raw.count <= Self.maximumCombinations else {
                throw SweepError(sweep: text, key: key, reason: "\(raw.count) values, at most \(Self.maximumCombinations)")
            }
        }
        self.text = text
        self.key = key
        keyIndex = Self.index(of: key)
        // A range's values are strictly increasing doubles (``range(_:key:sweep:)``), so distinct.
        (values, settings) = try Self.canonical(raw, key: key, sweep: text, listed: !spec.contains(":"))
    }

    /// A sweep of `key` over `values` (each as a `key=value` override takes it).
    ///
    /// - Throws: a ``SweepError`` as ``init(parsing:)`` does.
    public init(key: String, values: [String]) throws(SweepError) {
        let text = key + "=" + values.joined(separator: ",")
        try Self.checkKey(key, sweep: text)
        self.text = text
        self.key = key
        keyIndex = Self.index(of: key)
        (self.values, settings) = try Self.canonical(values, key: key, sweep: text, listed: true)
    }

    /// The index in `ConfigKey/all` of a key ``checkKey(_:sweep:)`` accepted.
    private static func index(of key: String) -> Int {
        ConfigKey.all.firstIndex { $0.name.isScalarEqual(to: key) } ?? 0
    }

    private static func checkKey(_ key: String, sweep: String) throws(SweepError) {
        guard Config.keys.contains(key) else {
            throw SweepError(sweep: sweep, key: key, reason: KeySuggestion.unknownKeyReason(key, among: Config.keys))
        }
        guard key != "name" else {
            throw SweepError(sweep: sweep, key: key, reason: "the name is not a setting and cannot be swept")
        }
    }

    /// Each value checked by docs/configs.md's rule for `key` and written canonically;
    /// a `listed` value given twice (`0.3,0.30`) is refused.
    private static func canonical(
        _ raw: [String], key: String, sweep: String, listed: Bool
    ) throws(SweepError) -> (values: [String], settings: [SettingValue]) {
        guard !(raw.count == 1 && raw[0].isEmpty) else {
            throw SweepError(sweep: sweep, key: key, reason: "no values: expected FROM:TO:STEP or V1,V2,…")
        }
        var scratch = Config()
        let entry = ConfigKey.all[index(of: key)]
        var values: [String] = []
        var settings: [SettingValue] = []
        values.reserveCapacity(raw.count)
        settings.reserveCapacity(raw.count)
        var seen: [String: Int] = [:]
        for value in raw {
            do {
                try scratch.set(key, .text(value))
            } catch {
                throw SweepError(sweep: sweep, key: key, reason: error.reason)
            }
            let setting = entry.value(in: scratch)
            let canonical = setting.text
            if listed, let earlier = seen.updateValue(values.count, forKey: canonical) {
                throw SweepError(
                    sweep: sweep, key: key,
                    reason: "\(canonical) is listed twice (values \(earlier + 1) and \(values.count + 1)); list each value once")
            }
            values.append(canonical)
            settings.append(setting)
        }
        return (values, settings)
    }

    /// docs/commands.md §7.5: `FROM + i × STEP` for `i = 0, 1, …` while `≤ TO + STEP × 1e-9`.
    ///
    /// The count follows that rule in doubles; each value is the double
    /// nearest the exact decimal `FROM + i × STEP` when FROM and STEP are
    /// plain decimals (so `0.2:0.6:0.1` gives 0.3, not 0.30000000000000004,
    /// and a sweep value means what the same override means).
    private static func range(_ spec: String, key: String, sweep: String) throws(SweepError) -> [String] {
        func failure(_ reason: String) -> SweepError { SweepError(sweep: sweep, key: key, reason: reason) }
        guard numericKeys.contains(key) else {
            throw failure("takes words, not a range: list the values, e.g. \(key)=\(exampleList(key))")
        }
        let parts = spec.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else { throw failure("expected FROM:TO:STEP, e.g. \(key)=\(exampleRange(key))") }
        var numbers: [Double] = []
        for (part, name) in zip(parts, ["FROM", "TO", "STEP"]) {
            guard DecimalText(part) != nil, let value = Double(part), value.isFinite else {
                throw failure("\(name) \(JSONWriter.string(part)) is not a number")
            }
            // Read exactly or refused, as every number is: `1e-400` is not 0.
            if value == 0, part.prefix(while: { $0 != "e" && $0 != "E" }).contains(where: { ("1"..."9").contains($0) }) {
                throw failure("\(name) \(JSONWriter.string(part)) is too small for a double (it rounds to 0)")
            }
            numbers.append(value)
        }
        let (from, to, step) = (numbers[0], numbers[1], numbers[2])
        guard step > 0 else { throw failure("the step must be > 0, found \(JSONWriter.number(step))") }
        let limit = to + step * 1e-9
        guard from <= limit else {
            throw failure("the range is empty: FROM \(JSONWriter.number(from)) is above TO \(JSONWriter.number(to))")
        }
        // The count first, exactly, with every loop bounded by construction
        // (docs/configs.md, "Sweeps"): `FROM + i × STEP` never decreases as
        // `i` grows, so the last `i` within the limit is found by bisection
        // over `0 … maximumCombinations`, whatever FROM and STEP are (a STEP
        // of 5e-324 that leaves FROM unchanged, a span that overflows).
        func within(_ i: Int) -> Bool {
            let value = from + Double(i) * step
            return value.isFinite && value <= limit
        }
        // A step that FROM absorbs would make every value FROM.
        guard from + step > from else {
            throw failure(
                "the step \(parts[2]) is too small for values near \(JSONWriter.number(from)): "
                    + "values 1 and 2 are the same double; use a larger step")
        }
        guard !within(maximumCombinations) else {
            throw failure("more than \(maximumCombinations) values; use a larger step")
        }
        var low = 0  // within
        var high = maximumCombinations  // not within
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if within(middle) { low = middle } else { high = middle }
        }
        let count = low + 1
        let exact = DecimalText(parts[0]).flatMap { start in DecimalText(parts[2]).map { (start, $0) } }
        var values: [String] = []
        values.reserveCapacity(count)
        var previous: Double?
        for i in 0..<count {
            let value = exact.flatMap { start, stride in DecimalText.value(start, plus: i, times: stride) }
                ?? from + Double(i) * step
            // Two steps that land on one double would be one candidate twice,
            // and its neighbours (docs/configs.md) would be itself.
            if let previous, !(value > previous) {
                throw failure(
                    "the step \(parts[2]) is too small for values near \(JSONWriter.number(value)): "
                        + "values \(i) and \(i + 1) are the same double; use a larger step")
            }
            previous = value
            values.append(JSONWriter.number(value))
        }
        return values
    }

    private static func exampleRange(_ key: String) -> String {
        ConfigKey.named(key)?.sweepExample ?? "200:3000:100"
    }

    private static func exampleList(_ key: String) -> String {
        ConfigKey.named(key)?.sweepExample ?? "true,false"
    }
}
