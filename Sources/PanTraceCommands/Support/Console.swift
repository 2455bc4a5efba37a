#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

import PanTraceKit
import PanTraceModel
import PanTraceReports

/// Where a command writes and what it reads: its standard output and
/// error, the variables it reads (`COLUMNS`, `NO_COLOR`, `CI`), the folder
/// its relative paths are in and what `-` reads, and what the terminal allows.
///
/// Standard output carries the reports: a write that fails throws
/// ``StreamWriteError`` (exit 74). Standard error carries diagnostics only:
/// a failed write to it is dropped, and the exit status stays what it was.
///
/// `pantrace` runs in ``process``: descriptors 0, 1 and 2, the process's
/// environment and current directory. A caller that runs commands in-process
/// (``Pantrace/run(_:in:)``, as swift-argument-parser's `AssertExecuteCommand`
/// drives a command) gives each a console of its own, made by
/// ``init(variables:directory:standardInput:terminal:)``, and reads what the
/// command wrote from ``standardOutput`` and ``standardError``. The console
/// of the running command is a task-local (``current``): commands that run
/// side by side in one process share no stream, variable or folder.
package final class Console: @unchecked Sendable {
    /// Where reports go.
    package let standardOutput: StandardStream
    /// Where diagnostics go.
    package let standardError: StandardStream
    /// The variables a command reads; `nil` reads the process's environment.
    private let variables: [String: String]?
    /// The folder of relative paths and the descriptor `-` reads.
    let files: FileContext
    /// Whether the command owns the process: only then does `lab` replace it
    /// by `pantrace-lab` (exec).
    let ownsProcess: Bool

    private init(output: StandardStream, errors: StandardStream, variables: [String: String]?, files: FileContext, ownsProcess: Bool) {
        standardOutput = output
        standardError = errors
        self.variables = variables
        self.files = files
        self.ownsProcess = ownsProcess
    }

    /// A console held in memory: what the command writes is kept in
    /// ``standardOutput`` and ``standardError`` (their ``StandardStream/written``
    /// bytes), it reads `variables` instead of the environment, its relative
    /// paths are in `directory` and `-` reads the open descriptor
    /// `standardInput`. `terminal` says whether both streams are to be
    /// treated as a terminal's (colour, escapes, progress).
    package convenience init(variables: [String: String], directory: String, standardInput: Int32, terminal: Bool = false) {
        self.init(
            output: StandardStream(keeping: "standard output", terminal: terminal),
            errors: StandardStream(keeping: "standard error", terminal: terminal), variables: variables,
            files: FileContext(directory: directory, standardInput: standardInput), ownsProcess: false)
    }

    /// The process's own: descriptors 0, 1 and 2 (standard output buffered in
    /// pieces of 64 KB, not a call per line), its environment and current directory.
    package static let process = Console(
        output: StandardStream(descriptor: 1, name: "standard output", capacity: 1 << 16),
        errors: StandardStream(descriptor: 2, name: "standard error", capacity: 0), variables: nil, files: FileContext(),
        ownsProcess: true)

    /// The console of the running command.
    @TaskLocal package static var current: Console = .process

    /// Where reports go.
    package static var output: StandardStream { current.standardOutput }
    /// Where diagnostics go.
    static var errors: StandardStream { current.standardError }

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
            [process.standardOutput, process.standardError].first { $0.descriptor == descriptor }?.isClosed = true
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
    /// is set, else, in the process, `nil`, which leaves it to
    /// swift-argument-parser (the terminal's width, or 80), and 80 in memory.
    static var textColumns: Int? {
        guard let columns = environment("COLUMNS").flatMap(Int.init), columns > 0 else {
            return current.variables == nil ? nil : 80
        }
        return columns
    }

    /// The variable's value, `nil` when it is not set.
    package static func environment(_ name: String) -> String? {
        guard let variables = current.variables else { return getenv(name).map { String(cString: $0) } }
        return variables[name]
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
