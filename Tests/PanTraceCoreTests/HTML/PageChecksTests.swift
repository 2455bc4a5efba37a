import BrowserTestSupport
import Testing

/// The reference check catches what it must (a control for the browser tests).
@Suite struct PageChecksTests {
    @Test func externalReferencesAreFound() {
        #expect(PageChecks.externalReferences(in: ##"<img src="https://example.com/a.png">"##).count == 1)
        #expect(PageChecks.externalReferences(in: ##"<svg><image href='//cdn.example/x.svg'/></svg>"##).count == 1)
        #expect(PageChecks.externalReferences(in: "<style>p{background:url( http://x/y.png)}</style>").count == 1)
        #expect(PageChecks.externalReferences(in: ##"<link rel="stylesheet" href=http://x/s.css>"##).count == 1)
        #expect(PageChecks.externalReferences(in: ##"<a href="#trace-1">1</a> see http://example.com"##).isEmpty)
    }
}
