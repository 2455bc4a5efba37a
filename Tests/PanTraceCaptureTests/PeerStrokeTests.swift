import Foundation
import PanTraceCapture
import PanTraceModel
import Testing

/// Real strokes from Flutter's and Android's velocity tests, replayed as
/// events on their original clocks, come back as the same samples.
@Suite struct PeerStrokeTests {
    /// `../shared/fixtures/peer-velocity`, or nil when absent (a fresh clone).
    static let folder: URL? = {
        let folder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "shared/fixtures/peer-velocity")
        return FileManager.default.fileExists(atPath: folder.appending(path: "flutter.jsonl").path) ? folder : nil
    }()

    static let absent: Comment = "../shared/fixtures/peer-velocity is absent (a fresh clone): peer strokes skipped"

    @Test(.enabled(if: folder != nil, absent), arguments: ["flutter.jsonl", "android.jsonl"])
    func strokesComeBackUnchanged(file: String) throws {
        let strokes = try Self.strokes(file)
        #expect(strokes.count >= 14)
        let capture = try CaptureFolder()
        let recorder = try capture.recorder(CaptureOptions(namePrefix: "peer", labellingWindow: 0))
        for stroke in strokes {
            // The stroke's own first timestamp (meta.timeOriginMs or
            // timeOriginNs): an uptime clock like UITouch.timestamp.
            let origin = try Self.timeOrigin(stroke)
            let screen = CaptureScreen(width: stroke.width, height: stroke.height)
            for sample in stroke.samples {
                let event = TouchEvent(t: origin + sample.t, x: sample.x, y: sample.y, phase: sample.phase, touches: sample.touches)
                recorder.record(event) { screen }
            }
        }
        let captured = try capture.traces()
        #expect(captured.count == strokes.count)
        for (stroke, trace) in zip(strokes, captured) {
            // Bit for bit: the nanosecond rounding undoes the clock's offset.
            #expect(trace.samples == stroke.samples, "\(stroke.name)")
            #expect(trace.width == stroke.width && trace.height == stroke.height)
        }
    }

    /// The same strokes as one finger's recognizer callbacks, through the
    /// UIKit adapter's tracker: the centroid of one touch is the touch.
    @Test(.enabled(if: folder != nil, absent), arguments: ["flutter.jsonl", "android.jsonl"])
    func strokesThroughTheAdaptersTrackerComeBackUnchanged(file: String) throws {
        let strokes = try Self.strokes(file)
        let capture = try CaptureFolder()
        let recorder = try capture.recorder(CaptureOptions(labellingWindow: 0))
        for stroke in strokes {
            let origin = try Self.timeOrigin(stroke)
            let screen = CaptureScreen(width: stroke.width, height: stroke.height)
            var tracker = TouchTracker<Int>()
            for sample in stroke.samples {
                let change: TouchTracker<Int>.Change = switch sample.phase {
                case .down: .began
                case .move: .moved
                case .up: .ended
                case .cancel: .cancelled
                }
                let touch = TouchTracker<Int>.Touch(key: 1, x: sample.x, y: sample.y)
                if let event = tracker.update(change, touches: [touch], t: origin + sample.t) { recorder.record(event) { screen } }
            }
        }
        let captured = try capture.traces()
        #expect(captured.map(\.samples) == strokes.map(\.samples))
    }

    /// The traces of one fixture file (the tests that call it are skipped when the fixtures are absent).
    static func strokes(_ file: String) throws -> [Trace] {
        let folder = try #require(folder)
        return try TraceReader(path: folder.appending(path: file).path).readAll().map(\.trace)
    }

    /// Seconds of the stroke's first event on the peer's clock; a stroke
    /// whose clock started at 0 is put at 81,234.567 s after boot instead.
    static func timeOrigin(_ stroke: Trace) throws -> Double {
        let meta = try JSONParser.parse(try #require(stroke.meta))
        let seconds = try meta["timeOriginMs"]?.number.map { $0.value / 1000 }
            ?? #require(meta["timeOriginNs"]?.number?.value) / 1e9
        return seconds == 0 ? 81_234.567 : seconds
    }
}
