import PanTraceCapture
import PanTraceModel

// On a device: a path in the app's Documents folder, for users who opted in.
let recorder = try GestureRecorder(
    path: "gestures.jsonl",
    options: CaptureOptions(
        namePrefix: "settings-sheet", interaction: .pullToDismiss, meta: ["screenScale": 3, "appVersion": "2.4.1"]))
// The sheet, 393 × 852 points, over a table at its top with 2,400 points of content,
// resting at large of its two detents. On a device PanCaptureRecognizer reads these
// from the UISheetPresentationController (its detents resolved, its selected one).
let detents = SheetGeometry(
    detents: [.init(identifier: "com.apple.UIKit.medium", height: 426), .init(identifier: "com.apple.UIKit.large", height: 852)],
    selectedIdentifier: "com.apple.UIKit.large", containerHeight: 852)
let sheet = CaptureScreen(
    width: 393, height: 852, scroll: ScrollState(offset: 0, content: 2400), sheet: SheetState(detents))

// A pull down, 24 points every 1/60 s, on a boot-time clock (as UITouch.timestamp).
let start = 81_234.567
recorder.record(TouchEvent(t: start, x: 200, y: 300, phase: .down, touches: 1)) { sheet }
for step in 1...20 {
    let t = start + Double(step) / 60
    recorder.record(TouchEvent(t: t, x: 200, y: 300 + 24 * Double(step), phase: .move, touches: 1)) { sheet }
}
recorder.record(TouchEvent(t: start + 21 / 60, x: 200, y: 780, phase: .up, touches: 1)) { sheet }
recorder.setIntent(Intent(word: "medium"))  // it rested at medium and they went on there: they meant it

// A short pull the system cancelled (a call came in), left unlabelled.
for (dt, y, phase) in [(5.0, 280.0, Phase.down), (5.016, 291, .move), (5.033, 299, .cancel)] {
    recorder.record(TouchEvent(t: start + dt, x: 180, y: y, phase: phase, touches: 1)) { sheet }
}
recorder.flush()  // an app calls this when it goes to the background
print("wrote \(recorder.statistics.written) traces to \(recorder.path)")
