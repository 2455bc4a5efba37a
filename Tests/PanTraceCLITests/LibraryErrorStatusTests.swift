import PanTraceKit
import Testing

@testable import PanTraceCommands
import PanTraceModel

/// The exit statuses of the library's errors (docs/spec-readings.md):
/// a typed config out of range and a bad allow list are invalid input (65),
/// several runs without `export decisions --run` a usage error (64), each
/// with its message after `pantrace: error:`.
@Suite struct LibraryErrorStatusTests {
    @Test func eachHasItsStatusAndMessage() {
        let config = InvalidConfigError(config: "baseline", key: "threshold", value: "40", reason: "must be > 0 and ≤ 1, found 40")
        let allow = AllowListError(file: "allow.txt", line: 3, trace: "typo", reason: "no stored trace has this name")
        let runs = AmbiguousRunError(database: "s.sqlite", runs: 3, baseline: 1, accepted: false, latest: 3)
        #expect(ExitStatus.status(of: config) == 65)
        #expect(ExitStatus.status(of: allow) == 65)
        #expect(ExitStatus.status(of: runs) == 64)
        #expect(ExitStatus.report(for: config).stderr == "pantrace: error: config \"baseline\": threshold: must be > 0 and ≤ 1, found 40\n")
        #expect(ExitStatus.report(for: allow).stderr == "pantrace: error: allow.txt:3: \"typo\": no stored trace has this name\n")
        #expect(ExitStatus.report(for: runs).stderr.hasPrefix("pantrace: error: s.sqlite has 3 runs: say which to export with --run: "))
    }
}
