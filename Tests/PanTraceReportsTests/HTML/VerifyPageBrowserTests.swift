import BrowserTestSupport
import Foundation
import PanTraceCore
import PanTraceModel
import PanTraceReports
import Testing

/// `pantrace verify --html` in headless Chromium (docs/commands.md §7.12, §7.8): no console
/// message, nothing fetched, and the counts, the confusion cells and the release maps read
/// back from the DOM equal to the verification's.
@Suite(.enabled(if: Chromium.shouldRun, "chromium is not installed: the browser tests are skipped (CI runs them)"))
struct VerifyPageBrowserTests {
    /// Sheets and transitions observed by a stand-in `uikit-sheet` app with some noise,
    /// checked under `floatingpanel-states`: mismatches of both kinds.
    static func verification() throws -> Verification {
        let app = try Preset.named("uikit-sheet").config
        let observer = SyntheticObserver(app: app, noise: 0.15, seed: 5)
        let corpus = SyntheticCorpus(
            seed: 5, families: [.flick, .peek, .slowDrag, .sheetSettle, .sheetFlick, .sheetClose])
        var verification = Verification(config: try Preset.named("floatingpanel-states").config)
        verification.add(contentsOf: (0..<300).map { observer.observe(corpus.trace(at: $0), index: $0) })
        return verification
    }

    @Test func verifyPageShowsTheCountsTheConfusionAndTheMaps() async throws {
        let verification = try Self.verification()
        #expect(verification.mismatchCount > 0 && !verification.sheets.isEmpty && !verification.releases.isEmpty)
        let html = verification.page(origin: "preset floatingpanel-states", limit: 10)
        let file = try BrowserPage.write(html, named: "verify.html")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let (load, problems) = try await BrowserPage.check(file, html: html, named: "verify", height: 2600)
        #expect(problems.isEmpty, "\(problems)")
        let dom = load.dom
        let counts = PageChecks.numbers("data-count", in: dom)
        #expect(counts["checked"]?.value == verification.checked && counts["checked"]?.shown == verification.checked)
        #expect(counts["matches"]?.value == verification.matches && counts["matches"]?.shown == verification.matches)
        #expect(counts["mismatches"]?.value == verification.mismatchCount)
        // Every cell of the confusion table.
        let table = try #require(PageChecks.element(id: "confusion", in: dom))
        let cells = PageChecks.values(of: "data-value", in: String(table[..<(table.range(of: "</table>")?.lowerBound ?? table.endIndex)]))
        let expected = verification.observedWords.flatMap { row in
            verification.simulatedWords.map { String(verification.count(observed: row, simulated: $0)) }
        }
        #expect(cells == expected)
        // The map without detents draws every release and rings every mismatch among them.
        let map = try #require(PageChecks.element(id: "verify-map", in: dom))
        #expect(PageChecks.values(of: "data-releases", in: map).first == String(verification.releases.count))
        #expect(
            PageChecks.values(of: "data-mismatches", in: map).first
                == String(verification.releases.filter { !$0.matches }.count))
        #expect(map.contains("class=\"boundary\""))
        // The sheets' maps: the regions of the config, and the mismatched releases ringed.
        #expect(dom.contains("id=\"verify-sheet-map-1\""))
        #expect(dom.contains("data-regions=\"floatingpanel-states\""))
        #expect(PageChecks.values(of: "data-trace", in: dom) == verification.mismatchesByName.prefix(10).map(\.trace))
    }
}
