import Foundation
import PanTraceCapture
import PanTraceModel
import TestFolders
import Testing

/// The getting-started example of PanTraceCapture's documentation
/// (`PanTraceCapture.docc/GettingStarted.md`), verbatim: `DocumentationCatalogTests`
/// checks that the article's code is this code, so that it cannot stop compiling.
@Suite struct CaptureGettingStartedTests {
    @Test func theArticlesExampleRuns() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        let path = try TestFolders.make("capture-getting-started").appending(path: "gestures.jsonl").path

        let recorder = try GestureRecorder(path: path, options: CaptureOptions(namePrefix: "sheet", interaction: .pullToDismiss))
        let sheet = CaptureScreen(width: 393, height: 852, scroll: ScrollState(offset: 0, content: 2400))
        recorder.record(TouchEvent(t: 10.0, x: 200, y: 300, phase: .down, touches: 1)) { sheet }
        recorder.record(TouchEvent(t: 10.016, x: 200, y: 340, phase: .move, touches: 1)) { sheet }
        recorder.record(TouchEvent(t: 10.1, x: 200, y: 560, phase: .up, touches: 1)) { sheet }
        recorder.setIntent(.finish)
        recorder.flush()
        print(recorder.statistics.written, "trace written to", recorder.path)

        #expect(recorder.statistics.written == 1)
        let line = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(line.count == 1)
        let trace = try Trace(jsonLine: String(try #require(line.first)))
        #expect(trace.intent == .finish)
        #expect(trace.samples.count == 3)
    }
}
