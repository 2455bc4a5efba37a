import PanTraceModel

/// The package's own seeded pseudo-random generator: xoshiro256** seeded by SplitMix64.
/// It draws the synthetic traces, `tune`'s bootstrap resamples and the lab's
/// blind order of A and B.
///
/// docs/synthetic.md asks for byte-identical synthetic traces on every machine, so the
/// generator never touches the system's random source, and every helper uses
/// only integer arithmetic and the IEEE 754 operations that are correctly
/// rounded on every platform (`+ − × ÷` and `squareRoot`). No `log`, `sin` or
/// `exp`: their last bit may differ between libm versions.
///
/// It deliberately does not conform to `RandomNumberGenerator`: the standard
/// library's `random(in:using:)` algorithms are not promised to stay the same
/// across Swift versions, and the helpers here are.
///
/// ```swift
/// var random = SeededRandom(seed: 7)
/// let hz = random.chance(0.5) ? 120 : 60
/// let distance = random.uniform(0.3...0.7) * 852
/// ```
public struct SeededRandom: Sendable {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64

    /// A generator whose whole stream is fixed by `seed`.
    ///
    /// The four words of state are the first four outputs of SplitMix64 from
    /// `seed`, as xoshiro's authors recommend, so that nearby seeds give
    /// unrelated streams.
    public init(seed: UInt64) {
        var state = seed
        s0 = Self.splitMix(&state)
        s1 = Self.splitMix(&state)
        s2 = Self.splitMix(&state)
        s3 = Self.splitMix(&state)
        // All-zero state is xoshiro's only fixed point; SplitMix64 never
        // produces four zeros in a row, but stay safe.
        if s0 | s1 | s2 | s3 == 0 { s0 = 1 }
    }

    /// One SplitMix64 step: advances `state` and returns the next output.
    public static func splitMix(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return mix(state)
    }

    /// SplitMix64's finalizer: a bijective avalanche of the 64 bits.
    ///
    /// Used to derive independent per-trace seeds from (seed, index, family).
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z &>> 31)
    }

    /// The next 64 random bits (xoshiro256**).
    public mutating func next() -> UInt64 {
        let result = Self.rotate(s1 &* 5, 7) &* 9
        let t = s1 &<< 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = Self.rotate(s3, 45)
        return result
    }

    /// A uniform double in `[0, 1)` on the grid of 2⁻⁵³ (exact, no rounding).
    public mutating func unit() -> Double {
        Double(next() &>> 11) * 0x1.0p-53
    }

    /// A uniform double in `range` (the upper bound is reached only by rounding).
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }

    /// A uniform integer in `range`, by Lemire's multiply-high method.
    ///
    /// The bias of skipping the rejection step is below 2⁻⁵⁰ for the small
    /// ranges a generator uses, and keeps the stream's length fixed.
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
        // span == 0 means the full 64-bit range.
        let offset = span == 0 ? next() : next().multipliedFullWidth(by: span).high
        return range.lowerBound &+ Int(truncatingIfNeeded: offset)
    }

    /// True with probability `probability`.
    public mutating func chance(_ probability: Double) -> Bool {
        unit() < probability
    }

    /// −1 or +1 with equal probability.
    public mutating func sign() -> Double {
        next() &>> 63 == 0 ? 1 : -1
    }

    /// An approximately standard-normal double (mean 0, standard deviation 1).
    ///
    /// The Irwin–Hall sum of four uniforms, centred and scaled: no
    /// transcendental function, so identical on every machine, and bounded
    /// by ±√12 ≈ 3.46, which suits touch noise (no wild outliers).
    public mutating func normal() -> Double {
        let sum = unit() + unit() + unit() + unit()
        return (sum - 2) * 1.732_050_807_568_877_2
    }

    // Masking shifts (`&<<`, `&>>`) throughout: every amount here is a
    // constant in 1...63, where they equal `<<` and `>>`, and they are plain
    // machine shifts even in a debug build, where the generic smart shifts
    // made `rotate` and `next` 2 % of the test suite's CPU time (perf).
    private static func rotate(_ x: UInt64, _ k: UInt64) -> UInt64 {
        (x &<< k) | (x &>> (64 &- k))
    }
}
