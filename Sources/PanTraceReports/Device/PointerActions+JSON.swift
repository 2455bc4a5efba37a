import PanTraceCore
import PanTraceModel

extension PointerActions {
    /// One line of `export actions` (docs/device.md), without its newline:
    /// `{"trace": …, "width": …, "height": …, "faithful": …, "actions": [{"type":
    /// "pointer", "id": "finger1", "parameters": {"pointerType": "touch"},
    /// "actions": […]}]}`, the W3C WebDriver Actions body that Appium takes.
    ///
    /// Coordinates are written as `PanTraceModel/JSONWriter/number(_:)` writes
    /// every number (not rounded); durations are whole milliseconds. The line
    /// is written in place (`ByteCursor`): an export writes tens of
    /// megabytes of it (docs/performance.md). With `lineBreak`, the line ends
    /// with a newline, written with it rather than appended to a copy.
    ///
    /// After `faithful` come `"setup": {"detent": NAME or null,
    /// "scrollOffset": o}` (what a device test sets up first) when `setup`
    /// is given, and with `sides` (a flip's two runs) `"baseline"` and
    /// `"candidate"`, each `{"config": NAME, "decision": …, "detent": … or null}`.
    public func jsonLine(
        trace name: String, width: Double, height: Double, faithful: Bool, setup: DeviceSetup? = nil,
        sides: FlipSides? = nil, lineBreak: Bool = false
    ) -> String {
        let quotedName = JSONWriter.string(name)
        var extra = ""
        if let setup {
            extra += ", \"setup\": {\"detent\": " + (setup.detent.map(JSONWriter.string) ?? "null")
                + ", \"scrollOffset\": " + JSONWriter.number(setup.scrollOffset) + "}"
        }
        if let sides {
            for (key, side) in [("baseline", sides.baseline), ("candidate", sides.candidate)] {
                extra += ", \"\(key)\": {\"config\": " + JSONWriter.string(side.config) + ", \"decision\": \"\(side.decision.rawValue)\""
                    + ", \"detent\": " + (side.detent.map(JSONWriter.string) ?? "null") + "}"
            }
        }
        let capacity = Self.headBytes + quotedName.utf8.count + extra.utf8.count + actions.count * Self.bytesPerAction
        return ByteCursor.string(capacity: capacity) { line in
            line.put("{\"trace\": ")
            line.put(utf8: quotedName)
            line.put(", \"width\": ")
            line.put(number: width)
            line.put(", \"height\": ")
            line.put(number: height)
            line.put(faithful ? ", \"faithful\": true" : ", \"faithful\": false")
            if !extra.isEmpty { line.put(utf8: extra) }
            line.put(", \"actions\": [{\"type\": \"pointer\", \"id\": \"finger1\", \"parameters\": {\"pointerType\": \"touch\"}, \"actions\": [")
            for index in actions.indices {
                if index > 0 { line.put(", ") }
                Self.put(actions[index], to: &line)
            }
            line.put("]}]}")
            if lineBreak { line.put(UInt8(ascii: "\n")) }
        }
    }

    /// Room for the line's fixed text and its two numbers.
    static let headBytes = 256
    /// Room for the longest action: a move's fixed text (91 bytes), a duration
    /// (at most 20 digits) and two numbers (`ByteCursor/maximumNumberBytes` each).
    static let bytesPerAction = 91 + 20 + 2 * ByteCursor.maximumNumberBytes

    /// One action as its W3C JSON object.
    static func put(_ action: PointerAction, to line: inout ByteCursor) {
        switch action {
        case .move(let x, let y, let duration):
            line.put("{\"type\": \"pointerMove\", \"duration\": ")
            line.put(integer: duration)
            line.put(", \"x\": ")
            line.put(number: x)
            line.put(", \"y\": ")
            line.put(number: y)
            line.put(", \"origin\": \"viewport\"}")
        case .down: line.put("{\"type\": \"pointerDown\", \"button\": 0}")
        case .up: line.put("{\"type\": \"pointerUp\", \"button\": 0}")
        case .pause(let duration):
            line.put("{\"type\": \"pause\", \"duration\": ")
            line.put(integer: duration)
            line.put(UInt8(ascii: "}"))
        case .cancel: line.put("{\"type\": \"pointerCancel\"}")
        }
    }

    /// `value` as `PanTraceModel/JSONWriter/number(_:)` writes it, appended to `bytes`.
    static func append(number value: Double, to bytes: inout [UInt8]) {
        append(to: &bytes, ByteCursor.maximumNumberBytes) { $0.put(number: value) }
    }

    /// A whole number in decimal digits, appended to `bytes`.
    static func append(integer value: Int, to bytes: inout [UInt8]) {
        append(to: &bytes, 20) { $0.put(integer: value) }
    }

    private static func append(to bytes: inout [UInt8], _ capacity: Int, _ body: (inout ByteCursor) -> Void) {
        bytes.append(contentsOf: ByteCursor.string(capacity: capacity, body).utf8)
    }
}
