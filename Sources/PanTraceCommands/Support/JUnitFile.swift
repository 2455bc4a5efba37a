import PanTraceKit
import PanTraceCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PanTraceModel
import PanTraceReports
import PanTraceStore

/// The JUnit XML report of a regression (docs/commands.md §7.3), written
/// as the replay streams: each trace's test case goes to a scratch file, and
/// ``finish(_:)`` writes the header with the totals, the cases and the
/// footer. Memory stays flat however many traces there are.
///
/// The report is an ``AtomicFile``: a command that fails before
/// ``finish(_:)``, or while writing it (a full disk), leaves no report —
/// a file that existed keeps its content, a new one is never created — so
/// that CI never reads an empty or half-written report as a result.
final class JUnitFile: ReplayReporter {
    private let path: String
    private let regression: Regression
    private let output: AtomicFile
    private let cases: UnsafeMutablePointer<FILE>
    private let started = Console.now()
    private var tests = 0
    private var failures = 0
    private var skipped = 0

    /// Creates the report's temporary file now, so that an unwritable path fails before any work.
    init(path: String, regression: Regression) throws {
        output = try AtomicFile(path: path)
        guard let cases = tmpfile() else {
            throw FileWriteError(path: path, reason: "no scratch file: " + String(cString: strerror(errno)))
        }
        self.path = path
        self.regression = regression
        self.cases = cases
    }

    deinit {
        fclose(cases)
    }

    /// Adds `trace`'s test case: a change fails when it counts (``Regression/counts(_:)``),
    /// and passes saying why when the allow list accepted it (``Regression/acceptanceNote(of:)``).
    func compared(_ trace: ComparedTrace, trace _: StoredTrace) throws {
        let counts = regression.counts(trace)
        let accepted = regression.acceptanceNote(of: trace)
        tests += 1
        if trace.baseline == nil { skipped += 1 } else if JUnitReport.fails(trace, counts: counts) { failures += 1 }
        var text = JUnitReport.testCase(trace, counts: counts, accepted: accepted)
        let written = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, cases) }
        guard written == text.utf8.count else {
            throw FileWriteError(path: path, reason: "scratch file: " + String(cString: strerror(errno)))
        }
    }

    func finish(_ replay: FinishedReplay) throws {
        let suite = replay.comparison.candidate.config
        let judgement = regression.accept ? nil : regression.judgement(for: replay.comparison)
        try output.write(
            JUnitReport.header(
                suite: suite, tests: tests, failures: failures, skipped: skipped, seconds: Console.now() - started,
                judgement: judgement))
        guard fflush(cases) == 0 else {
            throw FileWriteError(path: path, reason: "scratch file: " + String(cString: strerror(errno)))
        }
        rewind(cases)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, cases) }
            if count == 0 { break }
            try buffer.withUnsafeBytes { bytes in try output.write(UnsafeRawBufferPointer(rebasing: bytes[..<count])) }
        }
        guard ferror(cases) == 0 else {
            throw FileWriteError(path: path, reason: "scratch file: cannot read it back")
        }
        try output.write(JUnitReport.footer(judgement: judgement))
        try output.commit()
    }
}
