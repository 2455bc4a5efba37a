import PanTraceCore
import PanTraceModel

extension PointerActions {
    /// One line of `export actions` (docs/device.md), without its newline:
    /// `{"trace": …, "width": …, "height": …, "faithful": …, "actions": [{"type":
    /// "pointer", "id": "finger1", "parameters": {"pointerType": "touch"},
    /// "actions": […]}]}`, the W3C WebDriver Actions body that Appium takes.
    ///
    /// Coordinates are written as ``PanTraceModel/JSONWriter/number(_:)`` writes
    /// every number (not rounded); durations are whole milliseconds.
    public func jsonLine(trace name: String, width: Double, height: Double, faithful: Bool) -> String {
        var line = "{\"trace\": "
        line.reserveCapacity(160 + actions.count * 72)
        JSONWriter.appendString(name, to: &line)
        line += ", \"width\": " + JSONWriter.number(width)
        line += ", \"height\": " + JSONWriter.number(height)
        line += faithful ? ", \"faithful\": true" : ", \"faithful\": false"
        line += ", \"actions\": [{\"type\": \"pointer\", \"id\": \"finger1\", \"parameters\": {\"pointerType\": \"touch\"}, \"actions\": ["
        for index in actions.indices {
            if index > 0 { line += ", " }
            Self.append(actions[index], to: &line)
        }
        line += "]}]}"
        return line
    }

    /// One action as its W3C JSON object.
    static func append(_ action: PointerAction, to line: inout String) {
        switch action {
        case .move(let x, let y, let duration):
            line += "{\"type\": \"pointerMove\", \"duration\": "
            line += String(duration)
            line += ", \"x\": "
            line += JSONWriter.number(x)
            line += ", \"y\": "
            line += JSONWriter.number(y)
            line += ", \"origin\": \"viewport\"}"
        case .down: line += "{\"type\": \"pointerDown\", \"button\": 0}"
        case .up: line += "{\"type\": \"pointerUp\", \"button\": 0}"
        case .pause(let duration): line += "{\"type\": \"pause\", \"duration\": " + String(duration) + "}"
        case .cancel: line += "{\"type\": \"pointerCancel\"}"
        }
    }
}
