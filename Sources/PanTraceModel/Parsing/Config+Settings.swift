/// A value for one config key: a JSON value from a file, or the text after
/// `=` in a `key=value` override (typed by the key).
package enum SettingInput {
    case json(JSONNode)
    case text(String)
}

extension Config {
    /// The longest allowed `name`, in Unicode scalars (docs/configs.md: 1–100 characters).
    public static let maximumNameLength = 100

    /// Sets `key` from `input`, enforcing docs/configs.md's type and range for that key.
    ///
    /// Unknown keys are the caller's to reject (they have the suggestion list).
    package mutating func set(_ key: String, _ input: SettingInput) throws(SettingIssue) {
        guard let entry = ConfigKey.named(key) else {
            throw SettingIssue(reason: KeySuggestion.unknownKeyReason(key, among: ConfigKey.names))
        }
        try entry.write(&self, input)
    }

    // MARK: One reader per kind of value

    static func name(_ input: SettingInput) throws(SettingIssue) -> String {
        let text: String
        switch input {
        case .text(let typed): text = typed
        case .json(let node):
            guard let string = node.string else { throw mismatch("a string", input) }
            text = string
        }
        if let issue = ExactName.issue(in: text, maximumLength: maximumNameLength) {
            throw SettingIssue(reason: issue)
        }
        return text
    }

    static func word<Word: RawRepresentable & CaseIterable>(
        _ input: SettingInput, _: Word.Type
    ) throws(SettingIssue) -> Word where Word.RawValue == String {
        let text: String?
        switch input {
        case .text(let typed): text = typed
        case .json(let node): text = node.string
        }
        guard let text, let word = Word(rawValue: text) else {
            let words = Word.allCases.map { "`\($0.rawValue)`" }
            throw mismatch("one of " + words.joined(separator: ", "), input)
        }
        return word
    }

    static func boolean(_ input: SettingInput) throws(SettingIssue) -> Bool {
        switch input {
        case .text("true"): return true
        case .text("false"): return false
        case .json(let node):
            if case .bool(let flag) = node.value { return flag }
        case .text: break
        }
        throw mismatch("`true` or `false`", input)
    }

    static func number(_ input: SettingInput, _ range: NumberRange) throws(SettingIssue) -> Double {
        guard let value = numericValue(input) else { throw mismatch("a number \(range)", input) }
        guard range.contains(value) else {
            throw SettingIssue(reason: "must be \(range), found \(JSONWriter.number(value))")
        }
        return value
    }

    static func integer(_ input: SettingInput, atLeast minimum: Int) throws(SettingIssue) -> Int {
        guard let value = numericValue(input) else { throw mismatch("an integer ≥ \(minimum)", input) }
        let isExact =
            switch input {
            case .json(let node): node.number?.isExactInteger ?? false
            case .text(let text): JSONNumber.exactInteger(literal: text.utf8) != nil
            }
        if !isExact, value == value.rounded(.towardZero) {
            throw SettingIssue(reason: JSONNumber.inexactIntegerReason(atLeast: minimum, rounded: value))
        }
        guard let integer = Int(exactly: value), integer >= minimum else {
            throw SettingIssue(reason: "must be an integer ≥ \(minimum), found \(JSONWriter.number(value))")
        }
        return integer
    }

    static func extent(_ input: SettingInput) throws(SettingIssue) -> Double? {
        switch input {
        case .text("auto"): return nil
        case .json(let node) where node.string == "auto": return nil
        default: break
        }
        guard let value = numericValue(input) else { throw mismatch("`auto` or a number > 0", input) }
        guard value > 0 else { throw SettingIssue(reason: "must be `auto` or a number > 0, found \(JSONWriter.number(value))") }
        return value
    }

    /// A finite number: a JSON number, or override text that reads as one
    /// (`0.3`, `.3`, `3e-1`; never `nan`, `inf` or hexadecimal).
    private static func numericValue(_ input: SettingInput) -> Double? {
        switch input {
        case .json(let node):
            return node.number?.value
        case .text(let text):
            if let number = try? JSONParser.parse(text).number { return number.value }
            let allowed = text.utf8.allSatisfy { byte in
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "+-.eE".utf8.contains(byte)
            }
            guard allowed, let value = Double(text), value.isFinite else { return nil }
            // Read exactly or refused, as JSON numbers are: `1e-400` is not 0.
            let significand = text.utf8.prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
            if value == 0, significand.contains(where: { (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) }) { return nil }
            return value
        }
    }

    private static func mismatch(_ expected: String, _ input: SettingInput) -> SettingIssue {
        switch input {
        case .json(let node): SettingIssue(reason: "expected \(expected), found \(TraceDecoder.describe(node))")
        case .text(let text): SettingIssue(reason: "expected \(expected), found \(JSONWriter.string(text))")
        }
    }
}
