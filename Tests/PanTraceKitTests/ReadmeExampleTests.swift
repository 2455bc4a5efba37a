import Foundation
import TestFolders
import Testing

// README: begin
import PanTraceKit
import PanTraceCore
import PanTraceModel
import PanTraceStore

/// Records 300 synthetic gestures, replays them under the velocity rule, then
/// tunes its flick velocity against the gestures' intents.
func tryTheVelocityRule(database: String) throws -> (RunComparison, Tuning) {
    let store = try Store(path: database)
    try Recorder(synthetic: SyntheticTraces(count: 300, seed: 7)).record(into: store)

    var config = try ConfigSource(overrides: ["decision=velocity"]).resolve()  // from keys
    config.flickVelocity = 800  // a typed change, checked like a file's
    let comparison = try Replayer(config: config).replay(in: store)
    for change in comparison.changes.prefix(3) {
        print(change.name, change.baseline?.decision ?? .none, "→", change.candidate.decision)
    }

    let tuning = try Tuner(sweeps: ["flickVelocity=400:2000:400"]).tune(base: config, in: store)
    print("best flick velocity:", tuning.bestConfig?.flickVelocity ?? config.flickVelocity)
    return (comparison, tuning)
}
// README: end

/// The README's "Use it from Swift" example: this file holds it verbatim
/// between the markers, and the tests prove that and run it; and its
/// `Package.swift` lines name a library product this package declares.
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
        let shown = try Self.block(in: readme, from: "## Use it from Swift", to: "\n## ")
        let example = "import PanTraceKit\n" + (try Self.block(in: shown, from: "```swift\nimport PanTraceKit\n", to: "```\n"))
        #expect(example == (try Self.block(in: source, from: "// README: begin\n", to: "// README: end")))
    }

    /// The dependency lines: `.package(url:from:)` and `.package(path:)` of a
    /// package whose identity is the `package:` of `.product(name:package:)`,
    /// and that product a library of this package with the example's module.
    @Test func readmesPackageLinesNameThisPackagesLibrary() throws {
        let readme = try String(contentsOf: Self.readme, encoding: .utf8)
        let shown = try Self.block(in: readme, from: "## Use it from Swift", to: "\n## ")
        let lines = try Self.block(in: shown, from: "```swift\n", to: "```\n")
        let url = try Self.block(in: lines, from: ".package(url: \"", to: "\"")
        let path = try Self.block(in: lines, from: ".package(path: \"", to: "\"")
        #expect(lines.contains("\", from: \""))
        let product = try Self.block(in: lines, from: ".product(name: \"", to: "\"")
        let package = try Self.block(in: lines, from: "package: \"", to: "\"")
        // SwiftPM's identity: the last path component, lowercased, without `.git`.
        func identity(_ location: String) -> String {
            let last = location.split(separator: "/").last.map(String.init) ?? location
            return (last.hasSuffix(".git") ? String(last.dropLast(4)) : last).lowercased()
        }
        #expect(identity(url) == package)
        #expect(identity(path) == package)
        let manifest = try String(
            contentsOf: Self.readme.deletingLastPathComponent().appending(path: "Package.swift"), encoding: .utf8)
        #expect(manifest.contains("name: \"\(package)\""))
        #expect(manifest.contains(".library(name: \"\(product)\", targets: [\"\(product)\"])"))
        #expect(shown.contains("import \(product)\n"))
    }

    /// 300 traces recorded, then replayed under the velocity rule: every
    /// change can only be a release the rule now decides by velocity; then
    /// five flick velocities tuned on top of the typed config.
    @Test func theExampleRuns() throws {
        let folder = try TestFolders.make("readme")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (comparison, tuning) = try tryTheVelocityRule(database: folder.appending(path: "example.sqlite").path)
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
        #expect(tuning.results.traces == 300)
        #expect(tuning.results.grid.count == 5)
        let best = try #require(tuning.bestConfig)
        #expect([400, 800, 1200, 1600, 2000].contains(best.flickVelocity))
        #expect(best.decision == .velocity)
    }

    /// What the README says of a typed change: `threshold = 40` is refused by
    /// the example's first workflow that meets it, and nothing is stored.
    @Test func aTypedValueOutOfRangeIsRefused() throws {
        let folder = try TestFolders.make("readme")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try Store(path: folder.appending(path: "refused.sqlite").path)
        var config = try ConfigSource(overrides: ["decision=velocity"]).resolve()
        config.threshold = 40
        let error = try #require(throws: InvalidConfigError.self) {
            try Recorder(config: config, synthetic: SyntheticTraces(count: 10, seed: 7)).record(into: store)
        }
        #expect((error.key, error.value, error.allowed) == ("threshold", "40", "> 0 and ≤ 1"))
        #expect(try store.runs().isEmpty)
    }
}
