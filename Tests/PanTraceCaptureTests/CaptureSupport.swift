import Foundation
import PanTraceCapture
import PanTraceModel
import Testing
import TestFolders

/// A clock the test moves by hand: the labelling window never needs a sleep.
final class ManualClock {
    /// Monotonic seconds.
    var now = 5_000.0
    /// Seconds since 1970: 2023-11-14T22:13:20Z.
    var wallTime = 1_700_000_000.0

    var captureClock: CaptureClock {
        CaptureClock(now: { self.now }, wallTime: { self.wallTime })
    }
}

/// A fresh temporary folder and a recorder writing into it.
struct CaptureFolder {
    let folder: URL

    init() throws {
        folder = try TestFolders.make("capture")
    }

    var tracesPath: String { folder.appending(path: "gestures.jsonl").path }

    /// A recorder on `gestures.jsonl` with a manual clock.
    func recorder(_ options: CaptureOptions = CaptureOptions(), clock: ManualClock = ManualClock()) throws -> GestureRecorder {
        try GestureRecorder(path: tracesPath, options: options, clock: clock.captureClock)
    }

    /// Every trace in the file, read with Core's JSON Lines reader (what
    /// `pantrace record --from` uses): a line it rejects fails the test.
    func traces(sourceLocation: SourceLocation = #_sourceLocation) throws -> [Trace] {
        guard FileManager.default.fileExists(atPath: tracesPath) else { return [] }
        return try TraceReader(path: tracesPath).readAll().map(\.trace)
    }

    /// The file's lines, each checked to be a valid trace on its own.
    func lines() throws -> [String] {
        guard FileManager.default.fileExists(atPath: tracesPath) else { return [] }
        let text = try String(contentsOfFile: tracesPath, encoding: .utf8)
        #expect(text.isEmpty || text.hasSuffix("\n"), "every line ends with a newline")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        for line in lines { _ = try Trace(jsonLine: line) }
        return lines
    }

    var fileSize: Int {
        ((try? FileManager.default.attributesOfItem(atPath: tracesPath)[.size]) as? Int) ?? 0
    }
}

/// A 393 × 852 sheet without a scroll view.
let plainSheet = CaptureScreen(width: 393, height: 852)

extension GestureRecorder {
    /// Feeds `events` on `screen`.
    func record(_ events: [TouchEvent], on screen: CaptureScreen = plainSheet) {
        for event in events { record(event) { screen } }
    }
}

/// A straight one-finger drag: a down at (200, 300) at `start`, `moves` moves of
/// 10 pt down every 1/64 s (a power of two, so the relative times are exact),
/// and an `end` at the last place.
func drag(start: Double = 81_234.5, moves: Int = 3, end: Phase = .up) -> [TouchEvent] {
    var events = [TouchEvent(t: start, x: 200, y: 300, phase: .down)]
    for step in 1...max(1, moves) {
        events.append(TouchEvent(t: start + Double(step) / 64, x: 200, y: 300 + 10 * Double(step), phase: .move))
    }
    events.append(TouchEvent(t: start + Double(moves + 1) / 64, x: 200, y: 300 + 10 * Double(moves), phase: end))
    return events
}

/// A capture name without its recorder's part (`-` and 8 hexadecimal
/// digits, ``TraceName/newRecorderID()``), which is random; `nil` when the
/// name does not end with one.
func withoutRecorder(_ name: String) -> String? {
    let parts = name.split(separator: "-", omittingEmptySubsequences: false)
    guard let last = parts.last, last.count == 8, last.allSatisfy(\.isHexDigit), last.lowercased() == last else { return nil }
    return parts.dropLast().joined(separator: "-")
}
