#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

import PanTraceKit
import PanTraceReports

/// Writing to standard output and standard error, and what the terminal allows.
///
/// Standard output carries the reports: a write that fails throws
/// ``StreamWriteError`` (exit 74). Standard error carries diagnostics only:
/// a failed write to it is dropped, and the exit status stays what it was.
package enum Console {
    // Buffered: a report is written in pieces of 64 KB, not a call per line.
    nonisolated(unsafe) static let standardOutput = StandardStream(descriptor: 1, name: "standard output", capacity: 1 << 16)
    nonisolated(unsafe) static let standardError = StandardStream(descriptor: 2, name: "standard error", capacity: 0)

    /// Where reports go.
    package static var output: StandardStream { standardOutput }
    /// Where diagnostics go.
    static var errors: StandardStream { standardError }

    /// Makes the process safe to start in a hostile environment; call it first.
    ///
    /// SIGPIPE is ignored: a reader that goes away is a failed write
    /// (EPIPE) that ends the command by its own path, rolling back what it
    /// had not committed, rather than a death in the middle of it. A
    /// standard descriptor closed by the caller (`pantrace runs >&-`) is
    /// taken by /dev/null opened the other way round, so that no database or
    /// output file opened later becomes descriptor 0, 1 or 2 and receives a
    /// report, and reading or writing it still fails (EBADF); its stream is
    /// marked closed so that nothing is even tried. SIGXFSZ too: a file
    /// past `ulimit -f` is a failed write (EFBIG, exit 74), not a core dump.
    /// SIGINT, SIGTERM and SIGHUP still end the process, after removing the
    /// temporary files of output files not yet written (``TemporaryFiles``).
    package static func prepare() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        TemporaryFiles.removeOnSignals()
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", descriptor == 0 ? O_WRONLY : O_RDONLY)
            if opened >= 0, opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
            [standardOutput, standardError].first { $0.descriptor == descriptor }?.isClosed = true
        }
    }

    /// Writes `text` to standard output as it is (buffered: ``finish()`` writes the rest).
    package static func out(_ text: String) throws(StreamWriteError) {
        try output.write(text)
    }

    /// Writes an export's text (JSON Lines, or Swift source with `swift`) to
    /// standard output: as it is to a file or a pipe; to a terminal with the
    /// controls and bidirectional marks of its names written as the
    /// language's escapes (``TerminalText/escapedExport(_:swift:)``, docs/safety.md).
    package static func exportOut(_ text: String, swift: Bool = false) throws(StreamWriteError) {
        try output.write(stdoutIsTerminal ? TerminalText.escapedExport(text, swift: swift) : text)
    }

    /// Writes what standard output holds; throws when any write to it failed.
    package static func finish() throws(StreamWriteError) {
        try output.flush()
    }

    /// Writes `text` to standard error, each line made safe for a terminal:
    /// a name or path from the input cannot recolour or clear the screen
    /// (``TerminalText/escaped(_:)``).
    package static func errorText(_ text: String) {
        try? errors.write(terminalSafe(text))
    }

    /// `text` with every line passed through ``TerminalText/escaped(_:)``, the line breaks kept.
    package static func terminalSafe(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.escaped(String($0)) }
            .joined(separator: "\n")
    }

    /// Writes a line to standard error.
    package static func error(_ line: String) {
        errorText(line + "\n")
    }

    /// Rewrites the current line of standard error (progress on a terminal).
    static func progress(_ line: String) {
        try? errors.write("\r\u{1B}[K" + TerminalText.escaped(line))
    }

    static var stdoutIsTerminal: Bool { output.isTerminal }
    static var stderrIsTerminal: Bool { errors.isTerminal }

    /// Colour only on a terminal, never with `NO_COLOR` (no-color.org).
    static var colourOnStdout: Bool {
        stdoutIsTerminal && environment("NO_COLOR").map(\.isEmpty) ?? true
    }

    /// The width help and usage messages are wrapped to: `COLUMNS` when it
    /// is set, else `nil`, which leaves it to swift-argument-parser (the
    /// terminal's width, or 80).
    static var textColumns: Int? {
        guard let columns = environment("COLUMNS").flatMap(Int.init), columns > 0 else { return nil }
        return columns
    }

    /// The variable's value, `nil` when it is not set.
    package static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Seconds on a monotonic clock.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// Reports progress on standard error when it is a terminal and the work is
/// long: at most a few times a second, after the first second.
final class Progress {
    private let enabled: Bool
    private let start = Console.now()
    private var lastShown = 0.0
    private var shown = false

    init(quiet: Bool) {
        enabled = !quiet && Console.stderrIsTerminal
    }

    func update(_ text: @autoclosure () -> String) {
        guard enabled else { return }
        let now = Console.now()
        guard now - start > 1, now - lastShown > 0.2 else { return }
        lastShown = now
        shown = true
        Console.progress(text())
    }

    /// Clears the progress line, if one was shown.
    func finish() {
        if shown { Console.progress("") }
    }
}
