/// Turns one parsed JSON line into a `Trace`, checking keys and types (docs/model.md §3).
///
/// The value rules (lengths, ranges, phase order, time order) are
/// ``Trace/validate()``'s, so that decoded and hand-built traces obey one
/// set of checks.
enum TraceDecoder {
    /// The keys of a trace object, in the order `jsonLine()` writes them.
    static let traceKeys = [
        "name", "width", "height", "scrollOffset", "scrollContent", "detents", "detent", "intent", "intentSource", "observed",
        "observedSource", "meta",
        "samples",
    ]
    /// The keys of a sample object, in the order `jsonLine()` writes them.
    static let sampleKeys = ["t", "x", "y", "phase", "touches"]

    /// Decodes and validates the trace on one line; `nil` for a blank line.
    static func decode(line: UnsafeBufferPointer<UInt8>) throws(TraceIssue) -> Trace? {
        guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return nil }
        let root: JSONNode
        do {
            root = try JSONParser.parse(line)
        } catch {
            throw TraceIssue(keyPath: error.path.keyPath, reason: "invalid JSON: \(error.reason) (column \(error.column))")
        }
        let trace = try decode(root, in: line)
        try trace.checkRules(checkingMeta: false)
        if line.count > InputLimits.exportCheckedAboveBytes { try InputLimits.requireExportable(trace) }
        return trace
    }

    /// Decodes a trace object whose text is in `bytes` (for `meta`'s verbatim text).
    static func decode(_ root: JSONNode, in bytes: UnsafeBufferPointer<UInt8>) throws(TraceIssue) -> Trace {
        guard let members = root.members else {
            throw TraceIssue(keyPath: "", reason: "expected a JSON object (one trace per line), found \(describe(root))")
        }
        var name: String?
        var width: Double?
        var height: Double?
        var samples: [Sample]?
        var intentWord: String?
        var observedWord: String?
        var trace = Trace(name: "", width: 0, height: 0, samples: [])
        for member in members {
            let node = member.node
            switch member.key {
            case "name": name = try string(node, at: "name")
            case "width": width = try number(node, at: "width")
            case "height": height = try number(node, at: "height")
            case "scrollOffset": trace.scrollOffset = try number(node, at: "scrollOffset")
            case "scrollContent": trace.scrollContent = try number(node, at: "scrollContent")
            case "intent":
                guard let word = node.string else {
                    throw mismatch("`finish` or `cancel` (or, with `detents`, a detent's name)", node, at: "intent")
                }
                intentWord = word
            case "detents":
                guard let entries = node.members else { throw mismatch("an object of detent names and heights", node, at: "detents") }
                var detents: [Detent] = []
                for entry in entries {
                    guard let height = entry.node.number?.value else {
                        throw mismatch("a height (a number > 0 and ≤ 1)", entry.node, at: "detents." + entry.key)
                    }
                    detents.append(Detent(name: entry.key, height: height))
                }
                trace.detents = detents
            case "detent":
                trace.startDetent = try string(node, at: "detent")
            case "intentSource":
                guard let word = node.string, let source = IntentSource(rawValue: word) else {
                    throw mismatch("`person`, `inferred` or `synthetic`", node, at: "intentSource")
                }
                trace.intentSource = source
            case "observed":
                guard let word = node.string else {
                    throw mismatch("`finish`, `cancel` or `none` (or, with `detents`, `finish` or a detent's name)", node, at: "observed")
                }
                observedWord = word
            case "observedSource":
                guard let word = node.string, let source = ObservedSource(rawValue: word) else {
                    throw mismatch("`app`, `device` or `synthetic`", node, at: "observedSource")
                }
                trace.observedSource = source
            case "meta":
                guard node.members != nil else { throw mismatch("an object", node, at: "meta") }
                trace.meta = Trace.oneLine(meta: String(decoding: UnsafeBufferPointer(rebasing: bytes[node.range]), as: UTF8.self))
                trace.family = node["family"]?.string
            case "samples":
                samples = try decodeSamples(node)
            default:
                throw TraceIssue(keyPath: member.key, reason: KeySuggestion.unknownKeyReason(member.key, among: traceKeys))
            }
        }
        guard let name else { throw missing("name") }
        guard let width else { throw missing("width") }
        guard let height else { throw missing("height") }
        guard let samples else { throw missing("samples") }
        trace.name = name
        trace.width = width
        trace.height = height
        trace.samples = samples
        if let intentWord {
            // docs/model.md §3: a detent's name is an intent only beside `detents` (checked by the rules).
            trace.intent = Intent(rawValue: intentWord) ?? Intent(word: intentWord)
        }
        if let observedWord { trace.observed = Observed(word: observedWord) }
        // docs/model.md §3: without `detent`, the sheet starts at the tallest.
        if trace.detents != nil, trace.startDetent == nil { trace.startDetent = trace.startingDetent?.name }
        // docs/model.md "Evidence": an intent without a source is a person's.
        if trace.intent != nil && trace.intentSource == nil { trace.intentSource = .person }
        // docs/model.md "What the app did": an observed outcome without a source is the app's.
        if trace.observed != nil && trace.observedSource == nil { trace.observedSource = .app }
        return trace
    }

    private static func decodeSamples(_ node: JSONNode) throws(TraceIssue) -> [Sample] {
        guard let elements = node.elements else { throw mismatch("an array of samples", node, at: "samples") }
        var samples: [Sample] = []
        samples.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            samples.append(try decodeSample(element, index: index))
        }
        return samples
    }

    private static func decodeSample(_ node: JSONNode, index: Int) throws(TraceIssue) -> Sample {
        // Built only for a message: the happy path makes no strings.
        func path(_ key: String) -> String { "samples[\(index)].\(key)" }
        guard let members = node.members else {
            throw mismatch("a sample object", node, at: "samples[\(index)]")
        }
        var t: Double?
        var x: Double?
        var y: Double?
        var phase: Phase?
        var touches = 1
        for member in members {
            let value = member.node
            switch member.key {
            case "t": t = try number(value, at: path("t"))
            case "x": x = try number(value, at: path("x"))
            case "y": y = try number(value, at: path("y"))
            case "phase":
                guard let word = value.string, let parsed = Phase(rawValue: word) else {
                    throw mismatch("`down`, `move`, `up` or `cancel`", value, at: path("phase"))
                }
                phase = parsed
            case "touches":
                guard let count = value.number?.integerValue else {
                    if let number = value.number, number.value == number.value.rounded(.towardZero) {
                        throw TraceIssue(keyPath: path("touches"), reason: JSONNumber.inexactIntegerReason(atLeast: 1, rounded: number.value))
                    }
                    throw mismatch("an integer ≥ 1", value, at: path("touches"))
                }
                touches = count
            default:
                throw TraceIssue(keyPath: path(member.key), reason: KeySuggestion.unknownKeyReason(member.key, among: sampleKeys))
            }
        }
        guard let t else { throw missing(path("t")) }
        guard let x else { throw missing(path("x")) }
        guard let y else { throw missing(path("y")) }
        guard let phase else { throw missing(path("phase")) }
        return Sample(t: t, x: x, y: y, phase: phase, touches: touches)
    }

    // MARK: Types and messages

    private static func number(_ node: JSONNode, at path: @autoclosure () -> String) throws(TraceIssue) -> Double {
        guard let number = node.number else { throw mismatch("a number", node, at: path()) }
        return number.value
    }

    private static func string(_ node: JSONNode, at path: String) throws(TraceIssue) -> String {
        guard let text = node.string else { throw mismatch("a string", node, at: path) }
        return text
    }

    private static func missing(_ path: String) -> TraceIssue {
        TraceIssue(keyPath: path, reason: "required key is missing")
    }

    private static func mismatch(_ expected: String, _ node: JSONNode, at path: String) -> TraceIssue {
        TraceIssue(keyPath: path, reason: "expected \(expected), found \(describe(node))")
    }

    /// `a string ("1")`, `the number 1.5`, `true`, `an array` … for messages.
    static func describe(_ node: JSONNode) -> String {
        switch node.value {
        case .string(let text):
            let shown = text.unicodeScalars.count > 40 ? String(text.prefix(40)) + "…" : text
            return "a string (\(JSONWriter.string(shown)))"
        case .number(let number):
            return "the number \(JSONWriter.number(number.value))"
        default:
            return node.value.kindDescription
        }
    }
}
