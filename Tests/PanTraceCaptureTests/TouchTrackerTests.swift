import PanTraceCapture
import PanTraceModel
import Testing

/// The UIKit adapter's logic: one event per callback at the centroid of the touches down (docs/capture.md).
@Suite struct TouchTrackerTests {
    typealias Tracker = TouchTracker<Int>

    static func touch(_ key: Int, _ x: Double, _ y: Double) -> Tracker.Touch { .init(key: key, x: x, y: y) }

    @Test func oneFingerIsFollowedAsItIs() {
        var tracker = Tracker()
        #expect(tracker.update(.began, touches: [Self.touch(1, 10, 20)], t: 5) == TouchEvent(t: 5, x: 10, y: 20, phase: .down))
        #expect(tracker.update(.moved, touches: [Self.touch(1, 10, 32)], t: 5.5) == TouchEvent(t: 5.5, x: 10, y: 32, phase: .move))
        #expect(tracker.update(.ended, touches: [Self.touch(1, 11, 40)], t: 6) == TouchEvent(t: 6, x: 11, y: 40, phase: .up))
        #expect(tracker.isEmpty)
    }

    @Test func aSecondFingerMovesTheCentroidAndCounts() {
        var tracker = Tracker()
        _ = tracker.update(.began, touches: [Self.touch(1, 100, 100)], t: 0)
        // Centroid of (100, 100) and (200, 300): (150, 200).
        #expect(tracker.update(.began, touches: [Self.touch(2, 200, 300)], t: 0.1)
            == TouchEvent(t: 0.1, x: 150, y: 200, phase: .move, touches: 2))
        // Only finger 2 moves, to (200, 340): centroid (150, 220).
        #expect(tracker.update(.moved, touches: [Self.touch(2, 200, 340)], t: 0.2)
            == TouchEvent(t: 0.2, x: 150, y: 220, phase: .move, touches: 2))
        // Finger 1 lifts: the pan follows finger 2 alone.
        #expect(tracker.update(.ended, touches: [Self.touch(1, 100, 110)], t: 0.3)
            == TouchEvent(t: 0.3, x: 200, y: 340, phase: .move, touches: 1))
        #expect(tracker.update(.ended, touches: [Self.touch(2, 200, 350)], t: 0.4)
            == TouchEvent(t: 0.4, x: 200, y: 350, phase: .up, touches: 1))
    }

    @Test func twoFingersDownTogetherAndUpTogether() {
        var tracker = Tracker()
        #expect(tracker.update(.began, touches: [Self.touch(1, 0, 0), Self.touch(2, 30, 60)], t: 1)
            == TouchEvent(t: 1, x: 15, y: 30, phase: .down, touches: 2))
        #expect(tracker.update(.ended, touches: [Self.touch(1, 0, 10), Self.touch(2, 30, 70)], t: 2)
            == TouchEvent(t: 2, x: 15, y: 40, phase: .up, touches: 2))
    }

    @Test func threeFingersAverageAllThree() {
        var tracker = Tracker()
        _ = tracker.update(.began, touches: [Self.touch(1, 0, 0), Self.touch(2, 3, 0)], t: 0)
        // (0 + 3 + 9) / 3 = 4; (0 + 0 + 6) / 3 = 2.
        #expect(tracker.update(.began, touches: [Self.touch(3, 9, 6)], t: 1) == TouchEvent(t: 1, x: 4, y: 2, phase: .move, touches: 3))
        #expect(tracker.count == 3)
    }

    @Test func cancelOfEveryTouchIsACancel() {
        var tracker = Tracker()
        _ = tracker.update(.began, touches: [Self.touch(1, 5, 5), Self.touch(2, 15, 5)], t: 0)
        #expect(tracker.update(.cancelled, touches: [Self.touch(1, 5, 5), Self.touch(2, 15, 5)], t: 0.5)
            == TouchEvent(t: 0.5, x: 10, y: 5, phase: .cancel, touches: 2))
        #expect(tracker.isEmpty)
    }

    @Test func unknownTouchesGiveNothing() {
        var tracker = Tracker()
        #expect(tracker.update(.moved, touches: [Self.touch(9, 1, 1)], t: 0) == nil)
        #expect(tracker.update(.ended, touches: [Self.touch(9, 1, 1)], t: 0) == nil)
        _ = tracker.update(.began, touches: [Self.touch(1, 0, 0)], t: 0)
        #expect(tracker.update(.moved, touches: [Self.touch(9, 1, 1)], t: 1) == nil)
        tracker.reset()
        #expect(tracker.isEmpty)
    }

    @Test func trackerAndRecorderMakeOneSamplePerCallback() throws {
        let folder = try CaptureFolder()
        let recorder = try folder.recorder(CaptureOptions(labellingWindow: 0))
        var tracker = Tracker()
        let callbacks: [(Tracker.Change, [Tracker.Touch], Double)] = [
            (.began, [Self.touch(1, 100, 100)], 900),
            (.moved, [Self.touch(1, 100, 120)], 900.25),
            (.began, [Self.touch(2, 300, 120)], 900.5),
            (.moved, [Self.touch(1, 100, 140), Self.touch(2, 300, 140)], 900.75),
            (.ended, [Self.touch(1, 100, 140), Self.touch(2, 300, 140)], 901),
        ]
        for (change, touches, t) in callbacks {
            if let event = tracker.update(change, touches: touches, t: t) { recorder.record(event) { plainSheet } }
        }
        let trace = try #require(try folder.traces().first)
        #expect(trace.samples == [
            Sample(t: 0, x: 100, y: 100, phase: .down),
            Sample(t: 0.25, x: 100, y: 120, phase: .move),
            Sample(t: 0.5, x: 200, y: 120, phase: .move, touches: 2),
            Sample(t: 0.75, x: 200, y: 140, phase: .move, touches: 2),
            Sample(t: 1, x: 200, y: 140, phase: .up, touches: 2),
        ])
    }
}
