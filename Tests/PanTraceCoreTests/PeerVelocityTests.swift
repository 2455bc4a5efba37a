import Foundation
import Testing
@testable import PanTraceCore

/// The peer strokes of `../shared/fixtures/peer-velocity`: real recordings from
/// Flutter's and Android's test suites with the `lsq2` velocities their own
/// trackers must give. Their data stays in `../shared` (other projects' numbers
/// are not copied into this repository); without it these tests are skipped.
@Suite struct PeerVelocityTests {
    struct Stroke: CustomTestStringConvertible, Sendable {
        var trace: Trace
        var expectedX: Double?
        var expectedY: Double?
        var testDescription: String { trace.name }
    }

    static let folder = SharedFixtures.peerVelocity

    /// Reads the strokes with Foundation, independently of pantrace's own reader.
    static let strokes: [Stroke] = {
        guard let folder else { return [] }
        var strokes: [Stroke] = []
        for file in ["flutter.jsonl", "android.jsonl"] {
            guard let text = try? String(contentsOf: folder.appending(path: file), encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") {
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                    let rawSamples = object["samples"] as? [[String: Any]],
                    let meta = object["meta"] as? [String: Any],
                    let expected = (meta["expected"] as? [String: Any])?["lsq2"] as? [String: Any]
                else { continue }
                let samples = rawSamples.compactMap { sample -> Sample? in
                    guard let t = sample["t"] as? Double, let x = sample["x"] as? Double,
                        let y = sample["y"] as? Double, let word = sample["phase"] as? String,
                        let phase = Phase(rawValue: word)
                    else { return nil }
                    return Sample(t: t, x: x, y: y, phase: phase, touches: sample["touches"] as? Int ?? 1)
                }
                let trace = Trace(
                    name: object["name"] as? String ?? "?", width: object["width"] as? Double ?? 0,
                    height: object["height"] as? Double ?? 0, samples: samples)
                strokes.append(Stroke(trace: trace, expectedX: expected["vx"] as? Double, expectedY: expected["vy"] as? Double))
            }
        }
        return strokes
    }()

    @Test(.enabled(if: folder != nil, "../shared/fixtures/peer-velocity is absent (a fresh clone): peer strokes skipped"))
    func allStrokesAndAxesAreThere() {
        #expect(Self.strokes.count == 33)
        let axes = Self.strokes.reduce(0) { $0 + ($1.expectedX == nil ? 0 : 1) + ($1.expectedY == nil ? 0 : 1) }
        #expect(axes == 55)
    }

    /// The release velocity through the whole simulation (slop 0, so the
    /// transition starts at the first move): x by `swipe-back`, y by
    /// `pull-to-dismiss`, −y by `pull-up-present`; within 0.1 % on every checked axis.
    @Test(
        .enabled(if: folder != nil, "../shared/fixtures/peer-velocity is absent (a fresh clone): peer strokes skipped"),
        arguments: strokes)
    func lsq2MatchesPeerWithinATenthOfAPercent(stroke: Stroke) {
        func velocity(_ interaction: Interaction) -> Double {
            let config = Config.with {
                $0.interaction = interaction
                $0.touchSlop = 0
            }
            return Simulator.simulate(stroke.trace, under: config).velocity
        }
        if let expected = stroke.expectedX {
            let actual = velocity(.swipeBack)
            #expect(abs((actual - expected) / expected) < 0.001, "vx \(actual) vs \(expected)")
        }
        if let expected = stroke.expectedY {
            let actual = velocity(.pullToDismiss)
            #expect(abs((actual - expected) / expected) < 0.001, "vy \(actual) vs \(expected)")
            let upward = velocity(.pullUpPresent)
            #expect(abs((-upward - expected) / expected) < 0.001, "−vy \(upward) vs \(expected)")
        }
    }
}
