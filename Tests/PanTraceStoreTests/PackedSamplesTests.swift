import PanTraceCore
import Testing

@testable import PanTraceStore

/// `trace.packed`: the blob's layout round trip, bit for bit, and its rejection of damaged blobs.
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

    static func decode(_ bytes: [UInt8], count: Int) -> (PackedSamples.Decoding, [Sample]) {
        var samples: [Sample] = []
        let decoding = bytes.withUnsafeBytes { PackedSamples.decode($0, count: count, into: &samples) }
        return (decoding, samples)
    }

    /// Property: any samples survive encode and decode bit for bit, through one reused buffer.
    @Test func roundTripIsBitExact() {
        var generator = Generator(state: 20_251_121)
        var buffer: [UInt8] = []
        for _ in 0..<400 {
            let samples = Self.randomSamples(&generator)
            let length = PackedSamples.encode(samples, into: &buffer)
            let blob = Array(buffer[..<length])
            #expect(blob.first == PackedSamples.format)
            let (decoding, decoded) = Self.decode(blob, count: samples.count)
            #expect(decoding == .decoded)
            #expect(decoded.map(\.phase) == samples.map(\.phase))
            #expect(Self.bits(decoded) == Self.bits(samples))
        }
    }

    /// The layout schema.sql documents, byte by byte.
    @Test func layoutIsTheDocumentedOne() {
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
        #expect(PackedSamples.encode([], into: &buffer) == 1)
        #expect(Self.decode([1], count: 0).0 == .decoded)
    }

    @Test func damagedBlobsAreRefused() {
        var buffer: [UInt8] = []
        let samples = [Sample(t: 0, x: 1, y: 2, phase: .down), Sample(t: 1, x: 1, y: 9, phase: .up, touches: 200)]
        let blob = Array(buffer[..<PackedSamples.encode(samples, into: &buffer)])
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
        var later = blob
        later[0] = 2
        #expect(Self.decode(later, count: 2).0 == .unknownFormat)
    }
}
