import PanTraceModel
import Testing

@testable import PanTraceStore

/// `trace.packed`: the blob's layout round trip, bit for bit, and its rejection of damaged blobs.
///
/// Mostly format 1 (the doubles as they are); `PackedFormat2Tests` covers format 2.
@Suite struct PackedSamplesTests {
    /// SplitMix64: a small deterministic generator, so that a failure can be replayed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Awkward doubles: signed zeros, subnormals, the extremes, and ordinary values.
    static let awkward: [Double] = [
        0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e-300, -1e300, 0.1, 1.0 / 3, 139.333, -96.8262192221427,
        Double(bitPattern: 0x7FEF_FFFF_FFFF_FFFE), Double.ulpOfOne,
    ]

    static func randomDouble(_ generator: inout Generator) -> Double {
        switch generator.next() % 3 {
        case 0: return awkward[Int(generator.next() % UInt64(awkward.count))]
        case 1: return Double.random(in: -5000...5000, using: &generator)
        default:
            // Any finite bit pattern.
            var value = Double(bitPattern: generator.next())
            while !value.isFinite { value = Double(bitPattern: generator.next()) }
            return value
        }
    }

    static func randomSamples(_ generator: inout Generator) -> [Sample] {
        let count = Int(generator.next() % 300)
        let touches = [1, 2, 127, 128, 300, 16_383, 16_384, Int(Int32.max), Int.max]
        return (0..<count).map { _ in
            Sample(
                t: randomDouble(&generator), x: randomDouble(&generator), y: randomDouble(&generator),
                phase: Phase.allCases[Int(generator.next() % 4)],
                touches: generator.next() % 2 == 0 ? 1 : touches[Int(generator.next() % UInt64(touches.count))])
        }
    }

    static func bits(_ samples: [Sample]) -> [[UInt64]] {
        samples.map { [$0.t.bitPattern, $0.x.bitPattern, $0.y.bitPattern, UInt64(bitPattern: Int64($0.touches))] }
    }

    /// The format ``PackedSamples/encode(_:into:)`` must choose: 2 when every value is on its grid.
    static func expectedFormat(_ samples: [Sample]) -> UInt8 {
        let onGrids = samples.allSatisfy {
            PackedSamples.gridValue($0.t, scale: 1e6) != nil && PackedSamples.gridValue($0.x, scale: 1e3) != nil
                && PackedSamples.gridValue($0.y, scale: 1e3) != nil && (0..<(1 << 62)).contains($0.touches)
        }
        return onGrids ? 2 : 1
    }

    /// The format-1 blob of `samples`, whatever format ``PackedSamples/encode(_:into:)`` would choose.
    static func formatOneBlob(_ samples: [Sample]) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 1 + samples.count * PackedSamples.maximumSampleBytes)
        let length = buffer.withUnsafeMutableBytes { PackedSamples.encodeFormat1(samples, into: $0) }
        return Array(buffer[..<length])
    }

    static func decode(_ bytes: [UInt8], count: Int) -> (PackedSamples.Decoding, [Sample]) {
        var samples: [Sample] = []
        let decoding = bytes.withUnsafeBytes { PackedSamples.decode($0, count: count, into: &samples) }
        return (decoding, samples)
    }

    /// Property: any samples survive encode and decode bit for bit, through one
    /// reused buffer, in the format their values allow.
    @Test func roundTripIsBitExact() {
        var generator = Generator(state: 20_251_121)
        var buffer: [UInt8] = []
        for _ in 0..<400 {
            let samples = Self.randomSamples(&generator)
            let length = PackedSamples.encode(samples, into: &buffer)
            let blob = Array(buffer[..<length])
            #expect(blob.first == Self.expectedFormat(samples))
            let (decoding, decoded) = Self.decode(blob, count: samples.count)
            #expect(decoding == .decoded)
            #expect(decoded.map(\.phase) == samples.map(\.phase))
            #expect(Self.bits(decoded) == Self.bits(samples))
        }
    }

    /// Format 1 as schema.sql documents it, byte by byte: −0 is no whole
    /// number of thousandths (its sign would not survive), so this trace is
    /// written in format 1.
    @Test func formatOneLayoutIsTheDocumentedOne() {
        var buffer: [UInt8] = []
        let samples = [
            Sample(t: 0, x: -0.0, y: 1, phase: .down, touches: 1),
            Sample(t: 0.5, x: 2, y: 3, phase: .cancel, touches: 300),
        ]
        let length = PackedSamples.encode(samples, into: &buffer)
        func littleEndian(_ value: Double) -> [UInt8] {
            (0..<8).map { UInt8(truncatingIfNeeded: value.bitPattern >> (8 * UInt64($0))) }
        }
        let expected: [UInt8] =
            [1] + littleEndian(0) + littleEndian(-0.0) + littleEndian(1) + [0, 1]
            + littleEndian(0.5) + littleEndian(2) + littleEndian(3) + [3, 0xAC, 0x02]
        #expect(Array(buffer[..<length]) == expected)
        #expect(Self.formatOneBlob(samples) == expected)
        #expect(Self.formatOneBlob([]) == [1])
        #expect(Self.decode([1], count: 0).0 == .decoded)
        // No samples: nothing off a grid, so format 2, one byte too.
        #expect(PackedSamples.encode([], into: &buffer) == 1)
        #expect(buffer.first == 2)
    }

    /// Damaged format-1 blobs (these samples are on the grids, so ``formatOneBlob(_:)`` forces format 1).
    @Test func damagedBlobsAreRefused() {
        let samples = [Sample(t: 0, x: 1, y: 2, phase: .down), Sample(t: 1, x: 1, y: 9, phase: .up, touches: 200)]
        let blob = Self.formatOneBlob(samples)
        #expect(blob.count == 1 + 26 + 27)
        #expect(Self.decode(blob, count: 2).0 == .decoded)
        #expect(Self.decode([], count: 0).0 == .malformed)
        #expect(Self.decode(Array(blob.dropLast()), count: 2).0 == .malformed)
        #expect(Self.decode(blob + [0], count: 2).0 == .malformed)
        #expect(Self.decode(blob, count: 1).0 == .malformed)
        #expect(Self.decode(blob, count: 3).0 == .malformed)
        #expect(Self.decode(blob, count: -1).0 == .malformed)
        #expect(Self.decode(blob, count: Int.max).0 == .malformed)
        var badPhase = blob
        badPhase[25] = 4
        #expect(Self.decode(badPhase, count: 2).0 == .malformed)
        let endlessVarint = [1] + [UInt8](repeating: 0, count: 25) + [UInt8](repeating: 0xFF, count: 11) + [0]
        #expect(Self.decode(endlessVarint, count: 1).0 == .malformed)
        for format: UInt8 in [0, 3, 0xFF] {
            var later = blob
            later[0] = format
            #expect(Self.decode(later, count: 2).0 == .unknownFormat)
        }
    }
}
