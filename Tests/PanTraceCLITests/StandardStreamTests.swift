import Testing

#if canImport(Glibc)
import Glibc
#endif

@testable import PanTraceCommands

/// Standard output checked on every write, in-process on descriptors that
/// fail as a closed or full standard output would (docs/commands.md §7.4: 74).
@Suite struct StandardStreamTests {
    @Test func aFullDeviceFailsAtTheFlushAndEveryWriteAfter() throws {
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)
        defer { close(full) }
        let stream = StandardStream(descriptor: full, name: "standard output", capacity: 16)
        try stream.write("0123456789")  // gathered, not yet written
        #expect(throws: StreamWriteError(stream: "standard output", code: ENOSPC)) { try stream.write("0123456789") }
        // The first failure is kept: nothing after a hole is written.
        #expect(throws: StreamWriteError(stream: "standard output", code: ENOSPC)) { try stream.write("x") }
        #expect(throws: StreamWriteError(stream: "standard output", code: ENOSPC)) { try stream.flush() }
    }

    @Test func aClosedStreamFailsOnlyWhenWrittenTo() throws {
        let stream = StandardStream(descriptor: -1, name: "standard output", capacity: 16)
        stream.isClosed = true
        // A command that writes nothing to it (record) is not bothered.
        try stream.flush()
        #expect(throws: StreamWriteError(stream: "standard output", code: EBADF)) { try stream.checkOpen() }
        #expect(throws: StreamWriteError(stream: "standard output", code: EBADF)) { try stream.write("report") }
    }

    @Test func aFailedWriteIs74WithOneLineAndABrokenPipeIsQuiet() {
        let full = ExitStatus.report(for: StreamWriteError(stream: "standard output", code: ENOSPC))
        #expect(full.status == 74)
        #expect(full.stderr == "pantrace: error: cannot write to standard output: No space left on device\n")
        let pipe = ExitStatus.report(for: StreamWriteError(stream: "standard output", code: EPIPE))
        #expect(pipe.status == 74 && pipe.stderr.isEmpty && pipe.stdout.isEmpty)
    }

    @Test func messagesOnStandardErrorAreSafeForATerminal() {
        #expect(Console.terminalSafe("no trace named 'x\u{1B}[2J'\nnext line\n") == "no trace named 'x\\u{1B}[2J'\nnext line\n")
        #expect(Console.terminalSafe("café") == "café")
    }
}
