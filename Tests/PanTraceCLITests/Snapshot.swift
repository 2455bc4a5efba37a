import Foundation
import Testing

/// Golden files in `__Snapshots__/` beside this file, like
/// swift-snapshot-testing: recorded when missing or with `RECORD_SNAPSHOTS=1`
/// — and the test that records fails, so that a recording is always looked
/// at — never recorded when `CI` is set.
enum Snapshot {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "__Snapshots__")

    /// Expects `text` to equal the golden file `name`, recording it when allowed.
    static func expect(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = folder.appending(path: name)
        let environment = ProcessInfo.processInfo.environment
        let onCI = environment["CI"].map { !$0.isEmpty && $0 != "0" && $0 != "false" } ?? false
        let rerecord = environment["RECORD_SNAPSHOTS"] == "1" && !onCI
        if !rerecord, let stored = try? String(contentsOf: url, encoding: .utf8) {
            #expect(text == stored, "differs from \(name) (RECORD_SNAPSHOTS=1 re-records it)", sourceLocation: sourceLocation)
            return
        }
        guard !onCI else {
            Issue.record("no golden file \(name); CI never records one", sourceLocation: sourceLocation)
            return
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            Issue.record("recorded \(name): check it and run the tests again", sourceLocation: sourceLocation)
        } catch {
            Issue.record("cannot record \(name): \(error)", sourceLocation: sourceLocation)
        }
    }
}
