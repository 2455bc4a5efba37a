import Testing

@testable import PanTraceCore
@testable import PanTraceModel
@testable import PanTraceReports

@Suite struct HTMLTextTests {
    @Test func textEscapesMarkupCharacters() {
        #expect(HTMLText.escape(#"a<b>&"c'"#) == #"a&lt;b&gt;&amp;"c'"#)
        #expect(HTMLText.escape("plain name") == "plain name")
    }

    @Test func attributesEscapeQuotesToo() {
        #expect(HTMLText.escapeAttribute(#"a<b>&"c'"#) == "a&lt;b&gt;&amp;&quot;c&#39;")
    }

    @Test func controlCharactersBecomeReplacementCharacters() {
        #expect(HTMLText.escape("a\u{0}b\u{7F}c\u{85}d\te\n") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\te\n")
        #expect(HTMLText.escape("c\u{85}d") == "c\u{FFFD}d")
        #expect(HTMLText.escape("café ✓ ¡µ") == "café ✓ ¡µ")
    }

    @Test(arguments: [
        (12.50, 2, "12.5"), (3.0, 2, "3"), (-0.0001, 2, "0"), (1234.5678, 2, "1234.57"), (-7.25, 1, "-7.3"),
        (0.1 + 0.2, 3, "0.3"), (Double.nan, 2, "0"), (Double.infinity, 2, "0"), (100, 0, "100"),
    ])
    func numbersAreCompact(value: Double, digits: Int, text: String) {
        #expect(HTMLText.number(value, digits: digits) == text)
    }

    @Test func countsGroupThousandsWithThinSpaces() {
        #expect(HTMLText.count(0) == "0")
        #expect(HTMLText.count(999) == "999")
        #expect(HTMLText.count(1000) == "1\u{2009}000")
        #expect(HTMLText.count(80_000) == "80\u{2009}000")
        #expect(HTMLText.count(-1_234_567) == "-1\u{2009}234\u{2009}567")
    }

    @Test func markupEscapesEverythingItIsGiven() {
        var markup = Markup()
        markup.open("p", [("title", #"x" onclick="y"#)])
        markup.text("<script>")
        markup.empty("br")
        markup.empty("circle", [("r", "2")])
        markup.close()
        #expect(markup.text == #"<p title="x&quot; onclick=&quot;y">&lt;script&gt;<br><circle r="2"/></p>"#)
        #expect(markup.isBalanced)
    }

    @Test func ticksAreRoundValues() {
        // 0…1 in about 5 steps: 1/5 = 0.2 is already 2 × 10⁻¹.
        #expect(LinearScale(0, 1, onto: 0, 100).ticks(count: 5) == [0, 0.2, 0.4, 0.6, 0.8, 1])
        // −1234…5678 in about 6 steps: 6912/6 = 1152 → 2000; widened to −2000…6000.
        let scale = LinearScale(-1234, 5678, onto: 0, 800).nice(count: 6)
        #expect(scale.lower == -2000 && scale.upper == 6000)
        #expect(scale.ticks(count: 6) == [-2000, 0, 2000, 4000, 6000])
        #expect(scale(2000) == 400)
    }

    @Test func anEmptyIntervalDoesNotDivideByZero() {
        let scale = LinearScale(5, 5, onto: 0, 10)
        #expect(scale(5) == 0 && scale(6) == 10)
    }
}
