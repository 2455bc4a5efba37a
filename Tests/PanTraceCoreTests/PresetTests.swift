import Testing
import TraceFixtures

@testable import PanTraceCore
@testable import PanTraceReports
@testable import PanTraceModel

/// docs/presets.md: the fifteen presets, their settings, and their decisions
/// worked by hand from docs/model.md §4.6.
@Suite struct PresetTests {
    /// docs/presets.md's table, key by key (every key not listed keeps its default).
    static let table: [(String, [String: String])] = [
        ("seed", ["decision": "threshold", "threshold": "0.4"]),
        ("wwdc18-projection", ["decision": "projection", "decelerationRate": "0.998", "threshold": "0.5"]),
        ("panmodal", ["decision": "velocity", "flickVelocity": "300", "threshold": "0.5"]),
        ("floatingpanel", ["decision": "velocity", "flickVelocity": "5.5", "flickVelocityUnit": "remaining", "threshold": "1"]),
        ("material3", [
            "decision": "velocity", "flickVelocity": "125", "threshold": "56", "thresholdUnit": "points",
            "velocityEstimator": "lsq2", "touchSlop": "8",
        ]),
        ("mdc-bottomsheet", [
            "decision": "lookahead", "lookahead": "0.1", "threshold": "0.5", "velocityEstimator": "lsq2", "touchSlop": "8",
        ]),
        ("flutter-bottomsheet", [
            "decision": "velocity", "flickVelocity": "700", "threshold": "0.5", "reverseFlick": "false",
            "velocityEstimator": "lsq2", "touchSlop": "18",
        ]),
        ("cupertino-sheet", [
            "decision": "velocity", "flickVelocity": "2", "flickVelocityUnit": "extents", "threshold": "0.48",
            "velocityEstimator": "lsq2", "touchSlop": "18",
        ]),
        ("cupertino-back", [
            "interaction": "swipe-back", "decision": "velocity", "flickVelocity": "1", "flickVelocityUnit": "extents",
            "threshold": "0.5", "velocityEstimator": "lsq2", "touchSlop": "18", "edgeWidth": "20",
        ]),
        ("react-navigation", [
            "interaction": "swipe-back", "decision": "lookahead", "lookahead": "0.3", "threshold": "0.5", "touchSlop": "5",
            "edgeWidth": "50",
        ]),
        ("gorhom-bottomsheet", ["decision": "lookahead", "lookahead": "0.2", "threshold": "0.5", "scrollExpands": "true"]),
        ("uikit-sheet", [
            "decision": "projection", "decelerationRate": "0.99", "threshold": "0.5", "stepVelocity": "1000",
            "scrollExpands": "true",
        ]),
        ("floatingpanel-states", [
            "decision": "projection", "decelerationRate": "0.998", "threshold": "0.5", "stepOrigin": "release",
            "dismissible": "false", "scrollExpands": "true",
        ]),
        ("mdc-states", [
            "decision": "velocity", "flickVelocity": "50", "threshold": "0.5", "velocityEstimator": "lsq2", "touchSlop": "8",
            "scrollExpands": "true",
        ]),
        ("flutter-snap", [
            "decision": "velocity", "flickVelocity": "50", "threshold": "0.5", "velocityEstimator": "lsq2", "touchSlop": "18",
            "scrollExpands": "true",
        ]),
    ]

    @Test func theFifteenPresetsHaveTheTablesSettings() throws {
        #expect(Preset.all.map(\.name) == Self.table.map(\.0))
        for (name, settings) in Self.table {
            let preset = try Preset.named(name)
            let config = preset.config
            #expect(config.name == name)
            #expect(config.crossKeyIssue() == nil)
            for key in ConfigKey.all.dropFirst() {
                let expected = settings[key.name] ?? key.text(in: Config())
                #expect(key.text(in: config) == expected, "\(name) \(key.name)")
            }
            // Every setting is a valid --set (no silent failure in `config`).
            var checked = Config()
            for setting in preset.settings { try checked.apply(override: setting) }
            #expect(!preset.source.isEmpty)
        }
    }

    @Test func unknownNamesSuggestTheNearest() {
        #expect(throws: PresetError(name: "panmodel", suggestion: "panmodal")) { try Preset.named("panmodel") }
        #expect(throws: PresetError(name: "Material3", suggestion: "material3")) { try Preset.named("Material3") }
        let far = PresetError(name: "appkit", suggestion: nil)
        #expect(throws: far) { try Preset.named("appkit") }
        #expect(far.description.contains("presets: seed, wwdc18-projection"))
    }

    /// Example 2 of docs/model.md §4.9: down at y=100, ten moves of 10 pt
    /// every 8 ms, up there (container 400 × 800, E = 800, v = 1250 under
    /// every estimator). Each expectation is worked in its comment.
    @Test(arguments: [
        // p = 90/800 = 0.1125 < 0.4
        ("seed", Decision.cancel, Reason.belowThreshold, 0.1125, nil as Double?),
        // 0.1125 + (1.25 · 0.998/0.002)/800 = 0.8921875 ≥ 0.5
        ("wwdc18-projection", .finish, .projection, 0.1125, 0.8921875),
        // 1250 ≥ 300
        ("panmodal", .finish, .flick, 0.1125, nil),
        // F = 5.5 · 0.8875 · 800 = 3905 > 1250; p < 1
        ("floatingpanel", .cancel, .belowThreshold, 0.1125, nil),
        // slop 8: begins at the 1st move as with 10; 1250 ≥ 125
        ("material3", .finish, .flick, 0.1125, nil),
        // 0.1125 + 1250 · 0.1/800 = 0.26875 < 0.5
        ("mdc-bottomsheet", .cancel, .belowThreshold, 0.1125, 0.26875),
        // slop 18: begins at the 2nd move (20 pt), p = 80/800 = 0.1; 1250 ≥ 700
        ("flutter-bottomsheet", .finish, .flick, 0.1, nil),
        // p = 0.1; F = 2 · 800 = 1600 > 1250; 0.1 < 0.48
        ("cupertino-sheet", .cancel, .belowThreshold, 0.1, nil),
        // swipe-back from x = 200: past the 20 pt edge (docs/model.md §4.2)
        ("cupertino-back", .none, .outsideEdge, 0, nil),
        // swipe-back from x = 200: past the 50 pt edge
        ("react-navigation", .none, .outsideEdge, 0, nil),
        // 0.1125 + 1250 · 0.2/800 = 0.425 < 0.5
        ("gorhom-bottomsheet", .cancel, .belowThreshold, 0.1125, 0.425),
        // 0.1125 + (1.25 · 0.99/0.01)/800 = 0.2671875 < 0.5 (stepVelocity is read only with detents)
        ("uikit-sheet", .cancel, .belowThreshold, 0.1125, 0.2671875),
        // as wwdc18-projection (stepOrigin, dismissible and scrollExpands are read only with detents)
        ("floatingpanel-states", .finish, .projection, 0.1125, 0.8921875),
        // slop 8: p = 0.1125; v = 1250 ≥ 50
        ("mdc-states", .finish, .flick, 0.1125, nil),
        // slop 18: begins at y = 120, p = 0.1; v = 1250 ≥ 50
        ("flutter-snap", .finish, .flick, 0.1, nil),
    ])
    func example2(_ name: String, _ decision: Decision, _ reason: Reason, _ percent: Double, _ projected: Double?) throws {
        let outcome = Simulator.simulate(WorkedExamples.example2, under: try Preset.named(name).config)
        #expect(outcome.decision == decision)
        #expect(outcome.reason == reason)
        #expect(abs(outcome.percent - percent) < 1e-12)
        if let projected {
            #expect(abs((outcome.projected ?? .nan) - projected) < 1e-9)
        } else {
            #expect(outcome.projected == nil)
        }
        #expect(!outcome.stale)
    }

    /// Example 5: example 2 with the up 0.2 s later. Stale where `v = 0` flips the decision.
    @Test(arguments: [
        ("seed", false), ("wwdc18-projection", true),  // 0.1125 < 0.5 at v = 0
        ("panmodal", true),  // at v = 0: 0.1125 < 0.5
        ("floatingpanel", false), ("material3", false),  // at v = 0: 0.1125 ≥ T = 56/800 = 0.07, finish either way
        ("mdc-bottomsheet", false), ("flutter-bottomsheet", true), ("cupertino-sheet", false),
        ("cupertino-back", false), ("react-navigation", false), ("gorhom-bottomsheet", false),
        ("uikit-sheet", false), ("floatingpanel-states", true), ("mdc-states", true), ("flutter-snap", true),
    ])
    func example5(_ name: String, _ stale: Bool) throws {
        var trace = WorkedExamples.example2
        trace.samples[trace.samples.count - 1].t += 0.2
        let outcome = Simulator.simulate(trace, under: try Preset.named(name).config)
        #expect(outcome.stale == stale)
        // The swipe-back presets fail at the down (outsideEdge): no lift, no rest.
        #expect(abs(outcome.rest - (outcome.decision == .none ? 0 : 0.2)) < 1e-12)
    }

    /// A swipe from the left edge: down at x=0, moves of `step` pt every 10 ms to x=150, up there.
    static func swipe(step: Double) -> Trace {
        var builder = TraceBuilder()
        builder.down(x: 0, y: 300)
        var x = 0.0
        var t = 0.0
        while x < 150 {
            x += step
            t += 0.01
            builder.move(t: t, x: x, y: 300)
        }
        builder.up()
        return builder.trace
    }

    @Test func backSwipesByHand() throws {
        let back = try Preset.named("cupertino-back").config
        let react = try Preset.named("react-navigation").config
        // 1000 pt/s: cupertino-back begins at x=20 (slop 18), p = 130/400 = 0.325, v = 1000 ≥ F = 1 · 400.
        let fast = Self.swipe(step: 10)
        let backFast = Simulator.simulate(fast, under: back)
        #expect(abs(backFast.percent - 0.325) < 1e-12)
        #expect((backFast.decision, backFast.reason) == (.finish, .flick))
        // react-navigation begins at x=10 (slop 5), p = 140/400 = 0.35, projected 0.35 + 1000 · 0.3/400 = 1.1.
        let reactFast = Simulator.simulate(fast, under: react)
        #expect(abs((reactFast.projected ?? 0) - 1.1) < 1e-9)
        #expect((reactFast.decision, reactFast.reason) == (.finish, .projection))
        // 100 pt/s: cupertino-back begins at x=18, p = 132/400 = 0.33 < 0.5 and v < 400.
        let slow = Self.swipe(step: 1)
        let backSlow = Simulator.simulate(slow, under: back)
        #expect(abs(backSlow.percent - 0.33) < 1e-12)
        #expect((backSlow.decision, backSlow.reason) == (.cancel, .belowThreshold))
        // react-navigation begins at x=5, p = 145/400 = 0.3625, projected 0.3625 + 100 · 0.3/400 = 0.4375 < 0.5.
        let reactSlow = Simulator.simulate(slow, under: react)
        #expect(abs((reactSlow.projected ?? 0) - 0.4375) < 1e-9)
        #expect((reactSlow.decision, reactSlow.reason) == (.cancel, .belowThreshold))
    }

    @Test func floatingPanelRemovesByTheDistanceStillToGo() throws {
        // Down at y=100, moves of 20 pt every 10 ms (2000 pt/s) to y=700: begins at y=120,
        // p = 580/800 = 0.725, F = 5.5 · 0.275 · 800 = 1210 ≤ 2000: removed.
        var builder = TraceBuilder()
        builder.down(y: 100)
        builder.moves(toY: 700, steps: 30, interval: 0.01)
        builder.up()
        let config = try Preset.named("floatingpanel").config
        let outcome = Simulator.simulate(builder.trace, under: config)
        #expect(abs(outcome.percent - 0.725) < 1e-12)
        #expect((outcome.decision, outcome.reason) == (.finish, .flick))
        // The same drag at 400 pt/s (steps of 4 pt): F = 1210 > 400, and no positional removal (threshold 1).
        var slow = TraceBuilder()
        slow.down(y: 100)
        slow.moves(toY: 700, steps: 150, interval: 0.01)
        slow.up()
        let slowOutcome = Simulator.simulate(slow.trace, under: config)
        #expect((slowOutcome.decision, slowOutcome.reason) == (.cancel, .belowThreshold))
    }

    /// A variant a source mentions is a valid setting, worded as an override on a command line.
    @Test func variantsAreSettingsOfTheSource() throws {
        for preset in Preset.all {
            for variant in preset.variants {
                var config = preset.config
                try config.apply(override: variant)
                #expect(preset.source.contains(variant))
                #expect(preset.source(leadingVariantsWith: "--set ").contains("--set " + variant))
            }
        }
        let states = try Preset.named("floatingpanel-states")
        #expect(states.source(leadingVariantsWith: "--set ").hasSuffix(
            "--set dismissible=true for a layout with .hidden, --set stepOrigin=start for shouldProjectMomentum true"))
        #expect(states.source(leadingVariantsWith: "") == states.source)
    }

    @Test func presetReportsListTheDifferencesFromTheDefaults() {
        let text = Preset.textReport()
        #expect(text.contains("panmodal\n  threshold=0.5 decision=velocity flickVelocity=300\n  slackhq/PanModal"))
        #expect(text.contains("seed\n  (the defaults)\n"))
        let json = Preset.jsonReport()
        #expect(json.hasPrefix(#"[{"name": "seed", "settings": {}, "source": "the seed pattern"#))
        #expect(json.contains(#"{"name": "material3", "settings": {"touchSlop": 8, "threshold": 56, "thresholdUnit": "points", "decision": "velocity", "flickVelocity": 125, "velocityEstimator": "lsq2"}"#))
    }
}
