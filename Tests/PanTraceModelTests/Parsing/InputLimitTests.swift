import Foundation
import Testing
import TestFolders
import TraceFixtures

@testable import PanTraceModel

/// docs/model.md §3: a trace line or a config over its documented limit is refused
/// (invalid data, naming the file and line) as soon as the limit is passed,
/// without keeping more than the limit in memory.
@Suite struct InputLimitTests {
    /// A valid trace line named `name`, padded with spaces before its last `}`
    /// to exactly `length` bytes.
    static func line(_ name: String, length: Int) -> String {
        let plain = TraceLines.minimal().replacingOccurrences(of: #""a""#, with: "\"\(name)\"")
        return String(plain.dropLast()) + String(repeating: " ", count: max(0, length - plain.utf8.count)) + "}"
    }

    private func temporaryFile(_ text: String) throws -> String {
        let path = try TestFolders.make("limit").appending(path: "input").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The limits users read in docs/model.md §3 are the ones the code applies.
    @Test func documentedLimits() throws {
        let model = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appending(path: "docs/model.md")
        let text = try String(contentsOf: model, encoding: .utf8)
        #expect(text.contains("at most \(InputLimits.describe(InputLimits.maximumTraceLineBytes)) as read"))
        #expect(text.contains("at most \(InputLimits.describe(InputLimits.maximumConfigBytes))"))
        #expect(InputLimits.describe(16 * 1024 * 1024) == "16 MiB (16777216 bytes)")
        #expect(InputLimits.describe(300) == "300 bytes")
    }

    /// `record --from /dev/zero`: one endless line without a newline, refused
    /// at the production limit (reading stops after 8 MiB + 1 byte).
    @Test func endlessInputIsRefusedAtTheLineLimit() throws {
        let reader = try TraceReader(path: "/dev/zero")
        #expect(throws: TraceError(file: "/dev/zero", line: 1, keyPath: "",
            reason: "the line is longer than 8 MiB (8388608 bytes), the limit for one trace")) {
            try reader.next()
        }
    }

    /// `--config /dev/zero`: refused at 1 MiB as invalid config data.
    @Test func endlessConfigIsRefusedAtTheConfigLimit() throws {
        #expect(throws: ConfigError(kind: .invalidData, file: "/dev/zero", line: 1, key: "",
            reason: "the file is longer than 1 MiB (1048576 bytes), the limit for a config")) {
            try Config.load(path: "/dev/zero")
        }
        #expect(throws: InputFileError(path: "/dev/zero", reason: "longer than 1 MiB (1048576 bytes)")) {
            try InputFile.bytes(atPath: "/dev/zero")
        }
    }

    /// A config of exactly the limit is read; one byte more is refused, naming
    /// the line of the first byte past the limit.
    @Test func configAtTheLimitIsReadOneByteMoreIsNot() throws {
        let text = "{\n  \"threshold\": 0.3\n" + String(repeating: " ", count: 200) + "\n}\n"
        // 2 + 19 ("  \"threshold\": 0.3\n") + 200 + 3 bytes; newlines at 1, 20, 221 and 223.
        #expect(text.utf8.count == 224)
        let path = try temporaryFile(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try Config.load(path: path, maximumBytes: 224).threshold == 0.3)
        // With a limit of 223, byte 223 (0-based, the final newline) is the first past it: line 4.
        #expect(throws: ConfigError(kind: .invalidData, file: path, line: 4, key: "",
            reason: "the file is longer than 223 bytes, the limit for a config")) {
            try Config.load(path: path, maximumBytes: 223)
        }
    }

    /// A line of exactly the limit is read; one byte longer is refused with its
    /// line number, and the reader goes on after it (from a file and from memory).
    @Test(arguments: [1, 40])
    func lineAtTheLimitIsReadALongerOneIsSkipped(longFactor: Int) throws {
        let limit = 300
        let text = [
            Self.line("first", length: limit), Self.line("long", length: limit * longFactor + 1), "",
            Self.line("after", length: 100),
        ].joined(separator: "\n")
        let path = try temporaryFile(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        for reader in [try TraceReader(path: path, maximumLineBytes: limit), TraceReader(text: text, file: path, maximumLineBytes: limit)] {
            #expect(try reader.next()?.trace.name == "first")
            #expect(throws: TraceError(file: path, line: 2, keyPath: "",
                reason: "the line is longer than 300 bytes, the limit for one trace")) {
                try reader.next()
            }
            let after = try #require(try reader.next())
            #expect(after.line == 4)
            #expect(after.trace.name == "after")
            #expect(try reader.next() == nil)
        }
    }

    /// The buffer never grows past the limit plus one byte, however long the line.
    @Test func bufferStaysWithinTheLimit() throws {
        let lines = try FileLines(path: "/dev/zero", maximumLineLength: 100_000)
        guard case .tooLong = try lines.nextLine() else {
            Issue.record("expected tooLong")
            return
        }
        #expect(lines.bufferCapacity <= 100_001)
    }

    /// Standard input is a pipe: a writer sends a line three times the limit and
    /// then a valid one; the reader refuses the first and reads the second
    /// while the writer is still writing (nothing waits for the whole input).
    @Test func oversizedLineFromAPipe() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        defer {
            // Drain whatever is left so that the writer never meets a closed pipe.
            var rest = [UInt8](repeating: 0, count: 1 << 16)
            while read(readEnd, &rest, rest.count) > 0 {}
            close(readEnd)
        }
        let limit = 1 << 16
        let payload = Array(String(repeating: "x", count: 3 * limit).utf8) + Array(("\n" + Self.line("piped", length: 120) + "\n").utf8)
        let writer = Thread {
            payload.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                var offset = 0
                while offset < bytes.count {
                    let written = write(writeEnd, base + offset, bytes.count - offset)
                    if written <= 0 { break }
                    offset += written
                }
            }
            close(writeEnd)
        }
        writer.start()
        let reader = try TraceReader(path: "/dev/fd/\(readEnd)", maximumLineBytes: limit)
        #expect(throws: TraceError.self) { try reader.next() }
        let piped = try? reader.next()
        #expect(piped?.trace.name == "piped")
        #expect(piped?.line == 2)
        #expect((try? reader.next()) ?? nil == nil)
    }
}
