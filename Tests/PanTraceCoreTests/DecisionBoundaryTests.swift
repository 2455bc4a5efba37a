import PropertyBased
import Testing

@testable import PanTraceCore
@testable import PanTraceModel

@Suite struct DecisionBoundaryTests {
    /// The boundary's velocity at percent `p` on its first non-vertical segment spanning `p`.
    static func velocity(on boundary: DecisionBoundary, at p: Double) -> Double? {
        for (a, b) in zip(boundary.points, boundary.points.dropFirst()) where a.0 != b.0 {
            let (low, high) = (min(a.0, b.0), max(a.0, b.0))
            if p >= low, p <= high { return a.1 + (p - a.0) / (b.0 - a.0) * (b.1 - a.1) }
        }
        return nil
    }

    /// Whether `(p, v)` lies on the right-hand side of the boundary walked in
    /// order (its finish side): the side of the segment that spans `p`, or of
    /// the nearest vertical segment when none does.
    static func isFinishSide(_ boundary: DecisionBoundary, p: Double, v: Double) -> Bool? {
        let segments = Array(zip(boundary.points, boundary.points.dropFirst()))
        let spanning = segments.first { a, b in a.0 != b.0 && p >= min(a.0, b.0) && p <= max(a.0, b.0) }
        let vertical = segments.filter { a, b in a.0 == b.0 && v >= min(a.1, b.1) && v <= max(a.1, b.1) }
            .min { abs($0.0.0 - p) < abs($1.0.0 - p) }
        // A vertical segment decides only where no segment spans `p`: one elsewhere
        // (a velocity rule's jump at its threshold) can hold `v` in its range too.
        guard let (a, b) = spanning ?? vertical else { return nil }
        let cross = (b.0 - a.0) * (v - a.1) - (b.1 - a.1) * (p - a.0)
        return cross <= 0
    }

    @Test func projectionBoundaryIsWhereProjectedEqualsThreshold() throws {
        // E = 800, r = 0.998, threshold 0.4: at p = 0.3 the boundary velocity is
        // v = (0.4 − 0.3) · 800 · 1000 · 0.002 / 0.998 = 160.3206 pt/s, and then
        // projected = 0.3 + (0.1603206 · 0.998 / 0.002) / 800 = 0.3 + 80 / 800 = 0.4.
        var config = Config()
        config.decision = .projection
        let boundary = DecisionBoundary(config, extent: 800, velocities: -5000, 5000)
        let v = try #require(Self.velocity(on: boundary, at: 0.3))
        #expect(abs(v - 160.3206) < 1e-3)
        #expect(boundary.description.contains("E = 800 pt"))
    }

    @Test func velocityBoundaryIsTheFlickLinesJoinedAtTheThreshold() {
        var config = Config()
        config.decision = .velocity
        config.threshold = 0.35
        config.flickVelocity = 900
        let boundary = DecisionBoundary(config, extent: 800, velocities: -5000, 5000)
        #expect(abs((Self.velocity(on: boundary, at: 0.1) ?? 0) - 900) < 1e-9)
        #expect(abs((Self.velocity(on: boundary, at: 0.8) ?? 0) + 900) < 1e-9)
        #expect(Self.isFinishSide(boundary, p: 0.1, v: 950) == true)
        #expect(Self.isFinishSide(boundary, p: 0.1, v: 850) == false)
        #expect(Self.isFinishSide(boundary, p: 0.5, v: -850) == true)
        #expect(Self.isFinishSide(boundary, p: 0.5, v: -950) == false)
    }

    /// The drawn boundary separates the releases the simulator finishes from
    /// those it cancels, for every rule (docs/model.md §4.6), each trace at its own extent.
    @Test func releasesFallOnTheSideOfTheirDecision() async {
        await propertyCheck(
            count: 300, input: Gen<UInt64>.uint64(), Gen.int(in: 0...5_000), Gen.int(in: 0...3), Gen.int(in: 1...8)
        ) { seed, index, rule, tenths in
            let trace = SyntheticCorpus(seed: seed).trace(at: index)
            var config = Config()
            config.decision = DecisionRule.allCases[rule]
            config.threshold = Double(tenths) / 10
            // The units and the reverse flick of docs/model.md §4.6, from the seed's low bits.
            if seed & 1 == 1 {
                config.thresholdUnit = .points
                config.threshold = Double(tenths) * 40
            }
            config.flickVelocityUnit = FlickVelocityUnit.allCases[Int((seed >> 1) % 3)]
            if config.flickVelocityUnit != .points { config.flickVelocity = [1, 2, 5.5][Int((seed >> 3) % 3)] }
            config.reverseFlick = (seed >> 5) & 1 == 0
            let outcome = Simulator.simulate(trace, under: config)
            let summary = ResultSummary(outcome)
            guard ReleaseMapInput.hasRelease(summary) else { return }
            let extent = ReleaseMapInput.extent(of: trace, under: config)
            let boundary = DecisionBoundary(config, extent: extent, velocities: -1e6, 1e6)
            // Ties on the line itself are the spec's ≥: skip releases within a hair of it.
            if let line = Self.velocity(on: boundary, at: outcome.percent), abs(line - outcome.velocity) < 1e-6 { return }
            let fraction = config.thresholdUnit == .points ? config.threshold / extent : config.threshold
            if abs(outcome.percent - fraction) < 1e-9 { return }
            let side = Self.isFinishSide(boundary, p: outcome.percent, v: outcome.velocity)
            #expect(side == (outcome.decision == .finish), "\(trace.name) \(config.decision) p=\(outcome.percent) v=\(outcome.velocity)")
        }
    }
}
