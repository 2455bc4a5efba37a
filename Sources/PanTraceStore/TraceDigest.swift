import PanTraceModel

/// The content identity of a trace: 64-bit FNV-1a over a canonical byte encoding of every field.
///
/// The encoding is fixed by this type (part of schema version 1): lengths
/// before variable data, doubles as their IEEE 754 bit patterns (−0 as +0,
/// which SQLite cannot keep apart), integers as 64-bit little-endian,
/// enumerations as small codes (a phase as its ``Phase/packedCode``). No text is formatted per sample.
struct TraceDigest {
    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The running hash.
    private(set) var value: UInt64 = TraceDigest.offsetBasis

    /// The digest of `trace`, as stored in `trace.digest` (a signed 64-bit integer).
    static func of(_ trace: Trace) -> Int64 {
        var digest = TraceDigest()
        digest.add(trace)
        return Int64(bitPattern: digest.value)
    }

    mutating func add(_ trace: Trace) {
        add(trace.name)
        add(trace.width)
        add(trace.height)
        add(trace.scrollOffset)
        add(trace.scrollContent)
        add(byte: Intent.code(trace.intent))
        if let name = trace.intent?.detentName { add(name) }
        add(trace.meta)
        add(trace.family)
        add(UInt64(trace.samples.count))
        for sample in trace.samples {
            add(sample.t)
            add(sample.x)
            add(sample.y)
            add(byte: sample.phase.packedCode)
            add(UInt64(bitPattern: Int64(sample.touches)))
        }
        // docs/model.md §4.10: only a trace with detents adds them, so every
        // other trace keeps the digest it was stored with.
        if let detents = trace.detents {
            add(byte: 0xD7)
            add(UInt64(detents.count))
            for detent in detents {
                add(detent.name)
                add(detent.height)
            }
            add(trace.startingDetent?.name)
        }
        // docs/model.md "What the app did": likewise only a trace with an
        // observed outcome adds it, with its source.
        if let observed = trace.observed {
            add(byte: 0x0B)
            add(observed.rawValue)
            add(trace.observationSource?.rawValue)
        }
    }

    @inline(__always)
    mutating func add(byte: UInt8) {
        value = (value ^ UInt64(byte)) &* TraceDigest.prime
    }

    @inline(__always)
    mutating func add(_ word: UInt64) {
        var word = word
        for _ in 0..<8 {
            add(byte: UInt8(truncatingIfNeeded: word))
            word >>= 8
        }
    }

    @inline(__always)
    mutating func add(_ number: Double) {
        // Adding +0 turns −0 into +0 and leaves every other value unchanged.
        add((number + 0).bitPattern)
    }

    mutating func add(_ text: String?) {
        guard let text else { return add(byte: 0) }
        add(byte: 1)
        add(UInt64(text.utf8.count))
        for byte in text.utf8 { add(byte: byte) }
    }
}
