import Foundation
import PanTraceCapture
import PanTraceCore
import PanTraceModel
import PropertyBased
import Testing

/// docs/safety.md "What export writes, record reads": every line the capture library writes is one that
/// `pantrace record` accepts (Core's JSON Lines reader, as `record --from`
/// reads), in every situation; an option it cannot honour is refused at `init`.
@Suite struct HostileCaptureTests {
    static let immediate = CaptureOptions(namePrefix: "sheet", labellingWindow: 0)

    @Test func touchesBeyond2To53AreClampedSoTheLineIsRead() throws {
        let folder = try CaptureFolder()
        let recorder = try folder.recorder(Self.immediate)
        var events = drag()
        for index in events.indices { events[index].touches = Int.max }
        recorder.record(events)
        let traces = try folder.traces()
        #expect(traces.count == 1)
        #expect(traces.first?.samples.allSatisfy { $0.touches == JSONNumber.exactIntegerLimit } == true)
    }

    @Test func aTornLastLineIsCutAndAWholeOneCompletedBeforeTheNextLine() throws {
        let folder = try CaptureFolder()
        let whole = try folder.recorder(Self.immediate)
        whole.record(drag())
        let first = try String(contentsOfFile: folder.tracesPath, encoding: .utf8)
        // A crash mid-line: half of a second line after the first.
        try (first + String(first.prefix(40))).write(toFile: folder.tracesPath, atomically: false, encoding: .utf8)
        let recorder = try folder.recorder(Self.immediate)
        recorder.record(drag(start: 90_000))
        #expect(try folder.lines().count == 2)
        #expect(try folder.traces().count == 2)
        // A whole trace that lost only its newline is kept.
        let text = try String(contentsOfFile: folder.tracesPath, encoding: .utf8)
        try String(text.dropLast()).write(toFile: folder.tracesPath, atomically: false, encoding: .utf8)
        recorder.record(drag(start: 95_000))
        #expect(try folder.traces().count == 3)
        #expect(recorder.statistics.written == 2 && recorder.statistics.failed == 0)
    }

    @Test func twoRecordersWithOnePrefixInOneMillisecondNameApart() throws {
        let folder = try CaptureFolder()
        let clock = ManualClock()
        let recorders = try (0..<4).map { _ in try folder.recorder(Self.immediate, clock: clock) }
        for recorder in recorders { recorder.record(drag()) }
        let names = try folder.traces().map(\.name)
        #expect(names.count == 4)
        #expect(Set(names).count == 4, "\(names)")
        #expect(Set(names.compactMap(withoutRecorder)) == ["sheet-0001-20231114T221320.000Z"])
    }

    @Test(arguments: ["a\u{0}b", "\u{0}"])
    func aPrefixNoNameMayHoldIsRefusedAtInit(_ prefix: String) throws {
        let folder = try CaptureFolder()
        #expect {
            _ = try folder.recorder(CaptureOptions(namePrefix: prefix))
        } throws: { error in
            guard case CaptureError.invalidOption("namePrefix", let reason) = error else { return false }
            return !reason.isEmpty
        }
    }

    /// A file past `ulimit -f`: the app is not killed by SIGXFSZ, and the file
    /// holds only whole lines. The README's example writes a 1,778-byte trace
    /// and then a 453-byte one under a limit of 512 bytes.
    @Test func aFileSizeLimitRefusesTheLineInsteadOfKillingTheApp() throws {
        let folder = try CaptureFolder()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -f 1 && exec \"$0\"", CaptureExampleTests.binary.path]
        process.currentDirectoryURL = folder.folder
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        #expect(printed == "wrote 1 traces to gestures.jsonl\n")
        let traces = try folder.traces()
        #expect(traces.map { $0.samples.last?.phase } == [.cancel])
        #expect(folder.fileSize <= 512)
    }

    /// Any stream of events, hostile values included, gives only lines that record reads.
    @Test func everyLineWrittenIsOneRecordReads() async throws {
        let folder = try CaptureFolder()
        let clock = ManualClock()
        let recorder = try folder.recorder(CaptureOptions(namePrefix: "p", labellingWindow: 0), clock: clock)
        await propertyCheck(count: 200, input: Gen<UInt64>.uint64()) { bits in
            var random = SeededRandom(seed: bits)
            func pick(_ values: [Double]) -> Double { values[random.int(0...(values.count - 1))] }
            var t = pick([0, 81_234.5, 1e300])
            for index in 0..<random.int(1...12) {
                t += pick([0, Double.leastNonzeroMagnitude, 1e-200, 1e-9, 0.008, -0.5])
                let phase: Phase = index == 0 ? .down : [.move, .move, .up, .cancel, .down][random.int(0...4)]
                let event = TouchEvent(
                    t: random.chance(0.05) ? .nan : t, x: pick([200, -1e308, 1.7e308, .infinity]), y: random.uniform(-1e4...1e4),
                    phase: phase, touches: [0, 1, 2, Int.max, Int.min][random.int(0...4)])
                let screen = CaptureScreen(width: pick([393, 1e-300, 1e308]), height: 852)
                recorder.record(event) { screen }
            }
            clock.now += 1
        }
        recorder.flush()
        _ = try folder.lines()
        #expect(try folder.traces().count == recorder.statistics.written)
        #expect(recorder.statistics.written > 20)
    }
}
