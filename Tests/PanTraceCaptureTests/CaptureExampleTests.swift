import Foundation
import PanTraceModel
import Subprocess
import Testing

/// The README's capture example is `Sources/capture-example/main.swift`, and it runs.
@Suite struct CaptureExampleTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The built example beside the test bundle (`swift test` builds it: the test target depends on it).
    static let binary: URL = {
        var folder = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = folder.appending(path: "capture-example")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
            folder = folder.deletingLastPathComponent()
        }
        return repositoryRoot.appending(path: ".build/debug/capture-example")
    }()

    /// The first Swift code block of the README's section `## Capture your users' gestures`.
    static func readmeExample() throws -> String {
        let readme = try String(contentsOf: repositoryRoot.appending(path: "README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "\n## Capture your users' gestures\n"))
        let rest = readme[section.upperBound...]
        let open = try #require(rest.range(of: "```swift\n"))
        let close = try #require(rest[open.upperBound...].range(of: "\n```"))
        return String(rest[open.upperBound..<close.lowerBound])
    }

    @Test func readmeShowsMainSwiftByteForByte() throws {
        let main = try String(contentsOf: Self.repositoryRoot.appending(path: "Sources/capture-example/main.swift"), encoding: .utf8)
        #expect(try Self.readmeExample().trimmingCharacters(in: .whitespacesAndNewlines) == main.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func theExampleWritesTracesPantraceAccepts() async throws {
        let folder = try CaptureFolder()
        let example = try await Subprocess.run(
            .path(.init(Self.binary.path)), workingDirectory: .init(folder.folder.path), output: .string(limit: 1 << 20),
            error: .currentStandardError)
        let printed = example.standardOutput
        #expect(example.terminationStatus == .exited(0))
        #expect(printed == "wrote 2 traces to gestures.jsonl\n")

        let traces = try folder.traces()  // Core's JSON Lines reader, as `pantrace record --from` reads
        try #require(traces.count == 2)
        #expect(traces.map(\.intent) == [Intent(word: "medium"), nil])
        // The sheet's detents as fractions of its 852 points, from large.
        #expect(traces.allSatisfy { $0.detents == [Detent(name: "medium", height: 0.5), Detent(name: "large", height: 1)] && $0.startDetent == "large" })
        #expect(traces.map { $0.samples.last?.phase } == [.up, .cancel])
        #expect(traces[0].samples.count == 22)  // a down, 20 moves, an up
        // The 20th move at 20/60 s after the down, to the nanosecond.
        #expect(traces[0].samples[20].t == 0.333333333)
        #expect(traces[0].scrollContent == 2400)
        #expect(traces.allSatisfy { $0.name.hasPrefix("settings-sheet-") && $0.meta?.contains("\"screenScale\": 3") == true })
    }
}
