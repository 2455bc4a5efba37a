import PanTraceCore

/// The samples of one trace in one BLOB: the `trace.packed` column (schema.sql documents the layout).
///
/// Format 1: the byte `0x01`, then for every sample in `seq` order `t`, `x`
/// and `y` as IEEE 754 binary64 bit patterns, little-endian, 8 bytes each;
/// the phase as one byte (``PanTraceCore/Phase/packedCode``: 0 `down`, 1 `move`, 2 `up`, 3 `cancel`); `touches`
/// as an unsigned LEB128 varint of its 64-bit two's complement (one byte for
/// 1 … 127). Nothing follows the last sample; the number of samples is
/// `trace.sample_count`. Doubles are kept bit for bit, −0 included (the REAL
/// columns of `sample` store −0 as 0).
///
/// Replay reads one `trace` row per trace with this column instead of one
/// `sample` row per sample (docs/performance.md); `sample` stays the table
/// users query and the one read when `packed` is NULL.
enum PackedSamples {
    /// The first byte of a format-1 blob.
    static let format: UInt8 = 1
    /// The most bytes one sample takes (24 for the doubles, 1 for the phase, at most 10 for the varint).
    static let maximumSampleBytes = 35

    /// Encodes `samples` into `buffer`, reusing its storage; returns the number of bytes written.
    ///
    /// `buffer` may be longer than the blob (it is only ever grown): the blob
    /// is its first `count` bytes.
    static func encode(_ samples: [Sample], into buffer: inout [UInt8]) -> Int {
        let capacity = 1 + samples.count * maximumSampleBytes
        if buffer.count < capacity {
            buffer.append(contentsOf: repeatElement(0, count: capacity - buffer.count))
        }
        return buffer.withUnsafeMutableBytes { bytes in
            bytes[0] = format
            var offset = 1
            for sample in samples {
                bytes.storeBytes(of: sample.t.bitPattern.littleEndian, toByteOffset: offset, as: UInt64.self)
                bytes.storeBytes(of: sample.x.bitPattern.littleEndian, toByteOffset: offset + 8, as: UInt64.self)
                bytes.storeBytes(of: sample.y.bitPattern.littleEndian, toByteOffset: offset + 16, as: UInt64.self)
                bytes[offset + 24] = sample.phase.packedCode
                offset += 25
                var touches = UInt64(bitPattern: Int64(sample.touches))
                while touches >= 0x80 {
                    bytes[offset] = UInt8(truncatingIfNeeded: touches) | 0x80
                    touches >>= 7
                    offset += 1
                }
                bytes[offset] = UInt8(touches)
                offset += 1
            }
            return offset
        }
    }

    /// What ``decode(_:count:into:)`` found.
    enum Decoding: Equatable {
        /// `count` samples were appended.
        case decoded
        /// The first byte names a format this build does not know: read the `sample` rows.
        case unknownFormat
        /// A format-1 blob that is truncated, too long, or has an unknown phase or an oversized varint.
        case malformed
    }

    /// Appends the `count` samples of the blob `bytes` to `samples` (no allocation beyond the array's growth).
    ///
    /// On ``Decoding/malformed`` the samples appended so far stay: the caller reports the corruption.
    static func decode(_ bytes: UnsafeRawBufferPointer, count: Int, into samples: inout [Sample]) -> Decoding {
        guard let first = bytes.first else { return .malformed }
        guard first == format else { return .unknownFormat }
        // A sample takes 26 bytes or more: a damaged count cannot reserve more than the blob holds.
        guard count >= 0, count <= bytes.count / 26 else { return .malformed }
        samples.reserveCapacity(samples.count + count)
        var offset = 1
        let end = bytes.count
        for _ in 0..<count {
            guard end - offset >= 26 else { return .malformed }
            let t = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            let x = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
            let y = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
            guard let phase = Phase(packedCode: bytes[offset + 24]) else { return .malformed }
            offset += 25
            var touches: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                guard offset < end, shift < 64 else { return .malformed }
                let byte = bytes[offset]
                offset += 1
                touches |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { break }
                shift += 7
            }
            samples.append(
                Sample(
                    t: Double(bitPattern: t), x: Double(bitPattern: x), y: Double(bitPattern: y), phase: phase,
                    touches: Int(truncatingIfNeeded: Int64(bitPattern: touches))))
        }
        return offset == end ? .decoded : .malformed
    }
}
