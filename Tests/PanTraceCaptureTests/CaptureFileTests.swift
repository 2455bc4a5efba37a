import Foundation
import PanTraceCapture
import PanTraceModel
import PropertyBased
import Testing

/// The size cap, the sampling rate, and lines `pantrace record` accepts (docs/capture.md).
@Suite struct CaptureFileTests {
    @Test func theCapStopsWritingAndCollectingStartsAgain() throws {
        let folder = try CaptureFolder()
        // One line of drag(): measure it, then allow two and a half of them.
        let probe = try CaptureFolder()
        let probeRecorder = try probe.recorder(CaptureOptions(labellingWindow: 0))
        probeRecorder.record(drag())
        let lineSize = probe.fileSize
        #expect(lineSize > 100)

        let recorder = try folder.recorder(CaptureOptions(labellingWindow: 0, maximumFileSize: lineSize * 5 / 2))
        for start in stride(from: 100.0, through: 400, by: 100) { recorder.record(drag(start: start)) }
        #expect(try folder.lines().count == 2)
        #expect(folder.fileSize == 2 * lineSize)
        #expect(recorder.statistics.written == 2)
        #expect(recorder.statistics.droppedAtCap == 2)

        // Stops, not "whatever still fits": a shorter gesture is dropped too.
        recorder.record([TouchEvent(t: 500, x: 0, y: 0, phase: .down), TouchEvent(t: 501, x: 0, y: 0, phase: .up)])
        #expect(recorder.statistics.droppedAtCap == 3)

        // The app collects the file: the next gesture starts a new one.
        try FileManager.default.removeItem(atPath: folder.tracesPath)
        recorder.record(drag(start: 600))
        #expect(try folder.lines().count == 1)
        #expect(recorder.statistics.written == 3)
    }

    @Test func aFileFromAnEarlierLaunchCountsTowardsTheCap() throws {
        let folder = try CaptureFolder()
        try Data(repeating: 0x20, count: 90).write(to: URL(fileURLWithPath: folder.tracesPath))
        let recorder = try folder.recorder(CaptureOptions(labellingWindow: 0, maximumFileSize: 100))
        recorder.record(drag())
        #expect(recorder.statistics.droppedAtCap == 1)
        #expect(folder.fileSize == 90)
    }

    @Test(arguments: 0..<4)
    func oneGestureInNIsRecorded(phase: Int) throws {
        let folder = try CaptureFolder()
        let recorder = try folder.recorder(CaptureOptions(labellingWindow: 0, oneIn: 4, samplingPhase: phase))
        for index in 0..<12 { recorder.record(drag(start: 100 * Double(index + 1))) }
        // Gestures are numbered from 1; phase p keeps numbers p+1, p+5, p+9.
        let numbers = try folder.traces().map { Int($0.name.split(separator: "-")[1]) }
        #expect(numbers == [phase + 1, phase + 5, phase + 9])
        #expect(recorder.statistics.notSampled == 9)
    }

    @Test func aRandomPhaseStillRecordsOneInN() throws {
        let folder = try CaptureFolder()
        let recorder = try folder.recorder(CaptureOptions(labellingWindow: 0, oneIn: 3))
        for index in 0..<30 { recorder.record(drag(start: 10 * Double(index + 1))) }
        #expect(recorder.statistics.written == 10)
    }

    /// Any stream of events, however broken, leaves only valid traces.
    @Test func everyLineWrittenIsAValidTrace() async throws {
        let event = zip(
            Gen.double(in: -1...3), Gen.double(in: -500...1500), Gen.double(in: -500...1500),
            Gen<Phase>.case, Gen.int(in: -1...4), Gen.int(in: 0...40)
        ).map { t, x, y, phase, touches, oddity -> TouchEvent in
            // One event in forty has a value that is not finite.
            TouchEvent(t: oddity == 0 ? .nan : t, x: oddity == 1 ? .infinity : x, y: y, phase: phase, touches: touches)
        }
        await propertyCheck(count: 300, input: event.array(of: 0...60)) { events in
            let folder = try CaptureFolder()
            let recorder = try folder.recorder(CaptureOptions(labellingWindow: 0))
            var clock = 1_000.0
            for var item in events {
                clock += max(0, item.t) * 0.01
                item.t = item.t.isFinite ? clock + item.t * 0.001 : item.t  // mostly forward, sometimes back
                recorder.record(item) { plainSheet }
            }
            recorder.flush()
            let traces = try folder.traces()
            for trace in traces { try trace.validate() }
            #expect(traces.count == recorder.statistics.written)
            try? FileManager.default.removeItem(at: folder.folder)
        }
    }
}
