import PanTraceModel

/// Format 1 of `trace.packed`: the doubles bit for bit (schema.sql, inside `CREATE TABLE trace`).
///
/// The byte `0x01`, then for every sample in `seq` order `t`, `x` and `y` as
/// IEEE 754 binary64 bit patterns, little-endian, 8 bytes each; the phase as
/// one byte (``Phase/packedCode``: 0 `down`, 1 `move`, 2 `up`,
/// 3 `cancel`); `touches` as an unsigned LEB128 varint of its 64-bit two's
/// complement (one byte for 1 … 127). Doubles are kept bit for bit, −0
/// included (the REAL columns of `sample` store −0 as 0). Written for a trace
/// that format 2 cannot hold exactly.
extension PackedSamples {
    /// The first byte of a format-1 blob.
    static let format1: UInt8 = 1
    /// The fewest bytes a format-1 sample takes (three doubles, the phase, a one-byte varint).
    static let minimumFormat1SampleBytes = 26

    /// Writes the format-1 blob of `samples` at the start of `bytes`; returns its length.
    ///
    /// `bytes` holds at least `1 + samples.count * maximumSampleBytes` bytes.
    static func encodeFormat1(_ samples: [Sample], into bytes: UnsafeMutableRawBufferPointer) -> Int {
        bytes[0] = format1
        var offset = 1
        for sample in samples {
            bytes.storeBytes(of: sample.t.bitPattern.littleEndian, toByteOffset: offset, as: UInt64.self)
            bytes.storeBytes(of: sample.x.bitPattern.littleEndian, toByteOffset: offset + 8, as: UInt64.self)
            bytes.storeBytes(of: sample.y.bitPattern.littleEndian, toByteOffset: offset + 16, as: UInt64.self)
            bytes[offset + 24] = sample.phase.packedCode
            offset += 25
            storeVarint(UInt64(bitPattern: Int64(sample.touches)), into: bytes, at: &offset)
        }
        return offset
    }

    /// Appends the `count` samples of the format-1 blob `bytes` to `samples`.
    static func decodeFormat1(_ bytes: UnsafeRawBufferPointer, count: Int, into samples: inout [Sample]) -> Decoding {
        // A damaged count cannot reserve more than the blob holds.
        guard count >= 0, count <= (bytes.count - 1) / minimumFormat1SampleBytes else { return .malformed }
        samples.reserveCapacity(samples.count + count)
        var offset = 1
        let end = bytes.count
        for _ in 0..<count {
            guard end - offset >= minimumFormat1SampleBytes else { return .malformed }
            let t = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            let x = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
            let y = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
            guard let phase = Phase(packedCode: bytes[offset + 24]) else { return .malformed }
            offset += 25
            guard let touches = loadVarint(bytes, at: &offset) else { return .malformed }
            samples.append(
                Sample(
                    t: Double(bitPattern: t), x: Double(bitPattern: x), y: Double(bitPattern: y), phase: phase,
                    touches: Int(truncatingIfNeeded: Int64(bitPattern: touches))))
        }
        return offset == end ? .decoded : .malformed
    }
}
