import Foundation
import Testing

/// The README's "Does it match your app?" commands run as pasted, in order, in a
/// folder with the bundled Fixtures (`swift run pantrace` is the built binary).
@Suite struct ReadmeObservedTests {
    static func lines() throws -> [String] {
        let readme = try String(contentsOf: CommandRunner.repositoryRoot.appending(path: "README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Does it match your app?\n").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        return block.split(separator: "\n").map(String.init)
    }

    @Test func theCommandsRunAsPasted() async throws {
        let lines = try Self.lines()
        #expect(lines.count >= 4)
        #expect(lines.allSatisfy { $0.hasPrefix("swift run pantrace ") })
        let runner = try CommandRunner()
        try FileManager.default.createSymbolicLink(
            at: runner.folder.appending(path: "Fixtures"), withDestinationURL: CommandRunner.repositoryRoot.appending(path: "Fixtures"))
        for line in lines {
            let output = try await runner.shell(String(line.dropFirst("swift run ".count)))
            #expect(output.status == 0, "\(line): exit \(output.status)\n\(output.stderr)")
        }
        // The stand-in app's outcomes are stored, and the view matches them as verify counts.
        let verify = try await runner.run(["verify", "--db", "app.sqlite", "--format", "json"], db: false)
        #expect(verify.status == 0)
        #expect(verify.stdout.contains("\"checked\": 34, \"sources\": {\"app\": 0, \"device\": 0, \"synthetic\": 34}"))
    }
}
