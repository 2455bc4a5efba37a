import Foundation
import SnapshotTesting
import Testing

/// The one record mode of every golden file the tests keep — the help and
/// report snapshots (swift-snapshot-testing's `verifySnapshot`) and the
/// tables generated into docs/ — so that no golden file is ever recorded on
/// CI.
///
/// - `CI` set (not `0` or `false`): `.never`; a missing golden file fails.
/// - `RECORD_SNAPSHOTS=1`: `.all`; every golden file is rewritten and the
///   test that rewrote it fails, so that a recording is always looked at.
/// - otherwise swift-snapshot-testing's own `SNAPSHOT_TESTING_RECORD`
///   (`all`, `failed`, `missing`, `never`), by default `.missing`: a golden
///   file is recorded when it does not exist yet (and the test fails).
public enum Snapshots {
    /// The record mode in force for this test process.
    public static let record: SnapshotTestingConfiguration.Record = {
        let environment = ProcessInfo.processInfo.environment
        if let ci = environment["CI"], !ci.isEmpty, ci != "0", ci != "false" { return .never }
        if environment["RECORD_SNAPSHOTS"] == "1" { return .all }
        return environment["SNAPSHOT_TESTING_RECORD"].flatMap(SnapshotTestingConfiguration.Record.init(rawValue:)) ?? .missing
    }()

    /// Whether a generated block of a docs page that differs is rewritten
    /// (only when every golden file is, `.all`).
    public static var rewritesDocs: Bool { record == .all }

    /// Expects `text` to equal the golden file `folder/NAME.ID.EXT`, with
    /// `file` written `NAME.ID.EXT` (`help.compare.txt`), recording it as
    /// ``record`` says.
    public static func expect(
        _ text: String, file: String, in folder: URL,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let parts = file.split(separator: ".", maxSplits: 2).map(String.init)
        guard parts.count == 3 else {
            Issue.record("golden file \(file): name it NAME.ID.EXT")
            return
        }
        let strategy = Snapshotting<String, String>(pathExtension: parts[2], diffing: .lines)
        let failure = verifySnapshot(
            of: text, as: strategy, named: parts[1], record: record, snapshotDirectory: folder.path,
            fileID: fileID, file: filePath, testName: parts[0], line: line, column: column
        )
        if let failure {
            Issue.record(
                Comment(rawValue: "\(file): \(failure)"),
                sourceLocation: SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
            )
        }
    }
}
