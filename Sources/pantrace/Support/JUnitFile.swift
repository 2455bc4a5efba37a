import PanTraceCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A JUnit XML report written as the comparison streams: test cases go to a
/// scratch file, and ``finish(suite:)`` writes the header with the totals,
/// the cases and the footer. Memory stays flat however many traces there are.
///
/// A command that fails before ``finish(suite:)`` leaves no report: a file
/// that existed keeps its content, a new one is removed, so that CI never
/// reads an empty or half-written report as a result.
final class JUnitFile {
    private let path: String
    private let output: UnsafeMutablePointer<FILE>
    private let cases: UnsafeMutablePointer<FILE>
    private let created: Bool
    private var finished = false
    private let started = Console.now()
    private var tests = 0
    private var failures = 0
    private var skipped = 0

    /// Opens `path` for writing now, so that an unwritable path fails before any work.
    init(path: String) throws {
        let created = access(path, F_OK) != 0
        // Append mode does not truncate: the old report survives a failed command.
        guard let output = fopen(path, "a") else {
            throw OutputFileError(path: path, reason: String(cString: strerror(errno)))
        }
        guard let cases = tmpfile() else {
            fclose(output)
            if created { unlink(path) }
            throw OutputFileError(path: path, reason: "no scratch file: " + String(cString: strerror(errno)))
        }
        self.path = path
        self.output = output
        self.cases = cases
        self.created = created
    }

    deinit {
        fclose(output)
        fclose(cases)
        if !finished, created { unlink(path) }
    }

    /// Adds `trace`'s test case; a change fails when it `counts` (``Regression/counts(_:)``).
    func add(_ trace: ComparedTrace, counts: Bool) throws {
        tests += 1
        if trace.baseline == nil { skipped += 1 } else if JUnitReport.fails(trace, counts: counts) { failures += 1 }
        try write(JUnitReport.testCase(trace, counts: counts), to: cases)
    }

    func finish(suite: String) throws {
        guard ftruncate(fileno(output), 0) == 0 else {
            throw OutputFileError(path: path, reason: String(cString: strerror(errno)))
        }
        finished = true
        try write(JUnitReport.header(suite: suite, tests: tests, failures: failures, skipped: skipped, seconds: Console.now() - started), to: output)
        rewind(cases)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, cases) }
            if count == 0 { break }
            guard buffer.withUnsafeBytes({ fwrite($0.baseAddress, 1, count, output) }) == count else {
                throw OutputFileError(path: path, reason: String(cString: strerror(errno)))
            }
        }
        try write(JUnitReport.footer, to: output)
        guard fflush(output) == 0 else { throw OutputFileError(path: path, reason: String(cString: strerror(errno))) }
    }

    private func write(_ text: String, to file: UnsafeMutablePointer<FILE>) throws {
        var text = text
        let written = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) }
        guard written == text.utf8.count else { throw OutputFileError(path: path, reason: String(cString: strerror(errno))) }
    }
}

/// A report file that cannot be written (exit 66, like a file that cannot be opened).
struct OutputFileError: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "cannot write \(path): \(reason)" }
}
