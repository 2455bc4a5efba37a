import Testing

@testable import PanTraceCore
@testable import PanTraceModel

/// The families' intents are realistic under the simulator: the default
/// config mostly agrees with them, but borderline cases exist, so that
/// changing a threshold or a rule flips some decisions (what `replay` and
/// the README's "decisions that disagree with their intent" show).
@Suite struct SyntheticIntentTests {
    static let corpus = SyntheticCorpus(seed: 21)

    static func outcomes(_ family: SyntheticFamily, _ change: (inout Config) -> Void = { _ in }) -> [Outcome] {
        var config = Config()
        change(&config)
        return SyntheticTraceChecks.indexes(of: family, perFamily: 150).map {
            Simulator.simulate(corpus.trace(at: $0), under: config)
        }
    }

    static func share(_ outcomes: [Outcome], _ decision: Decision) -> Double {
        Double(outcomes.count { $0.decision == decision }) / Double(max(1, outcomes.count))
    }

    @Test func slowDragsMostlyFinishWithBorderlineCases() {
        let finished = Self.share(Self.outcomes(.slowDrag), .finish)
        #expect((0.6...0.92).contains(finished))
        #expect(Self.share(Self.outcomes(.slowDrag) { $0.threshold = 0.3 }, .finish) > finished + 0.05)
        #expect(Self.share(Self.outcomes(.slowDrag) { $0.threshold = 0.5 }, .finish) < finished - 0.1)
    }

    @Test func peeksMostlyCancelWithBorderlineCases() {
        let cancelled = Self.share(Self.outcomes(.peek), .cancel)
        #expect((0.85...0.99).contains(cancelled))
        #expect(Self.share(Self.outcomes(.peek) { $0.threshold = 0.3 }, .cancel) < cancelled - 0.05)
    }

    @Test func flicksNeedTheVelocityOrProjectionRule() {
        #expect(Self.share(Self.outcomes(.flick), .finish) < 0.05)
        let byVelocity = Self.share(Self.outcomes(.flick) { $0.decision = .velocity }, .finish)
        #expect((0.5...0.95).contains(byVelocity))
        #expect(Self.share(Self.outcomes(.flick) { $0.decision = .projection }, .finish) > 0.8)
        let velocities = Self.outcomes(.flick).map(\.velocity)
        #expect((velocities.min() ?? 0) < 900)
        #expect((velocities.max() ?? 0) > 1800)
    }

    @Test func dragBacksCancelAndReverseFlick() {
        #expect(Self.share(Self.outcomes(.dragBack), .cancel) > 0.95)
        let reverse = Self.outcomes(.dragBack) { $0.decision = .velocity }.count { $0.reason == .reverseFlick }
        #expect(reverse > 30)
    }

    @Test func scrollHandoffFinishesOnlyWithHandoffGating() {
        #expect(Self.outcomes(.scrollHandoff).allSatisfy { $0.reason == .scrollOwned })
        let handoff = Self.outcomes(.scrollHandoff) { $0.scrollGating = .handoff }
        #expect(Self.share(handoff, .finish) > 0.55)
        #expect(handoff.allSatisfy { $0.startSeq != nil })
    }

    @Test func secondFingersFailUnlessTwoTouchesAreAllowed() {
        #expect(Self.outcomes(.twoFinger).allSatisfy { $0.reason == .tooManyTouches })
        #expect(Self.share(Self.outcomes(.twoFinger) { $0.maximumNumberOfTouches = 2 }, .finish) > 0.6)
    }

    @Test func edgeCasesNeverDismiss() {
        #expect(Self.outcomes(.systemCancel).allSatisfy { $0.reason == .cancelled })
        #expect(Self.outcomes(.tap).allSatisfy { $0.reason == .neverBegan })
        #expect(Self.outcomes(.scrollDeep) { $0.scrollGating = .handoff }.allSatisfy { $0.reason == .scrollOwned })
        #expect(Self.share(Self.outcomes(.sideways), .finish) == 0)
    }

    @Test func theGeneratorsIntentsAreSynthetic() {
        let corpus = SyntheticCorpus(seed: 3)
        var labelled = 0
        for trace in corpus.traces(count: 260) {
            #expect(trace.labelSource == (trace.intent == nil ? nil : .synthetic), "\(trace.name)")
            #expect(trace.intentSource == trace.labelSource)
            if trace.intent != nil { labelled += 1 }
        }
        #expect(labelled == 220)  // 11 of the 13 families carry an intent (docs/synthetic.md)
    }

    /// docs/synthetic.md: a second finger and a system cancel carry no intent.
    @Test func twoFingerAndSystemCancelCarryNoIntent() {
        let corpus = SyntheticCorpus(seed: 5, families: [.twoFinger, .systemCancel])
        #expect(corpus.traces(count: 60).allSatisfy { $0.intent == nil && $0.intentSource == nil })
    }
}
