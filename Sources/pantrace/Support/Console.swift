#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing to standard output and standard error, and what the terminal allows.
enum Console {
    // The C streams, opened once: Swift 6 cannot touch the `stdout` and
    // `stderr` globals, and unbuffered write(2) calls would be slow.
    nonisolated(unsafe) private static let standardOutput = fdopen(1, "w")
    nonisolated(unsafe) private static let standardError = fdopen(2, "w")

    /// Writes `text` to standard output as it is.
    static func out(_ text: String) {
        var text = text
        text.withUTF8 { bytes in _ = fwrite(bytes.baseAddress, 1, bytes.count, standardOutput) }
    }

    /// Flushes standard output and standard error (before exiting).
    static func flush() {
        fflush(standardOutput)
        fflush(standardError)
    }

    /// Writes `text` to standard error as it is.
    static func errorText(_ text: String) {
        var text = text
        text.withUTF8 { bytes in _ = fwrite(bytes.baseAddress, 1, bytes.count, standardError) }
    }

    /// Writes a line to standard error.
    static func error(_ line: String) {
        var text = line + "\n"
        text.withUTF8 { bytes in _ = fwrite(bytes.baseAddress, 1, bytes.count, standardError) }
    }

    /// Rewrites the current line of standard error (progress on a terminal).
    static func progress(_ line: String) {
        var text = "\r\u{1B}[K" + line
        text.withUTF8 { bytes in _ = fwrite(bytes.baseAddress, 1, bytes.count, standardError) }
        fflush(standardError)
    }

    static var stdoutIsTerminal: Bool { isatty(1) == 1 }
    static var stderrIsTerminal: Bool { isatty(2) == 1 }

    /// Colour only on a terminal, never with `NO_COLOR` (no-color.org).
    static var colourOnStdout: Bool {
        stdoutIsTerminal && getenv("NO_COLOR").map { String(cString: $0).isEmpty } ?? true
    }

    /// Whether the variable is set, to any value.
    static func environment(_ name: String) -> String? {
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
