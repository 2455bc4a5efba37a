import Foundation
import TestFolders
import Testing

// README: begin
import PanTraceKit

/// Records 300 synthetic gestures, then replays them under the velocity rule.
func tryTheVelocityRule(database: String) throws -> RunComparison {
    let store = try Store(path: database)
    try Recorder(synthetic: SyntheticTraces(count: 300, seed: 7)).record(into: store)
    let comparison = try Replayer(config: ConfigSource(overrides: ["decision=velocity"]).resolve()).replay(in: store)
    for change in comparison.changes.prefix(3) {
        print(change.name, change.baseline?.decision ?? .none, "→", change.candidate.decision)
    }
    return comparison
}
// README: end

/// The README's "Use it from Swift" example: this file holds it verbatim
/// between the markers, and the tests prove that and run it.
@Suite struct ReadmeExampleTests {
    static let thisFile = URL(fileURLWithPath: #filePath)
    static let readme = thisFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "README.md")

    /// The text between `start` and `end` (exclusive) in `text`.
    static func block(in text: String, from start: String, to end: String) throws -> String {
        let lower = try #require(text.range(of: start)).upperBound
        let upper = try #require(text.range(of: end, range: lower..<text.endIndex)).lowerBound
        return String(text[lower..<upper])
    }

    @Test func readmeShowsExactlyThisCode() throws {
        let readme = try String(contentsOf: Self.readme, encoding: .utf8)
        let source = try String(contentsOf: Self.thisFile, encoding: .utf8)
        let shown = try Self.block(in: readme, from: "## Use it from Swift", to: "## ")
        let example = try Self.block(in: shown, from: "```swift\n", to: "```\n")
        #expect(example == (try Self.block(in: source, from: "// README: begin\n", to: "// README: end")))
    }

    /// 300 traces recorded, then replayed under the velocity rule: every
    /// change can only be a release the rule now decides by velocity.
    @Test func theExampleRuns() throws {
        let folder = try TestFolders.make("readme")
        defer { try? FileManager.default.removeItem(at: folder) }
        let comparison = try tryTheVelocityRule(database: folder.appending(path: "example.sqlite").path)
        #expect(comparison.baseline.run == 1)
        #expect(comparison.candidate.run == 2)
        #expect(comparison.traces == 300)
        // docs/model.md (decisions): below the flick velocity either way the
        // velocity rule falls back to the threshold, so a changed decision
        // can only be a flick or a reverse flick.
        #expect(comparison.changed > 0)
        for change in comparison.changes {
            #expect([Reason.flick, .reverseFlick].contains(change.candidate.reason), "\(change.name)")
        }
    }
}
