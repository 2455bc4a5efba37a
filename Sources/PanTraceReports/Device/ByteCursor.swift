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
        // A raw copy of a length known where the literal is inlined: the
        // compiler writes it as a few moves, not a call.
        UnsafeMutableRawPointer(next).copyMemory(from: text.utf8Start, byteCount: text.utf8CodeUnitCount)
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
        put(digitsOf: value.magnitude)
    }

    /// `value`'s decimal digits, two at a time.
    @inline(__always)
    private mutating func put(digitsOf value: UInt) {
        var count = 1
        var bound: UInt = 10
        while count < 20, value >= bound {
            count += 1
            bound = bound &* 10
        }
        var at = next + count
        next = at
        var rest = value
        let pairs = Self.digitPairs.utf8Start
        while rest >= 100 {
            let pair = Int(truncatingIfNeeded: rest % 100) &* 2
            rest /= 100
            at -= 2
            at[0] = pairs[pair]
            at[1] = pairs[pair &+ 1]
        }
        if rest >= 10 {
            let pair = Int(truncatingIfNeeded: rest) &* 2
            at -= 2
            at[0] = pairs[pair]
            at[1] = pairs[pair &+ 1]
        } else {
            (at - 1).pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
        }
    }

    /// `value` as `PanTraceModel/JSONWriter/number(_:)` writes it, without
    /// its shortest-digits search for numbers of up to six decimals (most
    /// coordinates: whole, halves, thirds of a point to three decimals).
    ///
    /// With `m = round(|value| · 10⁶)`: when `m / 10⁶ == |value|` (both exact
    /// below 2^53, so the division rounds as reading the text `m·10⁻⁶` does),
    /// `m` less its trailing zeros is the smallest `k ≤ 6` decimals that read
    /// back as `value` — below 10⁹ the product's error is under a quarter, so
    /// any shorter text that reads back is `m` with zeros struck — and it is
    /// the nearest text of its length: the shortest round-trip text (the
    /// property test compares the two). When `m / 10⁶` differs, no text of
    /// six decimals or fewer reads back, and JSONWriter writes it.
    mutating func put(number value: Double) {
        let magnitude = abs(value)
        guard magnitude >= 0.001, magnitude < 1e9 else {
            put(utf8: JSONWriter.number(value))
            return
        }
        // round(x) for 0 ≤ x < 1e15, without a call: x less its whole part is exact.
        let scaled = magnitude * 1e6
        var m = UInt(scaled)
        if scaled - Double(m) >= 0.5 { m += 1 }
        guard Double(m) / 1e6 == magnitude else {
            put(utf8: JSONWriter.number(value))
            return
        }
        if value < 0 { put(UInt8(ascii: "-")) }
        put(digitsOf: m / 1_000_000)
        let fraction = Int(truncatingIfNeeded: m % 1_000_000)
        guard fraction != 0 else { return }
        // Six decimals, two at a time, then the trailing zeros struck.
        put(UInt8(ascii: "."))
        let pairs = Self.digitPairs.utf8Start
        for pair in [fraction / 10_000, fraction / 100 % 100, fraction % 100] {
            next[0] = pairs[pair &* 2]
            next[1] = pairs[pair &* 2 &+ 1]
            next += 2
        }
        while next[-1] == UInt8(ascii: "0") { next -= 1 }
    }

    /// "00", "01" … "99": two digits a division.
    private static let digitPairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
}
