/// The secret that every request to the lab carries (docs/lab.md): 128 bits
/// from the system's secure random source, new at every start, written as
/// 32 lowercase hexadecimal digits.
package struct LabToken: Sendable, Equatable, CustomStringConvertible {
    /// The 32 hexadecimal digits.
    package let text: String

    /// A fresh token from `SystemRandomNumberGenerator` (`getrandom(2)` on
    /// Linux, `arc4random` on Apple systems: the operating system's CSPRNG).
    package init() {
        var generator = SystemRandomNumberGenerator()
        self.init(high: generator.next(), low: generator.next())
    }

    /// The token of the 128 bits `high`, `low` (tests).
    package init(high: UInt64, low: UInt64) {
        func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        text = hex(high) + hex(low)
    }

    package var description: String { text }

    /// True when `candidate` is the token, compared in time that does not
    /// depend on where the first difference is.
    package func accepts(_ candidate: String?) -> Bool {
        guard let candidate else { return false }
        let a = Array(text.utf8), b = Array(candidate.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
