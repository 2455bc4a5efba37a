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

    /// Occurrences as `components(separatedBy:)` counts them: not overlapping, by UTF-8 bytes.
    @Test(arguments: [
        ("<g>", "<svg><g><g></g></g></svg>", 2),
        ("aa", "aaaaa", 2),
        ("</g>", "", 0),
        ("", "abc", 0),
        ("é🚀", "é🚀 é🚀é", 2),
        ("<li>", "<ol><li>1</li><li>2</li></ol>", 2),
    ])
    func countIsOfNonOverlappingOccurrences(needle: String, text: String, expected: Int) {
        #expect(PageChecks.count(needle, in: text) == expected)
        if !needle.isEmpty { #expect(text.components(separatedBy: needle).count - 1 == expected) }
    }
}
