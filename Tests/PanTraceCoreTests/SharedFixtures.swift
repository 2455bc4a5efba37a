import Foundation

/// Locates `../shared` beside the repository, present on developer machines
/// and in CI, absent in a user's fresh clone.
enum SharedFixtures {
    /// The repository root, from this file's path (Tests/PanTraceCoreTests/SharedFixtures.swift).
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/fixtures/peer-velocity`, or nil when it is absent.
    static let peerVelocity: URL? = {
        let folder = repositoryRoot.deletingLastPathComponent()
            .appending(path: "shared/fixtures/peer-velocity")
        let exists = FileManager.default.fileExists(atPath: folder.appending(path: "flutter.jsonl").path)
        return exists ? folder : nil
    }()
}
