import PanTraceCore
import PanTraceModel

extension PointerActions {
    /// One line of `export actions` (docs/device.md), without its newline:
    /// `{"trace": …, "width": …, "height": …, "faithful": …, "actions": [{"type":
    /// "pointer", "id": "finger1", "parameters": {"pointerType": "touch"},
    /// "actions": […]}]}`, the W3C WebDriver Actions body that Appium takes.
    ///
    /// Coordinates are written as ``PanTraceModel/JSONWriter/number(_:)`` writes
    /// every number (not rounded); durations are whole milliseconds. The line
    /// is built as bytes: an export writes tens of megabytes of it
    /// (docs/performance.md).
    public func jsonLine(trace name: String, width: Double, height: Double, faithful: Bool) -> String {
        var line: [UInt8] = []
        line.reserveCapacity(200 + name.utf8.count + actions.count * 80)
        line.append(contentsOf: "{\"trace\": ".utf8)
        line.append(contentsOf: JSONWriter.string(name).utf8)
        line.append(contentsOf: ", \"width\": ".utf8)
        Self.append(number: width, to: &line)
        line.append(contentsOf: ", \"height\": ".utf8)
        Self.append(number: height, to: &line)
        line.append(contentsOf: (faithful ? ", \"faithful\": true" : ", \"faithful\": false").utf8)
        line.append(
            contentsOf:
                ", \"actions\": [{\"type\": \"pointer\", \"id\": \"finger1\", \"parameters\": {\"pointerType\": \"touch\"}, \"actions\": [".utf8)
        for index in actions.indices {
            if index > 0 { Self.append(Self.separator, to: &line) }
            Self.append(actions[index], to: &line)
        }
        line.append(contentsOf: "]}]}".utf8)
        return String(decoding: line, as: UTF8.self)
    }

    static let moveHead: StaticString = "{\"type\": \"pointerMove\", \"duration\": "
    static let moveX: StaticString = ", \"x\": "
    static let moveY: StaticString = ", \"y\": "
    static let moveTail: StaticString = ", \"origin\": \"viewport\"}"
    static let separator: StaticString = ", "

    /// Appends a literal's bytes (no string to bridge, nothing to retain).
    @inline(__always)
    static func append(_ text: StaticString, to line: inout [UInt8]) {
        line.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// One action as its W3C JSON object.
    static func append(_ action: PointerAction, to line: inout [UInt8]) {
        switch action {
        case .move(let x, let y, let duration):
            append(Self.moveHead, to: &line)
            append(integer: duration, to: &line)
            append(Self.moveX, to: &line)
            append(number: x, to: &line)
            append(Self.moveY, to: &line)
            append(number: y, to: &line)
            append(Self.moveTail, to: &line)
        case .down: append("{\"type\": \"pointerDown\", \"button\": 0}", to: &line)
        case .up: append("{\"type\": \"pointerUp\", \"button\": 0}", to: &line)
        case .pause(let duration):
            append("{\"type\": \"pause\", \"duration\": ", to: &line)
            append(integer: duration, to: &line)
            line.append(UInt8(ascii: "}"))
        case .cancel: append("{\"type\": \"pointerCancel\"}", to: &line)
        }
    }

    /// `value` as ``PanTraceModel/JSONWriter/number(_:)`` writes it, without
    /// its shortest-digits search for numbers of up to six decimals (most
    /// coordinates: whole, halves, thirds of a point to three decimals).
    ///
    /// With `m = round(|value| · 10^k)` for the smallest `k ≤ 6` where
    /// `m / 10^k == |value|` (both exact below 2^53, so the division rounds
    /// as reading the text `m·10^-k` does), that text reads back as `value`,
    /// no shorter one does, and it is the nearest of its length: the
    /// shortest round-trip text (the property test compares the two).
    static func append(number value: Double, to line: inout [UInt8]) {
        let magnitude = abs(value)
        guard magnitude >= 0.001, magnitude < 1e9 else {
            line.append(contentsOf: JSONWriter.number(value).utf8)
            return
        }
        var scale = 1.0
        for decimals in 0...6 {
            let scaled = (magnitude * scale).rounded()
            if scaled / scale == magnitude {
                if value < 0 { line.append(UInt8(ascii: "-")) }
                let m = Int(scaled)
                let unit = Self.powersOfTen[decimals]
                append(integer: m / unit, to: &line)
                if decimals > 0 {
                    line.append(UInt8(ascii: "."))
                    var fraction = m % unit
                    var divisor = unit / 10
                    while divisor > 0 {
                        line.append(UInt8(ascii: "0") + UInt8(fraction / divisor))
                        fraction %= divisor
                        divisor /= 10
                    }
                }
                return
            }
            scale *= 10
        }
        line.append(contentsOf: JSONWriter.number(value).utf8)
    }

    static let powersOfTen = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000]

    /// A whole number in decimal digits.
    static func append(integer value: Int, to line: inout [UInt8]) {
        if value < 0 { line.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { line.append(buffer[index]) }
        }
    }
}
