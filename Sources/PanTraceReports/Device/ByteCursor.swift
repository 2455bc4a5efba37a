import PanTraceModel

/// Writes bytes through a pointer into memory its caller sized beforehand:
/// the `export actions` line, tens of megabytes of text an export, without an
/// array's growth and uniqueness checks per byte (docs/performance.md).
///
/// Nothing here checks the room left: the caller reserves at most
/// ``maximumNumberBytes`` for a number, 20 for an integer and the literal's
/// length for a literal.
struct ByteCursor {
    /// The most bytes ``put(number:)`` writes: `JSONWriter.number`'s longest
    /// text (`-1.7976931348623157e308`, 23 bytes) with room to spare.
    static let maximumNumberBytes = 32

    /// Where the next byte goes.
    private var next: UnsafeMutablePointer<UInt8>

    /// A cursor at `start`.
    init(_ start: UnsafeMutablePointer<UInt8>) {
        next = start
    }

    /// The string `body` writes into `capacity` bytes (at least what it writes).
    static func string(capacity: Int, _ body: (inout ByteCursor) -> Void) -> String {
        String(unsafeUninitializedCapacity: capacity) { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            var cursor = ByteCursor(base)
            body(&cursor)
            return cursor.count(from: base)
        }
    }

    /// How many bytes were written since `start`.
    func count(from start: UnsafeMutablePointer<UInt8>) -> Int {
        next - start
    }

    /// One byte.
    @inline(__always)
    mutating func put(_ byte: UInt8) {
        next.pointee = byte
        next += 1
    }

    /// A literal's bytes.
    @inline(__always)
    mutating func put(_ text: StaticString) {
        next.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        next += text.utf8CodeUnitCount
    }

    /// A string's UTF-8 bytes.
    mutating func put(utf8 text: String) {
        var text = text
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            next.update(from: base, count: bytes.count)
            next += bytes.count
        }
    }

    /// A whole number in decimal digits.
    mutating func put(integer value: Int) {
        if value < 0 { put(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits = 1
        var bound: UInt = 10
        while digits < 20, magnitude >= bound {
            digits += 1
            bound = bound &* 10
        }
        var at = next + digits
        next = at
        repeat {
            at -= 1
            at.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
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
    mutating func put(number value: Double) {
        let magnitude = abs(value)
        guard magnitude >= 0.001, magnitude < 1e9 else {
            put(utf8: JSONWriter.number(value))
            return
        }
        var scale = 1.0
        for decimals in 0...6 {
            // round(x) for 0 ≤ x < 1e15, without a call: x less its whole part is exact.
            let scaled = magnitude * scale
            var m = Int(scaled)
            if scaled - Double(m) >= 0.5 { m += 1 }
            if Double(m) / scale == magnitude {
                if value < 0 { put(UInt8(ascii: "-")) }
                let unit = Self.powersOfTen[decimals]
                put(integer: m / unit)
                if decimals > 0 {
                    put(UInt8(ascii: "."))
                    var fraction = m % unit
                    var divisor = unit / 10
                    while divisor > 0 {
                        put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction / divisor))
                        fraction %= divisor
                        divisor /= 10
                    }
                }
                return
            }
            scale *= 10
        }
        put(utf8: JSONWriter.number(value))
    }

    private static let powersOfTen = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000]
}
