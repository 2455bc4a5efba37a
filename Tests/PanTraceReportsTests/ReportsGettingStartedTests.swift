import PanTraceReports
import Testing

/// The getting-started example of PanTraceReports' documentation
/// (`PanTraceReports.docc/GettingStarted.md`), verbatim: `DocumentationCatalogTests`
/// checks that the article's code is this code, so that it cannot stop compiling.
@Suite struct ReportsGettingStartedTests {
    @Test func theArticlesExampleRuns() throws {
        var printed = ""
        func print(_ items: Any..., terminator: String = "\n") {
            printed += items.map { "\($0)" }.joined(separator: " ") + terminator
        }

        let table = TextTable(header: ["config", "finish", "cancel"], rows: [["seed", "12", "30"], ["panmodal", "19", "23"]], rightAligned: [1, 2])
        print(table.render(), terminator: "")
        print(TerminalText.escaped("pull\u{1B}[2J-1"))
        print(HTMLText.escape("<b>pull</b> & flick"))

        let lines = printed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "config    finish  cancel")
        #expect(lines[1] == "seed          12      30")
        #expect(lines[2] == "panmodal      19      23")
        #expect(!lines[3].contains("\u{1B}"))
        #expect(lines[4] == "&lt;b&gt;pull&lt;/b&gt; &amp; flick")
    }
}
