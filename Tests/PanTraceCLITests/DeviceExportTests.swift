import Foundation
import Testing
import TestFolders

/// `pantrace export actions` and `export xcuitest` on the command line
/// (docs/device.md): the streams, the exit statuses, and a Swift file that
/// `swiftc -parse` accepts. What the lines hold is tested in-process
/// (the Device suites of PanTraceCoreTests and PanTraceReportsTests, PanTraceKitTests' GestureExporterTests).
@Suite struct DeviceExportTests {
    /// `swiftc`, from the toolchain on the PATH or at /opt/swift.
    static let swiftc: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/opt/swift/usr/bin", "/usr/bin"]
        return folders.map { $0 + "/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Names a Swift file must survive: quotes, a line break, non-ASCII, and three that clash.
    static let awkwardTraces = ["quote\"d */", "line\nbreak // x", "caf\u{E9}", "a-b", "a_b", "a.b", "1st"].map { name in
        #"{"name":\#(ValidTraceLine.jsonString(name)),"width":393,"height":852,"samples":[{"t":0,"x":200,"y":100,"phase":"down"},"#
            + #"{"t":0.05,"x":200,"y":180,"phase":"move"},{"t":0.3,"x":200,"y":180,"phase":"up"}]}"#
    }.joined(separator: "\n") + "\n"

    @Test func theLinesGoToStandardOutputAndTheCountsEndStandardError() async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 40)
        let actions = try await ExportTests.export(runner, "actions")
        #expect(actions.status == 0, "\(actions.stderr)")
        let lines = actions.stdout.split(separator: "\n")
        #expect(lines.count == 40)
        #expect(lines.allSatisfy { String($0).hasPrefix(#"{"trace": "#) && String($0).contains(#""actions": [{"type": "pointer", "id": "finger1""#) })
        let faithful = lines.filter { String($0).contains(#""faithful": true"#) }.count
        #expect(actions.stderr.hasSuffix("\(faithful) faithful, \(40 - faithful) unfaithful\n"))

        let only = try await ExportTests.export(runner, "actions", ["--faithful-only"])
        #expect(only.stdout.split(separator: "\n").count == faithful)
        #expect(only.stderr == actions.stderr)
    }

    @Test(.enabled(if: swiftc != nil, "swiftc is not installed"))
    func theSwiftFileParses() async throws {
        let runner = try CommandRunner()
        let recorded = try await runner.run(["record", "--from", "-"], stdin: Self.awkwardTraces)
        try #require(recorded.status == 0, "\(recorded.stderr)")
        let output = try await ExportTests.export(runner, "xcuitest", ["--class", "SheetGestureTests"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.hasSuffix(" unfaithful\n"))
        for method in ["testa_b()", "testa_b_2()", "testa_b_3()", "testcaf_()", "test1st()", "testline_break____x()"] {
            #expect(output.stdout.contains("func \(method) {"), "\(method)")
        }
        #expect(output.stdout.contains("final class SheetGestureTests: XCTestCase {"))
        #expect(output.stdout.contains("    // \"line\\nbreak // x\"\n"))
        let file = runner.path("SheetGestureTests.swift")
        try output.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let parsed = try await CommandRunner.spawn(try #require(Self.swiftc), ["-parse", file], in: runner.folder)
        #expect(parsed.status == 0, "\(parsed.stderr)")
        #expect(parsed.stderr.isEmpty, "\(parsed.stderr)")
    }

    @Test func refusalsAre64AndPrintNothing() async throws {
        let runner = try CommandRunner()
        try await runner.recordCorpus(count: 10)
        let cases: [(String, [String], String)] = [
            ("actions", ["--changed", "9"], "pantrace: error: no run 9\n"),
            ("xcuitest", ["--changed", "9"], "pantrace: error: no run 9\n"),
            ("xcuitest", ["--class", "class"], "--class 'class' is not a valid class name"),
            ("xcuitest", ["--class", "2Tests"], "--class '2Tests' is not a valid class name"),
            ("actions", ["--changed", "last"], "--changed"),
            ("actions", ["--family", "no-such-family"], "no stored trace matches --family no-such-family: nothing to export"),
        ]
        for (what, arguments, message) in cases {
            let output = try await ExportTests.export(runner, what, arguments)
            #expect(output.status == 64, "\(arguments): \(output.stderr)")
            #expect(output.stdout.isEmpty, "\(arguments)")
            #expect(output.stderr.contains(message), "\(arguments): \(output.stderr)")
        }
        // A database without runs: --changed has no baseline to compare with.
        let deleted = try await runner.run(["runs", "--delete", "1", "--force"])
        try #require(deleted.status == 0, "\(deleted.stderr)")
        let output = try await ExportTests.export(runner, "actions", ["--changed", "latest"])
        #expect(output.status == 64 && output.stdout.isEmpty)
        #expect(output.stderr.contains("has no runs: --changed"), "\(output.stderr)")
    }
}
