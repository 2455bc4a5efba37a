import Foundation
import SQLiteTestSupport
import Testing

/// `--html` on the command line (docs/commands.md §7.4, §7.8; the binary): the exit status
/// of a refused or failed page, and that neither leaves a page or moves the
/// baseline. The page itself is tested in-process (PanTraceKitTests' ReplayHTMLTests).
@Suite struct HTMLOptionTests {
    /// The database as the page's file is a usage error before anything is
    /// read or stored: no run is added and the database is intact.
    @Test(arguments: ["replay", "regress"])
    func theDatabaseIsRefusedBeforeAnyWork(command: String) async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 40)
        let before = try Data(contentsOf: URL(fileURLWithPath: runner.db))
        let output = try await runner.expect(64, [command, "--set", "threshold=0.3", "--html", "./test.sqlite"])
        #expect(output.stderr.hasPrefix("pantrace: error: --html ./test.sqlite is the database"), "\(output.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: runner.db)) == before)
    }

    /// A page that cannot be written is an I/O error (exit 74), leaves no
    /// file, and a regress that was to accept its run accepts nothing (the
    /// report before the baseline moves, as with --junit).
    @Test func aFailedWriteExits74AndAcceptsNothing() async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 40)
        let page = runner.path("no-such-folder/report.html")
        let output = try await runner.expect(74, ["regress", "--set", "threshold=0.3", "--accept", "--html", page])
        #expect(output.stderr.contains("pantrace: error: cannot write \(page): No such file or directory"), "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: runner.path("no-such-folder")))
        #expect(try runner.database.integer("SELECT count(*) FROM run WHERE baseline = 1") == 0, "no baseline accepted")
    }

    /// The help's example writes a page that starts as an HTML5 document.
    @Test func replayWritesOnePage() async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 40)
        try await runner.expect(0, ["replay", "--set", "threshold=0.3", "--html", "replay.html", "--quiet"])
        let page = try String(contentsOfFile: runner.path("replay.html"), encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.hasSuffix("</html>\n") || page.hasSuffix("</html>"))
        // Only the page: the temporary file was renamed onto it.
        let files = try FileManager.default.contentsOfDirectory(atPath: runner.folder.path).filter { $0.contains("html") }
        #expect(files == ["replay.html"])
    }
}
