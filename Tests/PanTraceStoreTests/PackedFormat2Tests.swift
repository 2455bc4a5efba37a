import PanTraceCore
import PanTraceModel
import PropertyBased
import Testing

@testable import PanTraceStore

/// Format 2 of `trace.packed` (schema.sql, after `trace`): chosen exactly when
/// every value is on its grid, bit for bit either way, and strict about damage.
@Suite struct PackedFormat2Tests {
    /// An integer of any size below 2⁵¹ (the shift spreads the magnitudes: as
    /// many of 1–2 bytes as of 7–8), the range in which `(Double(m) / scale) * scale`
    /// rounds back to `m`.
    static let gridInteger = zip(Gen.int64(in: -(1 << 51) + 1...(1 << 51) - 1), Gen.int(in: 0...51))
        .map { value, bits in value >> Int64(51 - bits) }

    /// Fingers: mostly 1 or 2, up to the largest count format 2 holds (2⁶² − 1).
    static let touches = zip(Gen.int(in: 0...(1 << 62) - 1), Gen.int(in: 0...61))
        .map { value, bits in max(1, value >> (61 - bits)) }

    /// A sample whose `t` is a whole number of microseconds and whose `x` and `y` are whole thousandths.
    static let gridSample = zip(gridInteger, gridInteger, gridInteger, Gen<Phase>.case, touches)
        .map { t, x, y, phase, touches in
            Sample(t: Double(t) / 1e6, x: Double(x) / 1e3, y: Double(y) / 1e3, phase: phase, touches: touches)
        }

    /// Values on neither grid, each for its own reason (``offGridValuesAreOffBothGrids()`` checks them).
    static let offGrid: [Double] = [
        1.0 / 3, 0.1 + 0.2, -0.0, .pi, 1e-7, 5e-7, -2.5e-10, .leastNonzeroMagnitude, -.leastNormalMagnitude,
        // Whole numbers, but 2⁵³ steps of a grid or more: an integer that a double may not hold.
        1e13, -1e13, 9_007_199_254.740_992, 1e300, -1e300, .greatestFiniteMagnitude,
    ]

    /// Counts of fingers that `touches << 2` cannot hold.
    static let offTouches = [-1, Int.min, 1 << 62, Int.max]

    static func bits(_ samples: [Sample]) -> [[UInt64]] {
        samples.map { [$0.t.bitPattern, $0.x.bitPattern, $0.y.bitPattern, UInt64(bitPattern: Int64($0.touches))] }
    }

    /// Encodes `samples` into a used buffer (stale bytes after the blob), decodes the blob after one sample already there.
    static func roundTrip(_ samples: [Sample]) -> (blob: [UInt8], decoding: PackedSamples.Decoding, decoded: [Sample]) {
        var buffer = [UInt8](repeating: 0xFF, count: 512)
        let blob = Array(buffer[..<PackedSamples.encode(samples, into: &buffer)])
        let first = Sample(t: -1, x: -0.0, y: .nan, phase: .cancel, touches: -7)
        var decoded = [first]
        let decoding = blob.withUnsafeBytes { PackedSamples.decode($0, count: samples.count, into: &decoded) }
        #expect(decoded.first.map { bits([$0]) } == bits([first]))
        return (blob, decoding, Array(decoded.dropFirst()))
    }

    /// Property: samples on the grids are written in format 2 and read back bit for bit.
    @Test func gridSamplesRoundTripInFormatTwo() async {
        await propertyCheck(count: 300, input: Self.gridSample.array(of: 0...120)) { samples in
            let (blob, decoding, decoded) = Self.roundTrip(samples)
            #expect(blob.first == PackedSamples.format2)
            #expect(decoding == .decoded)
            #expect(Self.bits(decoded) == Self.bits(samples))
            #expect(decoded.map(\.phase) == samples.map(\.phase))
            #expect(blob.count >= 1 + 4 * samples.count)
        }
    }

    /// Property: one value off its grid (or a count of fingers too large) sends the whole trace to format 1, bit for bit.
    @Test func offGridValuesFallBackToFormatOne() async {
        let input = zip(
            Self.gridSample.array(of: 1...60), Gen.int(in: 0...10_000), Gen.int(in: 0...3),
            Gen.int(in: 0...Self.offGrid.count - 1), Gen.int(in: 0...Self.offTouches.count - 1))
        await propertyCheck(count: 300, input: input) { samples, index, field, value, touches in
            let value = Self.offGrid[value]
            let touches = Self.offTouches[touches]
            var samples = samples
            let at = index % samples.count
            switch field {
            case 0: samples[at].t = value
            case 1: samples[at].x = value
            case 2: samples[at].y = value
            default: samples[at].touches = touches
            }
            let (blob, decoding, decoded) = Self.roundTrip(samples)
            #expect(blob.first == PackedSamples.format1)
            #expect(decoding == .decoded)
            #expect(Self.bits(decoded) == Self.bits(samples))
            #expect(decoded.map(\.phase) == samples.map(\.phase))
        }
    }

    /// Property: any grid integer below 2⁵³, where rounding may pick a
    /// neighbour of `m` that gives the same double, still round-trips bit for bit.
    @Test func largeGridIntegersRoundTripInEitherFormat() async {
        let large = zip(Gen.int64(in: -(1 << 53) + 1...(1 << 53) - 1), Gen.int64(in: -(1 << 53) + 1...(1 << 53) - 1))
            .map { t, x in Sample(t: Double(t) / 1e6, x: Double(x) / 1e3, y: Double(t) / 1e3, phase: .move) }
        await propertyCheck(count: 300, input: large.array(of: 1...20)) { samples in
            let (blob, decoding, decoded) = Self.roundTrip(samples)
            #expect(blob.first == PackedSamplesTests.expectedFormat(samples))
            #expect(decoding == .decoded)
            #expect(Self.bits(decoded) == Self.bits(samples))
        }
    }

    /// Property: every synthetic trace (`GestureSampler`: whole µs, positions
    /// snapped to 1/1000 pt), of any seed, is written in format 2.
    @Test func syntheticTracesTakeFormatTwo() async {
        await propertyCheck(count: 300, input: Gen<UInt64>.uint64(), Gen.int(in: 0...50_000)) { seed, index in
            let trace = SyntheticCorpus(seed: seed).trace(at: index)
            let (blob, decoding, decoded) = Self.roundTrip(trace.samples)
            #expect(blob.first == PackedSamples.format2, "\(trace.name)")
            #expect(decoding == .decoded)
            #expect(Self.bits(decoded) == Self.bits(trace.samples))
        }
    }

    @Test func offGridValuesAreOffBothGrids() {
        for value in Self.offGrid {
            #expect(PackedSamples.gridValue(value, scale: 1e6) == nil, "\(value)")
            #expect(PackedSamples.gridValue(value, scale: 1e3) == nil, "\(value)")
        }
        // And their neighbours on the grids are on them.
        for value in [0.333333, 0.3, 3.141593, 0.000001, 9_007_199_254.740_99] {
            #expect(PackedSamples.gridValue(value, scale: 1e6) != nil, "\(value)")
        }
        #expect(PackedSamples.gridValue(9_007_199_254_740.99, scale: 1e3) == 9_007_199_254_740_990)
        #expect(PackedSamples.gridValue(0.0005, scale: 1e6) == 500)
        #expect(PackedSamples.gridValue(0.0005, scale: 1e3) == nil)
        #expect(PackedSamples.gridValue(-139.333, scale: 1e3) == -139_333)
        #expect(PackedSamples.gridValue(0, scale: 1e3) == 0)
        #expect(PackedSamples.gridValue(.nan, scale: 1e3) == nil)
        #expect(PackedSamples.gridValue(.infinity, scale: 1e6) == nil)
    }

    /// The layout schema.sql documents, byte by byte: zigzag deltas from 0, then `touches << 2 | phase`.
    @Test func layoutIsTheDocumentedOne() {
        let samples = [
            Sample(t: 0, x: 1.5, y: -2, phase: .down),
            Sample(t: 0.008333, x: 1.499, y: -2, phase: .move),
            Sample(t: 0.016667, x: 0.2, y: 300, phase: .cancel, touches: 300),
        ]
        let expected: [UInt8] = [
            0x02,
            // Δt 0; Δx 1500 → zigzag 3000; Δy −2000 → 3999; touches 1, down → 4
            0x00, 0xB8, 0x17, 0x9F, 0x1F, 0x04,
            // Δt 8333 → 16666; Δx −1 → 1; Δy 0; touches 1, move → 5
            0x9A, 0x82, 0x01, 0x01, 0x00, 0x05,
            // Δt 8334 → 16668; Δx −1299 → 2597; Δy 302000 → 604000; 300 << 2 | cancel → 1203
            0x9C, 0x82, 0x01, 0xA5, 0x14, 0xE0, 0xEE, 0x24, 0xB3, 0x09,
        ]
        let (blob, decoding, decoded) = Self.roundTrip(samples)
        #expect(blob == expected)
        #expect(decoding == .decoded)
        #expect(Self.bits(decoded) == Self.bits(samples))
        #expect(decoded.map(\.phase) == [.down, .move, .cancel])
        // Every phase code and a zero count of fingers: the two low bits.
        let codes = PackedSamplesTests.decode([2, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 7], count: 4)
        #expect(codes.0 == .decoded)
        #expect(codes.1.map(\.phase) == [.down, .move, .up, .cancel])
        #expect(codes.1.map(\.touches) == [0, 0, 0, 1])
    }

    /// An unsigned LEB128 varint of `value`.
    static func varint(_ value: UInt64) -> [UInt8] {
        var value = value
        var bytes: [UInt8] = []
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        return bytes + [UInt8(value)]
    }

    @Test func damagedBlobsAreRefused() {
        let samples = [Sample(t: 0, x: 1, y: 2, phase: .down), Sample(t: 1, x: 1, y: 9, phase: .up, touches: 200)]
        let blob = Self.roundTrip(samples).blob
        #expect(blob.first == 2)
        func decode(_ bytes: [UInt8], count: Int) -> PackedSamples.Decoding {
            PackedSamplesTests.decode(bytes, count: count).0
        }
        #expect(decode(blob, count: 2) == .decoded)
        #expect(decode([2], count: 0) == .decoded)
        #expect(decode([2], count: 1) == .malformed)
        // Truncated, trailing bytes, a wrong count.
        for cut in 1..<blob.count {
            #expect(decode(Array(blob[..<cut]), count: 2) == .malformed, "\(cut) bytes")
        }
        #expect(decode(blob + [0], count: 2) == .malformed)
        #expect(decode(blob + [0, 0, 0, 4], count: 2) == .malformed)
        for count in [-1, 0, 1, 3, Int.max, Int.min] {
            #expect(decode(blob, count: count) == .malformed, "count \(count)")
        }
        // A count the blob could not hold (four bytes a sample at least) reserves nothing.
        let zeros: [UInt8] = [2] + [UInt8](repeating: 0, count: 8)
        #expect(decode(zeros, count: 2) == .decoded)
        #expect(decode(zeros, count: 3) == .malformed)
        // A varint of eleven bytes; one of ten that still runs on.
        #expect(decode([2] + [UInt8](repeating: 0xFF, count: 10) + [0x01, 0, 0, 4], count: 1) == .malformed)
        #expect(decode([2] + [UInt8](repeating: 0x80, count: 10), count: 1) == .malformed)
        // Ten bytes that end are a varint (of 0 here).
        #expect(decode([2] + [UInt8](repeating: 0x80, count: 9) + [0, 0, 0, 4], count: 1) == .decoded)
        // A value that leaves the grid's range (2⁵³ steps), however it got there: the encoder never writes it.
        let limit = UInt64(1) << 53
        #expect(decode([2] + Self.varint(PackedSamples.zigzag(Int64(limit - 1))) + [0, 0, 4], count: 1) == .decoded)
        #expect(decode([2] + Self.varint(PackedSamples.zigzag(Int64(limit))) + [0, 0, 4], count: 1) == .malformed)
        #expect(decode([2, 0] + Self.varint(PackedSamples.zigzag(-Int64(limit))) + [0, 4], count: 1) == .malformed)
        let halfway = Self.varint(PackedSamples.zigzag(Int64(limit - 1)))
        #expect(decode([2, 0, 0] + halfway + [4] + [0, 0] + halfway + [4], count: 2) == .malformed)
        #expect(decode([2] + Self.varint(.max) + [0, 0, 4], count: 1) == .malformed)
        // Format 2 has no unknown phase: the two low bits are one of the four codes.
        // A later format is not damage: the caller reads the sample rows.
        for format: UInt8 in [0, 3, 0x80, 0xFF] {
            var later = blob
            later[0] = format
            #expect(decode(later, count: 2) == .unknownFormat)
        }
    }

    @Test func zigzagIsTheDocumentedMapping() {
        #expect([0, -1, 1, -2, 2, Int64.max, Int64.min].map(PackedSamples.zigzag) == [0, 1, 2, 3, 4, .max - 1, .max])
        for value: Int64 in [0, -1, 1, 8333, -1299, Int64.max, Int64.min, 1 << 53, -(1 << 53)] {
            #expect(PackedSamples.unzigzag(PackedSamples.zigzag(value)) == value)
        }
    }
}
