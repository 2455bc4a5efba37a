import Foundation

/// Headless Chromium, run the way a user's browser would load a report: one
/// fresh profile per page, the DOM after loading on standard output, the
/// browser's log (with the page's console) on standard error.
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
        /// Lines of the browser's log that come from the page (see ``pageMessages(in:page:)``).
        public var consoleMessages: [String]
        /// The whole log, for failure messages.
        public var log: String
        /// Wall time of the whole browser run, start-up included.
        public var seconds: Double
    }

    /// No browser where one is required (CI).
    public struct Missing: Error, CustomStringConvertible {
        public var description: String { "chromium is not installed (apt-get install chromium), and CI is set: browser tests must run" }
    }

    /// Loads `page` in headless Chromium; with `screenshot`, also writes a PNG of
    /// the first `height` pixels of the page at 1280 px wide.
    public static func load(_ page: URL, screenshot: URL? = nil, height: Int = 900) throws -> Load {
        guard let path else { throw Missing() }
        let work = FileManager.default.temporaryDirectory.appending(path: "pantrace-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let out = work.appending(path: "dom.html")
        let err = work.appending(path: "log.txt")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        // Debian's chromium 156: --headless is the new headless mode; it needs
        // --no-sandbox as root or in containers; --enable-logging=stderr with
        // --v=0 prints console messages as INFO:CONSOLE lines; a fresh
        // --user-data-dir keeps runs from sharing a profile (or a lock).
        var arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0",
            "--user-data-dir=\(work.appending(path: "profile").path)", "--no-first-run", "--no-default-browser-check",
            "--hide-scrollbars", "--window-size=1280,\(height)", "--dump-dom",
        ]
        if let screenshot {
            try FileManager.default.createDirectory(at: screenshot.deletingLastPathComponent(), withIntermediateDirectories: true)
            arguments.append("--screenshot=\(screenshot.path)")
        }
        arguments.append(page.absoluteString)
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        let start = Date()
        try process.run()
        // A browser that hangs fails the test instead of stalling the suite.
        let timeout = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: timeout)
        process.waitUntilExit()
        timeout.cancel()
        let seconds = Date().timeIntervalSince(start)
        let dom = try String(contentsOf: out, encoding: .utf8)
        let log = (try? String(contentsOf: err, encoding: .utf8)) ?? ""
        return Load(dom: dom, consoleMessages: pageMessages(in: log, page: page), log: log, seconds: seconds)
    }

    /// The lines of Chromium's log that the page caused.
    ///
    /// The filter: with `--enable-logging=stderr`, everything the page says —
    /// `console.log/warn/error`, uncaught exceptions ("Uncaught ReferenceError
    /// …"), failed loads it started — is logged by the browser process as
    /// `[pid:tid:time:LEVEL:CONSOLE:line] "message", source: URL (line)`
    /// (older builds: `CONSOLE(line)`), so any line with `:CONSOLE` is the
    /// page's. Any other line naming the page's URL is counted too. What
    /// remains is the browser's own start-up noise on a machine without a
    /// desktop: D-Bus connection errors (`dbus/bus.cc`, `object_proxy.cc`),
    /// no GPU devices (`vaapi_wrapper.cc`), the sandbox warning, UPower and
    /// screensaver warnings, and the Debian launcher script's own shell
    /// message (`/usr/bin/chromium: 9: [: …`) — none of which mention the page.
    public static func pageMessages(in log: String, page: URL) -> [String] {
        log.split(separator: "\n").map(String.init).filter { line in
            line.contains(":CONSOLE") || line.contains("CONSOLE(") || line.contains(page.absoluteString)
        }
    }
}
