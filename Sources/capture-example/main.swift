import PanTraceCapture
import PanTraceCore

// Record into gestures.jsonl in the current directory. On a device, use a path
// in the app's Documents folder, and record only users who opted in.
let recorder = try GestureRecorder(
    path: "gestures.jsonl",
    options: CaptureOptions(
        namePrefix: "settings-sheet", interaction: .pullToDismiss,
        labellingWindow: 10, oneIn: 1, meta: ["screenScale": 3, "appVersion": "2.4.1"]))

// The sheet: 393 × 852 points, a table scrolled to the top with 2,400 points of content.
let sheet = CaptureScreen(width: 393, height: 852, scroll: ScrollState(offset: 0, content: 2400))

// A pull down, 24 points every 1/60 s. Times are on a boot-time clock, as
// UITouch.timestamp is; the trace counts them from the down.
let start = 81_234.567
recorder.record(TouchEvent(t: start, x: 200, y: 300, phase: .down, touches: 1)) { sheet }
for step in 1...20 {
    let t = start + Double(step) / 60
    recorder.record(TouchEvent(t: t, x: 200, y: 300 + 24 * Double(step), phase: .move, touches: 1)) { sheet }
}
recorder.record(TouchEvent(t: start + 21 / 60, x: 200, y: 780, phase: .up, touches: 1)) { sheet }
// The sheet went away and the person did not bring it back: they meant it.
recorder.setIntent(.finish)

// A short pull that the system cancelled (a call came in): left unlabelled.
let later = start + 5
recorder.record(TouchEvent(t: later, x: 180, y: 280, phase: .down, touches: 1)) { sheet }
recorder.record(TouchEvent(t: later + 0.016, x: 181, y: 291, phase: .move, touches: 1)) { sheet }
recorder.record(TouchEvent(t: later + 0.033, x: 181, y: 299, phase: .cancel, touches: 1)) { sheet }

// Gestures are held for the labelling window; write them now (an app calls
// this when it goes to the background).
recorder.flush()
print("wrote \(recorder.statistics.written) traces to \(recorder.path)")
