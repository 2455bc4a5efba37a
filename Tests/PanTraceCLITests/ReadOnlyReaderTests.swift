import Foundation
import Testing

/// docs/safety.md "Read-only files stay usable": a command on a database its user cannot
/// write, in a folder it can, leaves no `-wal` or `-shm` behind (they would
/// take the file's read-only mode, and once the file is writable again every
/// write would fail "read-only" until they were deleted by hand).
@Suite struct ReadOnlyReaderTests {
    @Test func readingAReadOnlyDatabaseLeavesNothingThatBlocksALaterWriter() async throws {
        if let reason = await Hardening.nobodyUnavailable.value { try Test.cancel("skipped: \(reason)") }
        let runner = try await Hardening.seededRunner()
        // The user's own database and folder, as in the issue: only the file is read-only.
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: runner.folder.path)
        if getuid() == 0 {
            try #require(chown(runner.db, 65534, 65534) == 0)  // nobody
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: runner.db)
        let before = try DatabaseState(path: runner.db)
        for command in [["runs"], ["show", "taken"], ["export", "traces"], ["tune", "--sweep", "threshold=0.3,0.5"], ["replay"]] {
            let arguments = Array(command.prefix(command.first == "export" ? 2 : 1)) + ["--db", runner.db]
                + command.dropFirst(command.first == "export" ? 2 : 1)
            let output = try await runner.spawnAsNobody(arguments)
            #expect(output.status == (command == ["replay"] ? 66 : 0), "\(command): \(output.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: runner.folder.path) == ["test.sqlite"], "\(command)")
        }
        #expect(try DatabaseState(path: runner.db) == before)
        // Writable again: the next writer works.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: runner.db)
        let record = try await runner.spawnAsNobody(["record", "--db", runner.db, "--count", "3", "--seed", "9"])
        #expect(record.status == 0, "\(record.stderr)")
        #expect(try Hardening.integer(runner.db, "SELECT count(*) FROM run") == 3)
    }
}

extension ReadOnlyReaderTests {
    /// What an older reader left (a `-wal` and `-shm` of mode 0444 beside a
    /// database made writable again) no longer blocks the next writer.
    @Test func readOnlyLeftoversOfTheUsersOwnAreRepairedByTheNextWriter() async throws {
        if let reason = await Hardening.nobodyUnavailable.value { try Test.cancel("skipped: \(reason)") }
        let runner = try await Hardening.seededRunner()
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: runner.folder.path)
        for name in ["test.sqlite", "test.sqlite-wal", "test.sqlite-shm"] {
            let path = runner.path(name)
            if !FileManager.default.fileExists(atPath: path) { #expect(FileManager.default.createFile(atPath: path, contents: Data())) }
            if getuid() == 0 { try #require(chown(path, 65534, 65534) == 0) }
            try FileManager.default.setAttributes([.posixPermissions: name == "test.sqlite" ? 0o644 : 0o444], ofItemAtPath: path)
        }
        let record = try await runner.spawnAsNobody(["record", "--db", runner.db, "--count", "3", "--seed", "9"])
        #expect(record.status == 0, "\(record.stderr)")
        #expect(try Hardening.integer(runner.db, "SELECT count(*) FROM run") == 3)
    }
}

/// An output file its user may not write is not replaced (a shell's `>`
/// would fail too), even though its folder would let a rename through.
@Suite struct ReadOnlyOutputTests {
    @Test func aReportOverAFileTheUserMayNotWriteIs74AndTheFileStays() async throws {
        if let reason = await Hardening.nobodyUnavailable.value { try Test.cancel("skipped: \(reason)") }
        let runner = try await Hardening.seededRunner()
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: runner.folder.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: runner.db)
        let kept = try runner.write("{\"name\": \"kept\"}\n", to: "best.json")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: kept)
        let output = try await runner.spawnAsNobody(["tune", "--db", runner.db, "--sweep", "threshold=0.3,0.5", "--best-config", kept])
        #expect(output.status == 74, "\(output.stderr)")
        #expect(output.stderr.contains("cannot write \(kept): Permission denied"), "\(output.stderr)")
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "{\"name\": \"kept\"}\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: runner.folder.path).sorted() == ["best.json", "test.sqlite"])
    }
}
