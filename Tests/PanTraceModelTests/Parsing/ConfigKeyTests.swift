import Foundation
import Snapshots
import Testing

@testable import PanTraceModel

@Suite struct ConfigKeyTests {
    static let configsPage = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "docs/configs.md")

    /// The table of docs/configs.md is the registry's, row for row
    /// (RECORD_SNAPSHOTS=1 rewrites it, and the test then fails).
    @Test func docsTableIsTheRegistrys() throws {
        let page = try String(contentsOf: Self.configsPage, encoding: .utf8)
        let lines = page.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.hasPrefix("| key |") })
        let end = lines[start...].firstIndex { !$0.hasPrefix("|") } ?? lines.count
        let table = lines[start..<end].joined(separator: "\n") + "\n"
        let expected = ConfigKey.markdownTable()
        if table != expected, Snapshots.rewritesDocs {
            let updated = (Array(lines[..<start]) + [String(expected.dropLast())] + Array(lines[end...])).joined(separator: "\n")
            try updated.write(to: Self.configsPage, atomically: true, encoding: .utf8)
            Issue.record("recorded docs/configs.md's table; run again")
            return
        }
        #expect(table == expected)
    }

    /// Every key reads back what it writes, as `--set` and as JSON.
    @Test func everyKeyRoundTrips() throws {
        var config = Config()
        config.name = "every key"
        config.thresholdUnit = .points
        config.threshold = 56
        config.decision = .lookahead
        config.lookahead = 0.2
        config.flickVelocityUnit = .remaining
        config.reverseFlick = false
        config.velocityEstimator = .impulse
        config.extent = 640
        for key in ConfigKey.all {
            var copy = Config()
            copy.thresholdUnit = .points
            try copy.apply(override: "\(key.name)=\(key.text(in: config))")
            #expect(key.text(in: copy) == key.text(in: config), "\(key.name)")
            var other = Config()
            key.copy(&other, config)
            #expect(key.json(in: other) == key.json(in: config), "\(key.name)")
        }
        #expect(try Config(canonicalJSON: config.canonicalJSON()) == config)
        #expect(Set(ConfigKey.names).count == ConfigKey.all.count)
    }

    /// docs/configs.md: `velocityEstimator` defaults to `uikit`; a stored
    /// config without the key was made under `lsq2` and keeps it.
    @Test func storedConfigWithoutTheEstimatorReadsLsq2() throws {
        #expect(Config().velocityEstimator == .uikit)
        let old = #"{"name":"baseline","threshold":0.4,"decision":"velocity"}"#
        #expect(try Config(storedJSON: old).velocityEstimator == .lsq2)
        #expect(try Config(storedJSON: old).reverseFlick == true)
        #expect(try Config(canonicalJSON: old).velocityEstimator == .uikit)
        let stored = #"{"velocityEstimator":"uikit"}"#
        #expect(try Config(storedJSON: stored).velocityEstimator == .uikit)
    }

    /// A config stored before `stepOrigin`, `dismissible` and `scrollExpands`
    /// existed reads their defaults, and decides as it did.
    @Test func storedConfigWithoutTheSheetKeysReadsTheirDefaults() throws {
        let before =
            #"{"name":"floatingpanel-states","interaction":"pull-to-dismiss","touchSlop":10,"edgeWidth":0,"#
            + #""maximumNumberOfTouches":1,"extent":"auto","threshold":0.5,"thresholdUnit":"fraction","#
            + #""decision":"projection","flickVelocity":1000,"flickVelocityUnit":"points","reverseFlick":true,"#
            + #""decelerationRate":0.998,"lookahead":0.3,"stepVelocity":0,"maxSteps":1,"velocityEstimator":"uikit","#
            + #""scrollGating":"offsetAtBegin","lockScroll":false,"guarded":false,"duration":0.4,"completionSpeed":1,"#
            + #""curve":"linear"}"#
        let config = try Config(storedJSON: before)
        #expect(config.stepOrigin == .start)
        #expect(config.dismissible)
        #expect(!config.scrollExpands)
        #expect(config.maxSteps == 1)
        // Written again, the three keys take their places with their defaults.
        #expect(config.canonicalJSON().contains(#""maxSteps":1,"stepOrigin":"start","dismissible":true,"scrollExpands":false,"#))
        #expect(try Config(storedJSON: config.canonicalJSON()) == config)
    }

    /// `--set` and sweeps take the new keys' words and booleans, and name a bad value's key.
    @Test func theSheetKeysAreSettings() throws {
        var config = Config()
        try config.apply(override: "stepOrigin=release")
        try config.apply(override: "dismissible=false")
        try config.apply(override: "scrollExpands=true")
        #expect(config.stepOrigin == .release && !config.dismissible && config.scrollExpands)
        #expect(throws: (any Error).self) { try config.apply(override: "stepOrigin=finger") }
        #expect(throws: (any Error).self) { try config.apply(override: "dismissible=no") }
        #expect(ConfigKey.named("scrollExpands")?.stage == .trajectory)
        #expect(ConfigKey.named("stepOrigin")?.stage == .lift)
        #expect(ConfigKey.named("dismissible")?.stage == .lift)
        #expect(["stepOrigin", "dismissible", "scrollExpands"].allSatisfy { ConfigKey.named($0)?.detentsOnly == true })
    }

    /// docs/configs.md: `threshold` with `thresholdUnit` is checked once both
    /// are known, and the message names both.
    @Test func thresholdIsCheckedAgainstItsUnit() throws {
        let file = "{\n  \"threshold\": 56\n}"
        let error = try #require(throws: ConfigError.self) { try Config(json: Array(file.utf8), file: "m3.json") }
        #expect(error.kind == .invalidData)
        #expect(error.line == 2)
        #expect(error.key == "threshold")
        #expect(error.reason.contains("thresholdUnit: points it is a distance"))
        let points = try Config(json: Array(#"{"threshold": 56, "thresholdUnit": "points"}"#.utf8))
        #expect(points.threshold == 56)
        // Either order of --set.
        var config = Config()
        try config.apply(overrides: ["threshold=56", "thresholdUnit=points"])
        #expect(config.thresholdUnit == .points)
        var back = points
        let usage = try #require(throws: ConfigError.self) { try back.apply(overrides: ["thresholdUnit=fraction"]) }
        #expect(usage.kind == .usage)
        #expect(usage.override == "thresholdUnit=fraction")
        #expect(usage.description.contains("threshold: must be > 0 and ≤ 1, found 56"))
    }

    @Test(arguments: [
        ("lookahead=0", "must be > 0 and ≤ 10, found 0"), ("lookahead=10.5", "must be > 0 and ≤ 10, found 10.5"),
        ("thresholdUnit=dp", "expected one of `fraction`, `points`"),
        ("flickVelocityUnit=pt", "expected one of `points`, `extents`, `remaining`"),
        ("reverseFlick=1", "expected `true` or `false`"),
    ])
    func newKeysAreCheckedByName(_ override: String, _ reason: String) throws {
        var config = Config()
        let error = try #require(throws: ConfigError.self) { try config.apply(overrides: [override]) }
        #expect(error.isUsage)
        #expect(error.reason.contains(reason), "\(error)")
    }
}
