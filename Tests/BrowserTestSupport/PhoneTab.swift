import Foundation

/// A tab of the test process's headless Chromium emulating a phone: its
/// viewport and device pixel ratio (`Emulation.setDeviceMetricsOverride`),
/// touch input (`Emulation.setTouchEmulationEnabled`), and touches
/// dispatched as the screen would send them (`Input.dispatchTouchEvent`).
///
/// For pages that are used, not only looked at: the lab's page (docs/lab.md)
/// is driven with timed touch sequences and read back through its DOM. Every
/// call is awaited: a test never holds a thread while the browser works, so
/// the lab's server and the other tests have the concurrency pool's threads.
public final class PhoneTab: @unchecked Sendable {
    /// One finger on the screen, in CSS pixels of the viewport.
    public struct Touch: Sendable {
        public var x: Double
        public var y: Double
        public var id: Int

        public init(x: Double, y: Double, id: Int = 0) {
            self.x = x
            self.y = y
            self.id = id
        }
    }

    private let browser: DevToolsBrowser
    private let target: String
    private let session: String
    /// What the page said on its console so far (console calls, uncaught exceptions, log entries).
    public private(set) var consoleMessages: [String] = []

    /// Opens `url` in a new tab of `width` × `height` CSS pixels at `scale` device pixels each, with touch input.
    /// One device pixel per CSS pixel unless a test asks for a phone's 3: the page
    /// behaves the same in CSS pixels, and the software renderer draws a ninth as many.
    public init(url: String, width: Int = 390, height: Int = 844, scale: Double = 1) async throws {
        guard let path = Chromium.path else { throw Chromium.Missing() }
        browser = try DevToolsBrowser.shared(path: path)
        target = try await browser.send("Target.createTarget", ["url": "about:blank", "newWindow": true])["targetId"] as? String ?? ""
        session = try await browser.send("Target.attachToTarget", ["targetId": target, "flatten": true])["sessionId"] as? String ?? ""
        for domain in ["Page", "Runtime", "Log"] { try await browser.send("\(domain).enable", session: session) }
        try await browser.send(
            "Emulation.setDeviceMetricsOverride",
            ["width": width, "height": height, "deviceScaleFactor": scale, "mobile": true], session: session)
        try await browser.send("Emulation.setTouchEmulationEnabled", ["enabled": true, "maxTouchPoints": 5], session: session)
        // Tabs open side by side: each behaves as the focused, visible one (its timers and frames at full rate).
        try await browser.send("Emulation.setFocusEmulationEnabled", ["enabled": true], session: session)
        let navigation = try await browser.send("Page.navigate", ["url": url], session: session)
        if let error = navigation["errorText"] as? String { throw DevToolsBrowser.Failure(description: "navigation to \(url): \(error)") }
        _ = try await browser.event("Page.loadEventFired", session: session, timeout: 30)
    }

    deinit { close() }

    private var closed = false

    /// Closes the tab (without waiting for the browser to say it has).
    public func close() {
        guard !closed else { return }
        closed = true
        _ = browser.takeEvents(of: session)
        try? browser.post("Target.closeTarget", ["targetId": target])
    }

    /// The value of `expression` in the page (a promise is awaited), as JSON gives it back.
    @discardableResult
    public func evaluate(_ expression: String, timeout: Double = 30) async throws -> Any? {
        let reply = try await browser.send(
            "Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true], session: session,
            timeout: timeout)
        collectConsole()
        if let details = reply["exceptionDetails"] as? [String: Any] {
            let exception = (details["exception"] as? [String: Any])?["description"] as? String
            throw DevToolsBrowser.Failure(description: "\(expression.prefix(80)): \(exception ?? details["text"] as? String ?? "exception")")
        }
        return (reply["result"] as? [String: Any])?["value"]
    }

    /// Waits until the JavaScript `condition` is true in the page (checked
    /// every 5 ms by the page's own timer), then returns the value of `value`.
    @discardableResult
    public func wait(until condition: String, then value: String = "true", timeout: Double = 20) async throws -> Any? {
        let expression = """
            new Promise((resolve, reject) => {
              const end = performance.now() + \(Int(timeout * 1000));
              const check = () => {
                if (\(condition)) resolve(\(value));
                else if (performance.now() > end) reject(new Error("timed out waiting for: " + \(Self.jsString(condition))));
                else setTimeout(check, 5);
              };
              check();
            })
            """
        return try await evaluate(expression, timeout: timeout + 10)
    }

    /// The attribute `name` of the element `selector`, or `nil`.
    public func attribute(_ selector: String, _ name: String) async throws -> String? {
        try await evaluate("document.querySelector(\(Self.jsString(selector)))?.getAttribute(\(Self.jsString(name))) ?? null") as? String
    }

    /// Dispatches one touch event: `touchStart`, `touchMove`, `touchEnd` or
    /// `touchCancel`, with the fingers that are down (none for the last
    /// `touchEnd`), at `timestamp` seconds since 1970 when given.
    public func touch(_ type: String, _ touches: [Touch], timestamp: Double? = nil) async throws {
        try await browser.send("Input.dispatchTouchEvent", Self.touchEvent(type, touches, timestamp: timestamp), session: session)
    }

    /// One touch event as ``touch(_:_:timestamp:)`` dispatches it.
    public struct Event {
        public var type: String
        public var touches: [Touch]
        public var timestamp: Double

        public init(_ type: String, _ touches: [Touch], timestamp: Double) {
            self.type = type
            self.touches = touches
            self.timestamp = timestamp
        }
    }

    /// Dispatches `events` in order without waiting for each to be handled
    /// (each carries its own timestamp, so the page sees the same times; moves
    /// that arrive between two frames reach it coalesced, as a phone's do, and
    /// the page reads them with `getCoalescedEvents()`).
    public func touches(_ events: [Event]) async throws {
        try await browser.sendAll(
            "Input.dispatchTouchEvent", events.map { Self.touchEvent($0.type, $0.touches, timestamp: $0.timestamp) }, session: session)
    }

    private static func touchEvent(_ type: String, _ touches: [Touch], timestamp: Double?) -> [String: Any] {
        var parameters: [String: Any] = [
            "type": type,
            "touchPoints": touches.map { ["x": $0.x, "y": $0.y, "id": $0.id, "radiusX": 1, "radiusY": 1, "force": 1] },
        ]
        if let timestamp { parameters["timestamp"] = timestamp }
        return parameters
    }

    /// A PNG of the viewport, one image pixel per CSS pixel (a phone's 3 device pixels
    /// per point make a PNG nine times the size, slower to encode and no easier to read),
    /// when the run writes screenshots for a reviewer (``BrowserPage/takesScreenshots``).
    public func screenshot(to file: URL) async throws {
        guard BrowserPage.takesScreenshots else { return }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let size = try await evaluate("[window.innerWidth, window.innerHeight]") as? [Double] ?? [390, 844]
        let ratio = try await evaluate("window.devicePixelRatio") as? Double ?? 1
        let clip: [String: Any] = ["x": 0, "y": 0, "width": size.first ?? 390, "height": size.last ?? 844, "scale": 1 / max(1, ratio)]
        let shot = try await browser.send("Page.captureScreenshot", ["format": "png", "clip": clip, "optimizeForSpeed": true], session: session)
        guard let data = (shot["data"] as? String).flatMap({ Data(base64Encoded: $0) }) else {
            throw DevToolsBrowser.Failure(description: "Page.captureScreenshot gave no image")
        }
        try data.write(to: file)
    }

    private func collectConsole() {
        consoleMessages += browser.takeEvents(of: session).compactMap(Chromium.pageMessage)
    }

    /// `text` as a JavaScript string literal.
    public static func jsString(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text])) ?? Data("[\"\"]".utf8)
        let array = String(decoding: data, as: UTF8.self)
        return String(array.dropFirst().dropLast())
    }
}
