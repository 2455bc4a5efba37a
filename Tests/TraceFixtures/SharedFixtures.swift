import Foundation

/// Locates `../shared` beside the repository, present on developer machines
/// and in CI, absent in a user's fresh clone.
public enum SharedFixtures {
    /// The repository root, from this file's path (Tests/TraceFixtures/SharedFixtures.swift).
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/fixtures/peer-velocity`, or nil when it is absent.
    public static let peerVelocity: URL? = {
        let folder = repositoryRoot.deletingLastPathComponent()
            .appending(path: "shared/fixtures/peer-velocity")
        let exists = FileManager.default.fileExists(atPath: folder.appending(path: "flutter.jsonl").path)
        return exists ? folder : nil
    }()
}
