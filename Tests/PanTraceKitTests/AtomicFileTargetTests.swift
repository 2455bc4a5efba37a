import Foundation
import PanTraceKit
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// docs/safety.md "Reports are written whole or reported": what an output path names decides how
/// it is written. A regular file is replaced atomically and keeps its
/// permission bits; a symbolic link is followed and stays a link; a device,
/// a FIFO or a terminal is written through, never replaced. The tests run as
/// root in most CI containers, which is where a device was replaced.
@Suite struct AtomicFileTargetTests {
    static func mode(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode : 0
    }

    static func contents(_ path: String) -> String? {
        try? String(contentsOfFile: path, encoding: .utf8)
    }

    /// The folder holds only `names` (no `.NAME.XXXXXX` left over).
    static func expectOnly(_ names: [String], in workspace: Workspace, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.folder.path).sorted() == names.sorted(), sourceLocation: sourceLocation)
    }

    @Test func aReplacedRegularFileKeepsItsPermissionBits() throws {
        let workspace = try Workspace()
        let path = workspace.path("report.xml")
        try workspace.write("old", to: "report.xml")
        for bits: mode_t in [0o600, 0o640, 0o755] {
            chmod(path, bits)
            try AtomicFile.write("new \(bits)", to: path)
            #expect(Self.contents(path) == "new \(bits)")
            #expect(Self.mode(path) & 0o7777 == bits)
            #expect(Self.mode(path) & S_IFMT == S_IFREG)
        }
        try Self.expectOnly(["report.xml"], in: workspace)
    }

    @Test func aSymbolicLinkIsFollowedAndStaysALink() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("reports"), withIntermediateDirectories: false)
        try workspace.write("old", to: "reports/pantrace.xml")
        chmod(workspace.path("reports/pantrace.xml"), 0o640)
        // A relative link, and a link to that link.
        try FileManager.default.createSymbolicLink(atPath: workspace.path("latest.xml"), withDestinationPath: "reports/pantrace.xml")
        try FileManager.default.createSymbolicLink(atPath: workspace.path("chain.xml"), withDestinationPath: workspace.path("latest.xml"))
        for link in ["latest.xml", "chain.xml"] {
            try AtomicFile.write("through \(link)", to: workspace.path(link))
            #expect(Self.mode(workspace.path(link)) & S_IFMT == S_IFLNK, "\(link)")
            #expect(Self.contents(workspace.path("reports/pantrace.xml")) == "through \(link)")
            #expect(Self.mode(workspace.path("reports/pantrace.xml")) & 0o7777 == 0o640)
        }
        // A link to a file not yet written: the file is created where it points.
        try FileManager.default.createSymbolicLink(atPath: workspace.path("dangling.xml"), withDestinationPath: "reports/new.xml")
        try AtomicFile.write("created", to: workspace.path("dangling.xml"))
        #expect(Self.mode(workspace.path("dangling.xml")) & S_IFMT == S_IFLNK)
        #expect(Self.contents(workspace.path("reports/new.xml")) == "created")
        try Self.expectOnly(["chain.xml", "dangling.xml", "latest.xml", "reports"], in: workspace)
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path("reports")).sorted() == ["new.xml", "pantrace.xml"])
    }

    @Test func aDeviceIsWrittenThroughNeverReplaced() throws {
        let workspace = try Workspace()
        // A device of the test's own (as /dev/null is, 1:3), so that a failure replaces nothing of the machine's.
        let device = workspace.path("null")
        guard mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0 else {  // makedev(1, 3)
            try Test.cancel("cannot make a device here (not root): \(String(cString: strerror(errno)))")
        }
        try FileManager.default.createSymbolicLink(atPath: workspace.path("stdout"), withDestinationPath: device)
        for path in [device, workspace.path("stdout")] {
            let file = try AtomicFile(path: path)
            try file.write("a report\n")
            try file.commit()
            #expect(Self.mode(device) & S_IFMT == S_IFCHR, "\(path)")
        }
        #expect(Self.mode(workspace.path("stdout")) & S_IFMT == S_IFLNK)
        try Self.expectOnly(["null", "stdout"], in: workspace)
    }

    @Test func aFIFOIsWrittenThroughToItsReader() throws {
        let workspace = try Workspace()
        let fifo = workspace.path("pipe")
        try #require(mkfifo(fifo, 0o600) == 0)
        // The reader first (non-blocking), so that opening for writing does not wait.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        let file = try AtomicFile(path: fifo)
        try file.write("<testsuite/>\n")
        try file.commit()
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(reader, &buffer, buffer.count)
        #expect(count > 0 && String(decoding: buffer[..<max(count, 0)], as: UTF8.self) == "<testsuite/>\n")
        #expect(Self.mode(fifo) & S_IFMT == S_IFIFO)
        try Self.expectOnly(["pipe"], in: workspace)
    }

    @Test func aFileNeverCommittedLeavesNothingAndTheOldFileWhole() throws {
        let workspace = try Workspace()
        try workspace.write("old", to: "page.html")
        do {
            let file = try AtomicFile(path: workspace.path("page.html"))
            try file.write("half a pa")
        }
        #expect(Self.contents(workspace.path("page.html")) == "old")
        try Self.expectOnly(["page.html"], in: workspace)
    }
}
