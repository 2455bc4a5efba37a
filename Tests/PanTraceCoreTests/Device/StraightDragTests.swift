import Testing
import TraceFixtures
@testable import PanTraceCore
@testable import PanTraceModel

/// `export xcuitest`'s straight drag (docs/device.md): its speed, its hold and
/// the trace the re-simulation reads. The numbers are computed by hand.
@Suite struct StraightDragTests {
    /// Example 2 (§4.9): down (200, 100), release (200, 200), v = 1250: L = Δq = 100, S = 1250,
    /// t_e = 0.05 + 100/1250 = 0.13; the grid's moves are k = 1…9 (0.05 + 9/120 = 0.125 < 0.13).
    @Test func workedExample2DragsAtTheReleaseVelocity() {
        var builder = WorkedExamples.example2Moves
        builder.up()
        let drag = StraightDrag(builder.trace, velocity: 1250, interaction: .pullToDismiss)
        #expect(drag.length == 100)
        #expect(drag.speed == 1250)
        #expect(drag.hold == 0)
        #expect(abs(drag.endTime - 0.13) < 1e-12)
        let samples = drag.performed(from: builder.trace).samples
        #expect(samples.count == 12)
        #expect(samples.map(\.phase) == [.down] + Array(repeating: .move, count: 10) + [.up])
        #expect(samples[0].t == 0 && samples[0].y == 100)
        #expect(abs(samples[1].t - (0.05 + 1.0 / 120)) < 1e-15)
        #expect(abs(samples[1].y - (100 + 1250.0 / 120)) < 1e-9)
        #expect(abs(samples[9].t - 0.125) < 1e-12)
        #expect(samples[10].y == 200 && abs(samples[10].t - 0.13) < 1e-12)
        #expect(samples[11].y == 200 && samples[11].t == samples[10].t)
        #expect(samples.allSatisfy { $0.x == 200 })
    }

    /// A diagonal drag: L = 50, Δq = 40 along y, so S = 800 · 50 / 40 = 1000 and the speed along y is 800.
    @Test func theSpeedGivesTheVelocityAlongTheAxis() {
        var builder = TraceBuilder()
        builder.down(x: 0, y: 0)
        builder.move(t: 0.1, x: 30, y: 40)
        builder.up()
        #expect(StraightDrag(builder.trace, velocity: 800, interaction: .pullToDismiss).speed == 1000)
        // Along x (swipe-back) Δq = 30: S = 800 · 50 / 30.
        #expect(abs(StraightDrag(builder.trace, velocity: -800, interaction: .swipeBack).speed - 4000.0 / 3) < 1e-9)
        // v = 0: S = L / (t_release − t_down) = 50 / 0.1.
        #expect(abs(StraightDrag(builder.trace, velocity: 0, interaction: .pullToDismiss).speed - 500) < 1e-9)
    }

    /// Δq = 0 (a sideways drag under pull-to-dismiss) takes the fallback, and a slow one is held at 1 pt/s.
    @Test func theFallbackSpeed() {
        var builder = TraceBuilder()
        builder.down(x: 100, y: 300)
        builder.move(t: 2, x: 101, y: 300)
        builder.up()
        let drag = StraightDrag(builder.trace, velocity: 300, interaction: .pullToDismiss)
        #expect(drag.speed == 1)  // max(1, 1 / 2)
        var quick = TraceBuilder()
        quick.down(x: 100, y: 300)
        quick.move(t: 0, x: 160, y: 300)
        quick.up()
        #expect(StraightDrag(quick.trace, velocity: 0, interaction: .pullToDismiss).speed == 60_000)  // 60 / 0.001
    }

    /// The hold is the rest when the up did not move, 0 when it moved and 0 for a cancel.
    @Test func theHoldIsTheRest() {
        var rested = WorkedExamples.example2Moves
        rested.up(after: 0.25)
        let drag = StraightDrag(rested.trace, velocity: 1250, interaction: .pullToDismiss)
        #expect(abs(drag.hold - 0.25) < 1e-12)
        let samples = drag.performed(from: rested.trace).samples
        #expect(abs(samples[samples.count - 1].t - 0.38) < 1e-12)

        var moved = WorkedExamples.example2Moves
        moved.up(after: 0.25, y: 230)
        let movedDrag = StraightDrag(moved.trace, velocity: 1250, interaction: .pullToDismiss)
        #expect(movedDrag.hold == 0 && movedDrag.end.y == 230 && movedDrag.length == 130)

        var cancelled = WorkedExamples.example2Moves
        cancelled.cancel(after: 0.3)
        let cancelDrag = StraightDrag(cancelled.trace, velocity: 0, interaction: .pullToDismiss)
        #expect(cancelDrag.hold == 0 && cancelDrag.cancels)
        let cancelSamples = cancelDrag.performed(from: cancelled.trace).samples
        #expect(cancelSamples.last?.phase == .cancel)
        #expect(cancelSamples.last?.t == cancelSamples[cancelSamples.count - 2].t)
    }

    /// A drag of length 0 is the down and the lift after the press and the
    /// rest, one finger (docs/device.md: a second finger is something neither form can replay).
    @Test func aDragOfLengthZeroIsTheDownAndTheLift() {
        var builder = TraceBuilder()
        builder.down(y: 300, touches: 2)
        builder.move(t: 0.1, y: 300, touches: 2)
        builder.up(after: 0.1)
        let drag = StraightDrag(builder.trace, velocity: 0, interaction: .pullToDismiss)
        let samples = drag.performed(from: builder.trace).samples
        #expect(samples.map(\.phase) == [.down, .up])
        #expect(samples.map(\.touches) == [1, 1])
        #expect(abs(samples[1].t - 0.15) < 1e-12)
    }

    /// Property: over synthetic traces, the grid is 1/120 s apart, ends at t_e, and its places lie on the line.
    @Test func theGridLiesOnTheLine() {
        let config = Config()
        for trace in SyntheticCorpus(seed: 5).traces(count: 150) {
            let gesture = DeviceGesture(dragOf: trace, under: config)
            let drag = gesture.form
            let samples = drag.performed(from: trace).samples
            #expect(samples.first?.phase == .down && samples.first?.t == 0)
            #expect(samples.first?.touches == 1)
            for sample in samples.dropFirst() {
                #expect(sample.touches == 1)
                // On the line from start to end: the cross product is 0.
                let cross = (sample.x - drag.start.x) * (drag.end.y - drag.start.y) - (sample.y - drag.start.y) * (drag.end.x - drag.start.x)
                #expect(abs(cross) <= 1e-6 * max(1, drag.length * drag.length), "\(trace.name)")
            }
            guard drag.length > 0 else { continue }
            let grid = samples.dropFirst().dropLast(2)
            for (index, sample) in grid.enumerated() {
                #expect(abs(sample.t - (0.05 + Double(index + 1) / 120)) < 1e-12, "\(trace.name)")
            }
            #expect(samples[samples.count - 2].t == drag.endTime)
        }
    }

    @Test func faithfulIsDecidingAlike() {
        var builder = WorkedExamples.example2Moves
        builder.up()
        let velocity = Config.with { $0.decision = .velocity }
        let actions = DeviceGesture(actionsOf: builder.trace, under: velocity)
        #expect(actions.original.decision == .finish && actions.original.reason == .flick)
        #expect(actions.faithful)
        let drag = DeviceGesture(dragOf: builder.trace, under: velocity)
        #expect(drag.performed.decision == .finish && drag.faithful)
        // Two fingers on the moves: the original never begins (maximumNumberOfTouches 1), one finger does.
        var twoFingers = TraceBuilder()
        twoFingers.down(y: 100)
        for step in 1...10 { twoFingers.move(t: 0.008 * Double(step), y: 100 + 10 * Double(step), touches: 2) }
        twoFingers.up()
        let two = DeviceGesture(actionsOf: twoFingers.trace, under: velocity)
        #expect(two.original.decision == .none && two.performed.decision == .finish && !two.faithful)
    }

    /// A drag released moving up (towards the sheet staying) whose straight
    /// drag ends at the same place moving down: both cancel, but the
    /// exported form tests another gesture (docs/device.md "Faithful or
    /// not": a release velocity of the opposite sign is not faithful).
    @Test func aDragThatLiftsMovingTheOtherWayIsNotFaithful() {
        var builder = TraceBuilder()
        builder.down(y: 100)
        // 300 pt down in 10 moves of 16 ms, then 20 pt back up in 3.
        for step in 1...10 { builder.move(t: 0.016 * Double(step), y: 100 + 30 * Double(step)) }
        for step in 1...3 { builder.move(t: 0.16 + 0.016 * Double(step), y: 400 - 20 * Double(step) / 3) }
        builder.up()
        let threshold = Config.with {
            $0.decision = .threshold
            $0.threshold = 0.5
        }
        let drag = DeviceGesture(dragOf: builder.trace, under: threshold)
        #expect(drag.original.decision == .cancel && drag.performed.decision == .cancel)
        #expect(drag.original.decidesAlike(drag.performed))
        #expect(drag.original.velocity < 0 && drag.performed.velocity > 0)
        #expect(!drag.faithful)
        // The rounded times keep the lift's direction: the actions are faithful.
        #expect(DeviceGesture(actionsOf: builder.trace, under: threshold).faithful)
    }

    /// Both re-simulations are one finger: a second finger on the down is not replayed.
    @Test func bothFormsAreOneFinger() {
        var builder = TraceBuilder()
        builder.down(y: 100, touches: 2)
        builder.moves(toY: 300, steps: 10, interval: 0.016)
        builder.up()
        let drag = StraightDrag(builder.trace, velocity: 1000, interaction: .pullToDismiss)
        #expect(drag.performed(from: builder.trace).samples.allSatisfy { $0.touches == 1 })
        #expect(PointerActions(builder.trace).performed.samples.allSatisfy { $0.touches == 1 })
    }

    /// With further configs (both sides of a `--changed` flip), faithful
    /// holds only when the form decides alike under each of them too.
    @Test func faithfulUnderEveryConfigGiven() {
        let first = Config.with { $0.decision = .threshold }
        let second = Config.with { $0.decision = .velocity }
        for trace in SyntheticCorpus(seed: 7).traces(count: 200) {
            let both = DeviceGesture(dragOf: trace, under: first, alsoUnder: [second])
            let alone = DeviceGesture(dragOf: trace, under: first)
            let performed = both.form.performed(from: trace)
            let underSecond = DeviceGesture<StraightDrag>.isFaithful(
                original: Simulator.simulate(trace, under: second), performed: Simulator.simulate(performed, under: second))
            #expect(both.faithful == (alone.faithful && underSecond), "\(trace.name)")
        }
        // Two fingers on the moves: under a recognizer that takes two, the original and the one-finger
        // form both begin and decide alike; under one that takes one, the original never begins.
        var twoFingers = TraceBuilder()
        twoFingers.down(y: 100)
        for step in 1...10 { twoFingers.move(t: 0.008 * Double(step), y: 100 + 10 * Double(step), touches: 2) }
        twoFingers.up()
        let twoTaken = Config.with { $0.maximumNumberOfTouches = 2 }
        #expect(DeviceGesture(actionsOf: twoFingers.trace, under: twoTaken).faithful)
        let flip = DeviceGesture(actionsOf: twoFingers.trace, under: twoTaken, alsoUnder: [Config()])
        #expect(!flip.faithful)
        #expect(flip.alsoUnder.first?.original.decision == Decision.none)
    }
}

