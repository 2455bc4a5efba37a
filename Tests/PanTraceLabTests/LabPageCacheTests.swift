@testable import PanTraceLab
import Testing

/// docs/lab.md: `GET /` serves the page made for the session's state; a
/// session that compares two configs is no exception (its page carries what
/// the pairs do next).
@Suite struct LabPageCacheTests {
    @Test func aComparingSessionsPageIsMadeOncePerCountAndNextStep() {
        let made = Counter()
        let cache = LabPage.Cache { stored, next in
            made.add()
            return "page \(stored) \(next.map { "\($0.pair)\($0.asking)" } ?? "-")"
        }
        let asking = LabPairs.Next(pair: 1, shownFirst: .a, stored: 2, asking: true)
        let following = LabPairs.Next(pair: 2, shownFirst: .b, stored: 0, asking: false)
        for _ in 0..<5 { #expect(cache.page(stored: 2, next: asking) == "page 2 1true") }
        #expect(made.value == 1, "reloads while the question waits are served as made")
        // The answer changes the next step, not the count: a new page.
        #expect(cache.page(stored: 2, next: following) == "page 2 2false")
        #expect(cache.page(stored: 2, next: following) == "page 2 2false")
        #expect(made.value == 2)
    }
}
