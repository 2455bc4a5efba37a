import Foundation
import TestFolders

/// A report page loaded in headless Chromium and checked for what every page
/// must satisfy (docs/commands.md §7.8): no console message, no reference to anything
/// outside the file, the whole document loaded. Shared by the Core tests of
/// the renderer and the workflow tests of `replay --html`.
public enum BrowserPage {
    /// Where the reviewer's screenshots go: `.build/screenshots/` in the package.
    public static let screenshots = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: ".build/screenshots")

    /// Whether the browser tests write their screenshots (and the pages beside
    /// them): with `PANTRACE_SCREENSHOTS` set, for a reviewer to look at
    /// (README "Set up"). Encoding a tall page's PNG costs more than loading
    /// and checking it, so a plain `swift test` only loads and checks.
    public static let takesScreenshots: Bool = {
        guard let value = ProcessInfo.processInfo.environment["PANTRACE_SCREENSHOTS"] else { return false }
        return !value.isEmpty && value != "0"
    }()

    /// Writes `html` into a fresh temporary folder and returns its URL.
    public static func write(_ html: String, named name: String) throws -> URL {
        let folder = try TestFolders.make("html")
        let file = folder.appending(path: name)
        try html.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Loads the page file `file` (whose text is `html`), writing a
    /// screenshot of its first `height` pixels to ``screenshots``/`name`.png,
    /// and returns the load with every problem found (empty when none).
    public static func check(_ file: URL, html: String, named name: String, height: Int) async throws -> (load: Chromium.Load, problems: [String]) {
        let load = try await Chromium.load(file, screenshot: screenshots.appending(path: "\(name).png"), height: height)
        var problems = load.consoleMessages.map { "console: \($0)" }
        problems += PageChecks.externalReferences(in: html).map { "external reference in the file: \($0)" }
        problems += PageChecks.externalReferences(in: load.dom).map { "external reference in the DOM: \($0)" }
        if !load.dom.contains("</html>") { problems.append("the browser did not load the page: \(load.log.suffix(2000))") }
        return (load, problems)
    }
}
