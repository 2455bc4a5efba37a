import PanTraceModel

/// Format 2 of `trace.packed`: times and places as integer steps on a decimal grid (schema.sql, after `trace`).
///
/// The byte `0x02`, then for every sample in `seq` order four LEB128 varints:
///
/// 1. `t` in whole microseconds, 2. `x` and 3. `y` in whole thousandths of a
///    point, each as the difference from the previous sample's value (the
///    first sample's from 0, so it is its value), zigzag-encoded
///    (`(d << 1) ^ (d >> 63)`: 0, −1, 1, −2 … become 0, 1, 2, 3 …);
/// 4. `touches << 2 | phase` unsigned, the phase as its
///    ``Phase/packedCode`` (0 `down`, 1 `move`, 2 `up`, 3 `cancel`):
///    one byte for 1 … 31 fingers.
///
/// A value `v` with integer `m` on a grid of `scale` steps a unit (10⁶ for
/// `t`, 10³ for `x` and `y`) decodes as exactly `Double(m) / scale`. The
/// encoder writes format 2 only when that gives back every value of the trace
/// bit for bit (``gridValue(_:scale:)``) and every `touches` is in 0 ..< 2⁶²,
/// so the choice costs no exactness: a trace that does not qualify is written
/// in format 1. A synthetic trace (`GestureSampler`: `µs / 1e6`, positions
/// snapped to 1/1000 pt) takes about 8 bytes a sample instead of 26: `Δt` of a
/// 60 or 120 Hz frame is 3 bytes, a move of less than 8 pt 1–2 bytes an axis.
///
/// Deltas rather than values keep the varints short; the first delta from 0
/// is the same bytes as an absolute first value. Zigzag for `t` too, although
/// docs/model.md §3's times never decrease, so that any trace on the grids qualifies.
/// (Measured on 20,000 synthetic traces, docs/performance.md: 7.96 bytes a
/// sample; unsigned `Δt` would give 7.53, second differences 6.74, not worth
/// a second layout to keep in step with the C reference.)
extension PackedSamples {
    /// The first byte of a format-2 blob.
    static let format2: UInt8 = 2
    /// The fewest bytes a format-2 sample takes: four one-byte varints.
    static let minimumFormat2SampleBytes = 4
    /// Steps a second of `t`: whole microseconds.
    static let timeScale = 1e6
    /// Steps a point of `x` and `y`: whole thousandths.
    static let placeScale = 1e3
    /// `touches` must be below this to be shifted left by two bits without loss.
    static let touchesLimit = 1 << 62
    /// A grid integer's magnitude stays below 2⁵³: every such integer is a double.
    static let gridLimit: Int64 = 1 << 53

    /// The integer `m` with `Double(m) / scale` bit for bit `value`, or `nil` when there is none.
    ///
    /// `m = (value * scale).rounded()` (halves away from zero), `|m| < 2⁵³`;
    /// −0 never qualifies (`Double(0)` is +0), nor do NaN and the infinities.
    @inline(__always)
    static func gridValue(_ value: Double, scale: Double) -> Int64? {
        let scaled = (value * scale).rounded()
        guard scaled.magnitude < 0x1p53 else { return nil }
        let integer = Int64(scaled)
        guard (Double(integer) / scale).bitPattern == value.bitPattern else { return nil }
        return integer
    }

    /// Writes the format-2 blob of `samples` at the start of `bytes` and returns
    /// its length, or returns `nil` when a value is not on its grid.
    ///
    /// `bytes` holds at least `1 + samples.count * maximumSampleBytes` bytes
    /// (a sample takes at most 8 + 8 + 8 + 10 bytes: deltas below 2⁵⁴).
    static func encodeFormat2(_ samples: [Sample], into bytes: UnsafeMutableRawBufferPointer) -> Int? {
        bytes[0] = format2
        var offset = 1
        var lastT: Int64 = 0
        var lastX: Int64 = 0
        var lastY: Int64 = 0
        for sample in samples {
            guard let t = gridValue(sample.t, scale: timeScale),
                let x = gridValue(sample.x, scale: placeScale),
                let y = gridValue(sample.y, scale: placeScale),
                sample.touches >= 0, sample.touches < touchesLimit
            else { return nil }
            storeVarint(zigzag(t - lastT), into: bytes, at: &offset)
            storeVarint(zigzag(x - lastX), into: bytes, at: &offset)
            storeVarint(zigzag(y - lastY), into: bytes, at: &offset)
            storeVarint(UInt64(sample.touches) << 2 | UInt64(sample.phase.packedCode), into: bytes, at: &offset)
            lastT = t
            lastX = x
            lastY = y
        }
        return offset
    }

    /// Appends the `count` samples of the format-2 blob `bytes` to `samples`.
    ///
    /// Malformed: a truncated or too long blob, a varint past 64 bits, or a
    /// value that leaves the grid's range (the encoder never writes one).
    static func decodeFormat2(_ bytes: UnsafeRawBufferPointer, count: Int, into samples: inout [Sample]) -> Decoding {
        // A damaged count cannot reserve more than the blob could hold.
        guard count >= 0, count <= (bytes.count - 1) / minimumFormat2SampleBytes else { return .malformed }
        samples.reserveCapacity(samples.count + count)
        var offset = 1
        var t: Int64 = 0
        var x: Int64 = 0
        var y: Int64 = 0
        for _ in 0..<count {
            guard let dt = loadVarint(bytes, at: &offset), let dx = loadVarint(bytes, at: &offset),
                let dy = loadVarint(bytes, at: &offset), let last = loadVarint(bytes, at: &offset)
            else { return .malformed }
            // Wrapping: a damaged delta must not trap; the range check refuses it.
            t &+= unzigzag(dt)
            x &+= unzigzag(dx)
            y &+= unzigzag(dy)
            // Each magnitude below 2⁵³ (a power of two) if and only if their bitwise OR is.
            guard t.magnitude | x.magnitude | y.magnitude < gridLimit.magnitude,
                let phase = Phase(packedCode: UInt8(last & 3))
            else { return .malformed }
            samples.append(
                Sample(
                    t: Double(t) / timeScale, x: Double(x) / placeScale, y: Double(y) / placeScale, phase: phase,
                    touches: Int(last >> 2)))
        }
        return offset == bytes.count ? .decoded : .malformed
    }

    /// Zigzag: small magnitudes of either sign become small unsigned numbers (0, −1, 1, −2 → 0, 1, 2, 3).
    @inline(__always)
    static func zigzag(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value << 1) ^ (value >> 63))
    }

    /// The inverse of ``zigzag(_:)``.
    @inline(__always)
    static func unzigzag(_ value: UInt64) -> Int64 {
        Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }
}
