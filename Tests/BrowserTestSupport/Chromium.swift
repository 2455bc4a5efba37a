import Foundation

/// Headless Chromium, loading a report the way a user's browser would: each
/// page in a tab of its own, its DOM read back after loading, and everything
/// it said on the console.
public enum Chromium {
    /// The browser, from `CHROMIUM` or the usual Debian paths; `nil` when absent.
    public static let path: String? = {
        var candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        if let chosen = ProcessInfo.processInfo.environment["CHROMIUM"] { candidates.insert(chosen, at: 0) }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Whether the browser tests run: with a browser, and always in CI (the
    /// `CI` variable is set), where a missing browser must fail them rather
    /// than let them skip.
    public static let shouldRun = path != nil || isCI

    /// `CI` set to anything but empty, `0` or `false` (as `regress --accept` reads it).
    public static let isCI: Bool = {
        guard let value = ProcessInfo.processInfo.environment["CI"] else { return false }
        return !value.isEmpty && value != "0" && value != "false"
    }()

    /// What one load of a page gave.
    public struct Load {
        /// The document as the browser holds it after loading (`--dump-dom`).
        public var dom: String
        /// What the page said on the console (see ``load(_:screenshot:height:)``).
        public var consoleMessages: [String]
        /// The page's messages and the browser's log lines about it, for failure messages.
        public var log: String
        /// Wall time from opening the tab to the screenshot (the browser's start-up is not included).
        public var seconds: Double
        /// What the `probe` expression returned (a string), when one was given.
        public var probed: String = ""
    }

    /// No browser where one is required (CI).
    public struct Missing: Error, CustomStringConvertible {
        public var description: String { "chromium is not installed (apt-get install chromium), and CI is set: browser tests must run" }
    }

    /// Loads `page` in headless Chromium; with `screenshot`, also writes a PNG of
    /// the first `height` pixels of the page at 1280 px wide.
    ///
    /// The page opens in a new tab of the test process's browser
    /// (``DevToolsBrowser``) sized 1280 × `height`; after its `load` event
    /// the document is read back as `--dump-dom` prints it (the doctype, then
    /// `outerHTML`). Its console is what the tab reported (console calls,
    /// uncaught exceptions, log entries such as failed loads) and any line of
    /// the browser's log naming the page.
    ///
    /// `width` is the tab's width (1280 for a laptop, 390 for a phone);
    /// `probe`, a JavaScript expression giving a string, is evaluated after
    /// the load (``Load/probed``).
    public static func load(
        _ page: URL, screenshot: URL? = nil, height: Int = 900, width: Int = 1280, probe: String? = nil
    ) async throws -> Load {
        guard let path else { throw Missing() }
        let browser = try DevToolsBrowser.shared(path: path)
        let start = Date()
        let target = try await browser.send("Target.createTarget", ["url": "about:blank"])["targetId"] as? String ?? ""
        defer { Task { _ = try? await browser.send("Target.closeTarget", ["targetId": target]) } }
        let session = try await browser.send("Target.attachToTarget", ["targetId": target, "flatten": true])["sessionId"] as? String ?? ""
        defer { _ = browser.takeEvents(of: session) }
        for domain in ["Page", "Runtime", "Log"] { try await browser.send("\(domain).enable", session: session) }
        try await browser.send(
            "Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false],
            session: session)
        let navigation = try await browser.send("Page.navigate", ["url": page.absoluteString], session: session)
        var log: [String] = []
        if let error = navigation["errorText"] as? String {
            log.append("navigation: \(error)")
        } else {
            _ = try await browser.wait(for: "Page.loadEventFired", session: session)
        }
        let expression = #"(document.doctype ? new XMLSerializer().serializeToString(document.doctype) + "\n" : "") + document.documentElement.outerHTML"#
        let evaluated = try await browser.send("Runtime.evaluate", ["expression": expression, "returnByValue": true], session: session)
        let dom = (evaluated["result"] as? [String: Any])?["value"] as? String ?? ""
        if let screenshot, BrowserPage.takesScreenshots {
            try FileManager.default.createDirectory(at: screenshot.deletingLastPathComponent(), withIntermediateDirectories: true)
            // optimizeForSpeed: a faster PNG encoding (a larger file), the same pixels.
            let shot = try await browser.send("Page.captureScreenshot", ["format": "png", "optimizeForSpeed": true], session: session)
            if let data = (shot["data"] as? String).flatMap({ Data(base64Encoded: $0) }) { try data.write(to: screenshot) }
        }
        var probed = ""
        if let probe {
            let result = try await browser.send("Runtime.evaluate", ["expression": probe, "returnByValue": true], session: session)
            probed = (result["result"] as? [String: Any])?["value"] as? String ?? "probe failed: \(result)"
        }
        let seconds = Date().timeIntervalSince(start)
        let reported = browser.takeEvents(of: session).compactMap(pageMessage)
        // Its CONSOLE lines in the browser's log repeat what the tab reported.
        let logged = pageMessages(in: browser.log, page: page)
        let messages = reported + logged.filter { !$0.contains(":CONSOLE") && !$0.contains("CONSOLE(") }
        return Load(
            dom: dom, consoleMessages: messages, log: (log + reported + logged).joined(separator: "\n"), seconds: seconds,
            probed: probed)
    }

    /// What a DevTools event says the page did, as one line: a console call
    /// (`console.error: deliberate`), an uncaught exception
    /// (`Uncaught ReferenceError: …`) or a log entry (`network error: Failed
    /// to load resource …`); `nil` for the other events.
    static func pageMessage(_ event: [String: Any]) -> String? {
        let parameters = event["params"] as? [String: Any] ?? [:]
        switch event["method"] as? String {
        case "Runtime.consoleAPICalled":
            let arguments = (parameters["args"] as? [[String: Any]] ?? []).map { argument in
                argument["value"].map { "\($0)" } ?? argument["description"] as? String ?? argument["type"] as? String ?? "?"
            }
            return "console.\(parameters["type"] as? String ?? "log"): \(arguments.joined(separator: " "))"
        case "Runtime.exceptionThrown":
            let details = parameters["exceptionDetails"] as? [String: Any] ?? [:]
            let exception = (details["exception"] as? [String: Any])?["description"] as? String
            return [details["text"] as? String, exception].compactMap { $0 }.joined(separator: " ")
        case "Log.entryAdded":
            let entry = parameters["entry"] as? [String: Any] ?? [:]
            let url = (entry["url"] as? String).map { " (\($0))" } ?? ""
            return "\(entry["source"] as? String ?? "?") \(entry["level"] as? String ?? "?"): \(entry["text"] as? String ?? "")\(url)"
        default:
            return nil
        }
    }

    /// The lines of Chromium's log that name `page`.
    ///
    /// With `--enable-logging=stderr`, what a page says — `console.log/warn/error`,
    /// uncaught exceptions ("Uncaught ReferenceError …"), failed loads it
    /// started — is logged as `[pid:tid:time:LEVEL:CONSOLE:line] "message",
    /// source: URL (line)` (older builds: `CONSOLE(line)`). Every tab of the
    /// browser writes to the one log, so a line is this page's when it names
    /// its URL. The rest is the browser's own start-up noise on a machine
    /// without a desktop: D-Bus connection errors (`dbus/bus.cc`,
    /// `object_proxy.cc`), no GPU devices (`vaapi_wrapper.cc`), the sandbox
    /// warning, UPower and screensaver warnings, and the Debian launcher
    /// script's own shell message (`/usr/bin/chromium: 9: [: …`).
    public static func pageMessages(in log: String, page: URL) -> [String] {
        log.split(separator: "\n").map(String.init).filter { $0.contains(page.absoluteString) }
    }
}
