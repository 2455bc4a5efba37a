import CSQLite
import PanTraceModel

/// The samples of one trace in one BLOB: the `trace.packed` column (schema.sql documents the layouts).
///
/// The first byte names the format, chosen per trace by ``encode(_:into:)``:
///
/// - Format 2 (`PackedSamples+Format2.swift`), when every `t` is exactly a
///   whole number of microseconds and every `x` and `y` exactly a whole
///   number of thousandths of a point (`Double(m) / scale` reproduces the
///   value's bits): the differences of those integers from sample to sample
///   as varints, about 8 bytes a sample. Every synthetic trace qualifies, and
///   so does any trace whose times have at most 6 decimals and places at most 3.
/// - Format 1 (`PackedSamples+Format1.swift`), for any other trace: the three
///   doubles bit for bit, 26 bytes a sample.
///
/// Both give back the very doubles that were written. Nothing follows the
/// last sample; the number of samples is `trace.sample_count`.
///
/// Replay reads one `trace` row per trace with this column instead of one
/// `sample` row per sample (docs/performance.md); `sample` stays the table
/// users query and the one read when `packed` is NULL or in a format this
/// build does not know (schema.sql: "a first byte other than 0x01 is a later
/// format: read the sample rows", which is how builds before format 2 read it).
enum PackedSamples {
    /// The most bytes one sample takes in either format (format 1: 24 for the
    /// doubles, 1 for the phase, at most 10 for the varint; format 2 at most 34).
    static let maximumSampleBytes = 35

    /// Encodes `samples` into `buffer`, reusing its storage; returns the number of bytes written.
    ///
    /// Format 2 when every value is on its grid (``gridValue(_:scale:)``), else
    /// format 1. `buffer` may be longer than the blob (it is only ever grown):
    /// the blob is its first `count` bytes.
    static func encode(_ samples: [Sample], into buffer: inout [UInt8]) -> Int {
        let capacity = 1 + samples.count * maximumSampleBytes
        if buffer.count < capacity {
            buffer.append(contentsOf: repeatElement(0, count: capacity - buffer.count))
        }
        return buffer.withUnsafeMutableBytes { bytes in
            encodeFormat2(samples, into: bytes) ?? encodeFormat1(samples, into: bytes)
        }
    }

    /// What ``decode(_:count:into:)`` found.
    enum Decoding: Equatable {
        /// `count` samples were appended.
        case decoded
        /// The first byte names a format this build does not know: read the `sample` rows.
        case unknownFormat
        /// A blob of a known format that is truncated, too long, or has an
        /// unknown phase, an oversized varint or (format 2) a value off its range.
        case malformed
    }

    /// Appends the `count` samples of the blob `bytes` to `samples` (no allocation beyond the array's growth).
    ///
    /// On ``Decoding/malformed`` the samples appended so far stay: the caller reports the corruption.
    static func decode(_ bytes: UnsafeRawBufferPointer, count: Int, into samples: inout [Sample]) -> Decoding {
        guard let first = bytes.first else { return .malformed }
        return switch first {
        case format1: decodeFormat1(bytes, count: count, into: &samples)
        case format2: decodeFormat2(bytes, count: count, into: &samples)
        default: .unknownFormat
        }
    }

    /// Whether `bytes` starts with the byte of a format this build decodes.
    static func isKnownFormat(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.first == format1 || bytes.first == format2
    }

    /// The error of a blob of a known format that ``decode(_:count:into:)`` finds malformed.
    static func malformedError(trace name: String) -> SQLiteError {
        SQLiteError(code: SQLITE_CORRUPT, message: "trace '\(name)': its packed samples are malformed")
    }

    /// Writes `value` as an unsigned LEB128 varint at `offset` (7 bits a byte, low first; at most 10 bytes).
    @inline(__always)
    static func storeVarint(_ value: UInt64, into bytes: UnsafeMutableRawBufferPointer, at offset: inout Int) {
        var value = value
        while value >= 0x80 {
            bytes[offset] = UInt8(truncatingIfNeeded: value) | 0x80
            value >>= 7
            offset += 1
        }
        bytes[offset] = UInt8(value)
        offset += 1
    }

    /// Reads an unsigned LEB128 varint at `offset`; `nil` when it runs past the end or past 64 bits (ten bytes).
    ///
    /// A one-byte varint (most of them: a phase and touches, a small move)
    /// takes the inlined fast path.
    @inline(__always)
    static func loadVarint(_ bytes: UnsafeRawBufferPointer, at offset: inout Int) -> UInt64? {
        guard offset < bytes.count else { return nil }
        let first = bytes[offset]
        offset += 1
        return first < 0x80 ? UInt64(first) : loadVarint(bytes, after: first, at: &offset)
    }

    /// The rest of a varint whose first byte `first` says that more follow.
    static func loadVarint(_ bytes: UnsafeRawBufferPointer, after first: UInt8, at offset: inout Int) -> UInt64? {
        var value = UInt64(first & 0x7F)
        var shift: UInt64 = 7
        while true {
            guard offset < bytes.count, shift < 64 else { return nil }
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }
}
