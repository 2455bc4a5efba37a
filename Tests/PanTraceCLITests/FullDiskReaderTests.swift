import Foundation
import Testing

/// docs/safety.md: on a full disk the reading commands still read (the file is
/// read immutable: no `-wal` or `-shm` to make), so that a user can export
/// their traces to make room; nothing is left beside the database.
@Suite struct FullDiskReaderTests {
    /// `unshare`, when this machine lets an unprivileged user namespace mount a tmpfs.
    static let unshare = Task<String?, Never> {
        for path in ["/usr/bin/unshare", "/bin/unshare"] where FileManager.default.isExecutableFile(atPath: path) {
            let probe = try? await CommandRunner.spawn(
                path, ["-rm", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt"], in: URL(fileURLWithPath: "/"))
            return probe?.status == 0 ? path : nil
        }
        return nil
    }

    @Test func readersWorkOnAFullDiskAndLeaveNothingBeside() async throws {
        guard let unshare = await Self.unshare.value else { try Test.cancel("skipped: no unshare -rm with a tmpfs here") }
        let runner = try await Hardening.seededRunner()
        let disk = runner.path("disk")
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        let binary = CommandRunner.binary
        // A file system a little larger than the database, then filled to its last block.
        let size = (try FileManager.default.attributesOfItem(atPath: runner.db)[.size] as? Int ?? 0) / 1024 + 256
        let commands = [
            "runs", "show --db \(disk)/test.sqlite taken", "export traces", "export decisions --run 1",
            "tune --sweep threshold=0.3,0.5",
        ]
        var script = """
            set -u
            mount -t tmpfs -o size=\(size)k tmpfs '\(disk)' || exit 99
            cp '\(runner.db)' '\(disk)/test.sqlite'
            dd if=/dev/zero of='\(disk)/fill' bs=4k 2>/dev/null
            df -k '\(disk)' | tail -1 | awk '{ print "free " $4 }'

            """
        for command in commands {
            let words = command.split(separator: " ").map(String.init)
            let arguments = words.contains("--db") ? words : (words.first == "export" ? Array(words.prefix(2)) + ["--db", "\(disk)/test.sqlite"] + words.dropFirst(2) : [words[0], "--db", "\(disk)/test.sqlite"] + words.dropFirst())
            script += "'\(binary)' \(arguments.map { "'\($0)'" }.joined(separator: " ")) > /dev/null 2> '\(runner.path("err"))'; "
            script += "echo \"\(command): $? $(head -c 300 '\(runner.path("err"))')\"\n"
        }
        script += "ls '\(disk)'\n"
        let output = try await CommandRunner.spawn(unshare, ["-rm", "sh", "-c", script], in: runner.folder).stdout
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.first == "free 0", "\(output)")
        for command in commands {
            #expect(lines.contains { $0.hasPrefix("\(command): 0") }, "\(output)")
        }
        #expect(Array(lines.suffix(2)) == ["fill", "test.sqlite"], "\(output)")
    }
}
