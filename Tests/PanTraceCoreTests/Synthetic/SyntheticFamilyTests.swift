import Testing

@testable import PanTraceCore
@testable import PanTraceModel

/// Each family produces the gesture its name and documentation promise.
@Suite struct SyntheticFamilyTests {
    static let corpus = SyntheticCorpus(seed: 11)

    static func traces(of family: SyntheticFamily, count: Int = 80) -> [Trace] {
        SyntheticTraceChecks.indexes(of: family, perFamily: count).map { corpus.trace(at: $0) }
    }

    /// Downward travel from the `down` to the last sample, in points.
    static func travel(_ trace: Trace) -> Double {
        (trace.samples.last?.y ?? 0) - (trace.samples.first?.y ?? 0)
    }

    static let documentedIntent: [SyntheticFamily: Intent] = [
        .slowDrag: .finish, .peek: .cancel, .flick: .finish, .dragBack: .cancel, .noisyDrag: .finish,
        .sideways: .cancel, .scrollTop: .finish, .scrollHandoff: .finish, .scrollDeep: .cancel,
        .tap: .cancel,
    ]
    /// docs/synthetic.md: whose intent is unknown carries none.
    static let unlabelled: Set<SyntheticFamily> = [.twoFinger, .systemCancel]

    @Test(arguments: SyntheticFamily.all)
    func intentIsTheDocumentedOne(family: SyntheticFamily) {
        let traces = Self.traces(of: family)
        let intents = Set(traces.compactMap(\.intent))
        if Self.unlabelled.contains(family) {
            #expect(traces.allSatisfy { $0.intent == nil && $0.intentSource == nil })
        } else if let intent = Self.documentedIntent[family] {
            #expect(intents == [intent])
            #expect(traces.allSatisfy { $0.intentSource == .synthetic })
        } else {
            #expect(family == .hesitate)
            #expect(intents == [.finish, .cancel])
        }
    }

    @Test(arguments: SyntheticFamily.all)
    func onlySystemCancelEndsWithCancel(family: SyntheticFamily) {
        for trace in Self.traces(of: family) {
            #expect(trace.samples.last?.phase == (family == .systemCancel ? .cancel : .up))
        }
    }

    @Test(arguments: SyntheticFamily.all)
    func onlyTwoFingerHasASecondFinger(family: SyntheticFamily) {
        for trace in Self.traces(of: family) {
            let most = trace.samples.map(\.touches).max() ?? 0
            #expect(most == (family == .twoFinger ? 2 : 1), "\(trace.name)")
        }
    }

    @Test func theSecondFingerLandsBeforeTheTouchSlop() throws {
        for trace in Self.traces(of: .twoFinger) {
            let down = try #require(trace.samples.first)
            let first = try #require(trace.samples.first { $0.touches >= 2 })
            let dx = first.x - down.x
            let dy = first.y - down.y
            #expect((dx * dx + dy * dy).squareRoot() < 10, "\(trace.name)")
        }
    }

    @Test func scrollHandoffScrollsToTheTopAndContinues() {
        for trace in Self.traces(of: .scrollHandoff) {
            #expect(trace.scrollOffset > 0)
            #expect(trace.scrollContent > trace.height)
            #expect(Self.travel(trace) > trace.scrollOffset + 0.25 * trace.height, "\(trace.name)")
        }
    }

    @Test func scrollDeepNeverReachesTheTop() {
        for trace in Self.traces(of: .scrollDeep) {
            #expect(trace.scrollContent > trace.height)
            #expect(trace.scrollOffset > Self.travel(trace) + 20, "\(trace.name)")
            #expect(trace.scrollOffset <= trace.scrollContent - trace.height)
        }
    }

    @Test func scrollTopIsAtTheTopOfALongScrollView() {
        for trace in Self.traces(of: .scrollTop) {
            #expect(trace.scrollOffset == 0)
            #expect(trace.scrollContent > trace.height)
        }
    }

    @Test func sidewaysIsMostlyHorizontal() {
        for trace in Self.traces(of: .sideways) {
            guard let first = trace.samples.first, let last = trace.samples.last else { continue }
            #expect(abs(last.x - first.x) > 2 * abs(last.y - first.y), "\(trace.name)")
        }
    }

    @Test func dragBackTurnsAround() {
        for trace in Self.traces(of: .dragBack) {
            let start = trace.samples.first?.y ?? 0
            let peak = (trace.samples.map(\.y).max() ?? 0) - start
            #expect(peak > 0.4 * trace.height, "\(trace.name)")
            #expect(Self.travel(trace) < peak - 0.04 * trace.height, "\(trace.name)")
        }
    }

    @Test func hesitateRestsBeforeTheLift() throws {
        for trace in Self.traces(of: .hesitate) {
            let lift = try #require(trace.samples.last)
            let before = try #require(trace.samples.last { $0.t <= lift.t - 0.12 })
            #expect(abs(lift.y - before.y) < 5, "\(trace.name)")
        }
    }

    @Test func tapsBarelyMove() throws {
        for trace in Self.traces(of: .tap) {
            let down = try #require(trace.samples.first)
            for sample in trace.samples {
                let dx = sample.x - down.x
                let dy = sample.y - down.y
                #expect((dx * dx + dy * dy).squareRoot() < 15, "\(trace.name)")
            }
            #expect((trace.samples.last?.t ?? 0) < 0.35)
        }
    }

    @Test func noisyDragsAreNoisierThanSlowDrags() {
        // Mean absolute second difference of x: noise, not the smooth path.
        func roughness(_ traces: [Trace]) -> Double {
            var total = 0.0
            var count = 0
            for trace in traces where trace.samples.count > 3 {
                let xs = trace.samples.map(\.x)
                for index in 2..<xs.count {
                    total += abs(xs[index] - 2 * xs[index - 1] + xs[index - 2])
                    count += 1
                }
            }
            return total / Double(max(1, count))
        }
        #expect(roughness(Self.traces(of: .noisyDrag)) > 2 * roughness(Self.traces(of: .slowDrag)))
    }
}
