import Testing
@testable import PanTraceCore
@testable import PanTraceModel

/// FloatingPanel's own unit tests of `Core.targetState` (scenee/FloatingPanel,
/// `Tests/CoreTests.swift`, the `test_targetState_*` tables), translated into
/// releases of pantrace sheets under the `floatingpanel-states` preset
/// (docs/presets.md). Their assertions are restated here as pantrace
/// expectations; none of their code is used.
///
/// Their geometry (`Tests/TestSupports.swift`): `showForTest()` lays the
/// controller out in 375 × 667 pt. A bottom panel (`FloatingPanelTestLayout`
/// and the layouts inside the tests) is placed by the y of its top edge:
/// `.full` 20 (inset 20 from the top), `.half` 417 (250 from the bottom),
/// `.tip` 607 (60 from the bottom), `.hidden` 667 (0 from the bottom, a
/// dismissal). A top panel (`FloatingPanelTop2BottomTestLayout`, the
/// `_bottomEdge` tables) is placed by the y of its bottom edge: `.full` 667,
/// `.half` 250, `.tip` 60; it is dismissed upwards.
///
/// Their harness: `assertTargetState` moves the panel to a state (the start),
/// sets the surface at `y` and asks `targetState(from: y, with: v)` directly,
/// with `v` in pt/s along y. pantrace's equivalent is the rule at the lift
/// (docs/model.md §4.10) at release height `h` with velocity `v` (positive
/// toward dismissal) from the start detent; ``FloatingPanelTargetStateTests/simulatedReleasesAgree()``
/// also reaches each release through a whole trace.
///
/// Units: pantrace heights are fractions of the extent up from the
/// container's bottom. The extent is set to 1024 pt (a power of two: every
/// height and `T/E` is exact, as FloatingPanel's points are; its rule only
/// compares ratios of distances and projects in points, so the scale does
/// not change a decision): a bottom panel at `y` is at `h = (667 − y)/1024`,
/// `v` as given; a top panel is the mirror image, `h = y/1024` and `−v`.
///
/// Settings: the preset (projection 0.998, `redirectionalProgress` 0.5
/// compared strictly, from the release, no dismissal anchor); a layout with
/// `.hidden` sets `dismissible: true`, and `FloatingPanelProjectableBehavior`
/// (`shouldProjectMomentum` true) `stepOrigin: start`, as docs/presets.md says.
/// Left out: the 14 assertions of `test_targetState_2positionsWithHidden`
/// made with the panel moved to `.hidden` — a pantrace sheet starts at a
/// detent, never dismissed (the same rows from `.full` are checked).
@Suite struct FloatingPanelTargetStateTests {
    /// One `test_targetState_*` table: the layout's states, the start, and
    /// its rows `(y, v, expected state)`.
    struct Table: CustomTestStringConvertible, Sendable {
        var test: String
        var states: [String]
        var hidden: Bool
        var start: String
        var projectsMomentum: Bool
        var rows: [(y: Double, v: Double, expected: String)]

        init(
            _ test: String, states: [String], hidden: Bool, start: String, projectsMomentum: Bool,
            rows: [(Double, Double, String)]
        ) {
            self.test = test
            self.states = states
            self.hidden = hidden
            self.start = start
            self.projectsMomentum = projectsMomentum
            self.rows = rows.map { (y: $0.0, v: $0.1, expected: $0.2) }
        }

        var testDescription: String { test }
    }

    static let extent = 1024.0
    static let containerHeight = 667.0

    /// The bottom panel's states by the y of its top edge.
    static let (full, half, tip, hidden) = (20.0, 417.0, 607.0, 667.0)

    static let bottomPanels: [Table] = [
        Table(
            "test_targetState_1positions", states: ["full"], hidden: false, start: "full", projectsMomentum: false,
            rows: [
                (full - 10, 1000, "full"),
                (full, -1000, "full"),
                (full, -100, "full"),
                (full, 0, "full"),
                (full, 100, "full"),
                (full, 1000, "full"),
                (full + 10, 100, "full"),
            ]),
        Table(
            "test_targetState_2positions (from .full)", states: ["half", "full"], hidden: false, start: "full", projectsMomentum: false,
            rows: [
                (full - 10, 1000, "half"),
                (full, -1000, "full"),
                (full, -100, "full"),
                (full, 0, "full"),
                (full, 100, "full"),
                (full, 1000, "half"),
                (full + 10, 100, "full"),
                (half - 10, -100, "half"),
                (half, -1000, "full"),
                (half, -100, "half"),
                (half, 0, "half"),
                (half, 100, "half"),
                (half, 1000, "half"),
                (half + 10, -1000, "full"),
            ]),
        Table(
            "test_targetState_2positions (from .half)", states: ["half", "full"], hidden: false, start: "half", projectsMomentum: false,
            rows: [
                (full - 10, 1000, "half"),
                (full, -1000, "full"),
                (full, -100, "full"),
                (full, 0, "full"),
                (full, 100, "full"),
                (full, 1000, "half"),
                (full + 10, 100, "full"),
                (half - 10, -100, "half"),
                (half, -1000, "full"),
                (half, -100, "half"),
                (half, 0, "half"),
                (half, 100, "half"),
                (half, 1000, "half"),
                (half + 10, -1000, "full"),
            ]),
        Table(
            "test_targetState_2positionsWithHidden (from .full)", states: ["full"], hidden: true, start: "full", projectsMomentum: false,
            rows: [
                (full - 10, 1000, "hidden"),
                (full, -1000, "full"),
                (full, -100, "full"),
                (full, 0, "full"),
                (full, 100, "full"),
                (full, 1000, "hidden"),
                (full + 10, 100, "full"),
                (hidden - 10, -100, "hidden"),
                (hidden, -1000, "full"),
                (hidden, -100, "hidden"),
                (hidden, 0, "hidden"),
                (hidden, 100, "hidden"),
                (hidden, 1000, "hidden"),
                (hidden + 10, -1000, "full"),
            ]),
        Table(
            "test_targetState_3positionsFromFull", states: ["tip", "half", "full"], hidden: false, start: "full", projectsMomentum: false,
            rows: [
                (full - 500, -100, "full"),
                (full - 500, 0, "full"),
                (full - 500, 100, "full"),
                (full - 10, 3000, "half"),
                (full, -100, "full"),
                (full, 0, "full"),
                (full, 500, "half"),
                (full, 1000, "half"),
                (full, 3000, "half"),
                (full + 10, 100, "full"),
                (half - 10, -100, "half"),
                (half, -1000, "full"),
                (half, -100, "half"),
                (half, 0, "half"),
                (half, 100, "half"),
                (half, 1000, "tip"),
                (half + 10, 100, "half"),
                (tip - 10, -100, "tip"),
                (tip, -3000, "half"),
                (tip, -1000, "half"),
                (tip, -500, "half"),
                (tip, -100, "tip"),
                (tip, 0, "tip"),
                (tip, 100, "tip"),
                (tip + 10, -3000, "half"),
                (tip + 500, -100, "tip"),
                (tip + 500, 0, "tip"),
                (tip + 500, 100, "tip"),
            ]),
        Table(
            "test_targetState_3positionsFromHalf", states: ["tip", "half", "full"], hidden: false, start: "half", projectsMomentum: false,
            rows: [
                (full - 500, -100, "full"),
                (full - 500, 0, "full"),
                (full - 500, 100, "full"),
                (full, -100, "full"),
                (full, 0, "full"),
                (full, 500, "half"),
                (full, 1000, "half"),
                (full, 3000, "half"),
                (full + 10, 100, "full"),
                (half - 10, -100, "half"),
                (half, -1000, "full"),
                (half, -100, "half"),
                (half, 0, "half"),
                (half, 100, "half"),
                (half, 1000, "tip"),
                (half + 10, 100, "half"),
                (tip - 10, -100, "tip"),
                (tip, -3000, "half"),
                (tip, -1000, "half"),
                (tip, -500, "half"),
                (tip, -100, "tip"),
                (tip, 0, "tip"),
                (tip, 100, "tip"),
                (tip + 500, -100, "tip"),
                (tip + 500, 0, "tip"),
                (tip + 500, 100, "tip"),
            ]),
        Table(
            "test_targetState_3positionsFromTip", states: ["tip", "half", "full"], hidden: false, start: "tip", projectsMomentum: false,
            rows: [
                (full - 500, -100, "full"),
                (full - 500, 0, "full"),
                (full - 500, 100, "full"),
                (full, -100, "full"),
                (full, 0, "full"),
                (full, 500, "half"),
                (full, 1000, "half"),
                (full, 3000, "half"),
                (full + 10, 100, "full"),
                (half - 10, -100, "half"),
                (half, -3000, "full"),
                (half, -100, "half"),
                (half, 0, "half"),
                (half, 100, "half"),
                (half, 1000, "tip"),
                (half + 10, 100, "half"),
                (tip - 10, -100, "tip"),
                (tip, -3000, "half"),
                (tip, -1000, "half"),
                (tip, -500, "half"),
                (tip, -100, "tip"),
                (tip, 0, "tip"),
                (tip, 100, "tip"),
                (tip + 500, -100, "tip"),
                (tip + 500, 0, "tip"),
                (tip + 500, 100, "tip"),
            ]),
        Table(
            "test_targetState_3positionsAllProjection (from .full)", states: ["tip", "half", "full"], hidden: false, start: "full", projectsMomentum: true,
            rows: [
                (full - 10, 3000, "tip"),
                (full, 1000, "tip"),
                (full, 3000, "tip"),
                (half, 1000, "tip"),
                (half, -1000, "full"),
                (tip, -3000, "full"),
                (tip, -1000, "full"),
                (tip + 10, -3000, "full"),
            ]),
        Table(
            "test_targetState_3positionsAllProjection (second table, from .tip)", states: ["tip", "half", "full"], hidden: false, start: "tip", projectsMomentum: true,
            rows: [
                (full, 1000, "tip"),
                (full, 3000, "tip"),
                (tip, -3000, "full"),
                (tip, -1000, "full"),
            ]),
        Table(
            "test_targetState_3positionsAllProjection (third table, from .tip)", states: ["tip", "half", "full"], hidden: false, start: "tip", projectsMomentum: true,
            rows: [
                (full - 10, 3000, "tip"),
                (full, 1000, "tip"),
                (full, 3000, "tip"),
                (half, 1000, "tip"),
                (half, -1000, "full"),
                (tip, -3000, "full"),
                (tip, -1000, "full"),
                (tip + 10, -3000, "full"),
            ]),
        Table(
            "test_targetState_3positionsWithHidden (from .full)", states: ["half", "full"], hidden: true, start: "full", projectsMomentum: false,
            rows: [
                (full, 1000, "half"),
            ]),
        Table(
            "test_targetState_3positionsWithHidden (from .half)", states: ["half", "full"], hidden: true, start: "half", projectsMomentum: false,
            rows: [
                (half, -100, "half"),
                (half, -1000, "full"),
                (half, 0, "half"),
                (half, 1000, "hidden"),
            ]),
        Table(
            "test_targetState_3positionsWithHiddenWithoutFull (from .half)", states: ["tip", "half"], hidden: true, start: "half", projectsMomentum: true,
            rows: [
                (half, -100, "half"),
                (half, 0, "half"),
                (half, 385, "tip"),
                (half, 1000, "hidden"),
                (half + 10, 100, "half"),
                (tip - 10, -100, "tip"),
                (tip, -3000, "half"),
                (tip, -10, "tip"),
                (tip, 0, "tip"),
                (tip, 10, "tip"),
                (tip, 1000, "hidden"),
                (tip + 10, 10, "tip"),
                (tip - 10, 10, "tip"),
            ]),
        Table(
            "test_targetState_3positionsWithHiddenWithoutFull (from .tip)", states: ["tip", "half"], hidden: true, start: "tip", projectsMomentum: true,
            rows: [
                (tip, -100, "tip"),
                (tip, -1000, "half"),
                (tip, 0, "tip"),
                (tip, 1000, "hidden"),
            ]),
    ]

    static func config(_ table: Table) throws -> Config {
        var config = try Preset.named("floatingpanel-states").config
        config.extent = extent
        config.dismissible = table.hidden
        if table.projectsMomentum { config.stepOrigin = .start }
        return config
    }

    /// The state a release at `h` with `v` goes to from `table.start`.
    static func target(_ table: Table, height h: Double, velocity v: Double, positions: [String: Double], mirrored: Bool)
        throws -> String
    {
        let detents = table.states.map { state in
            let y = positions[state] ?? 0
            return Detent(name: state, height: mirrored ? y / extent : (containerHeight - y) / extent)
        }
        let rule = try #require(DetentRule(detents: detents, start: table.start, config: try config(table)))
        return rule.name(of: rule.decide(height: h, velocity: v, extent: extent).anchor) ?? "hidden"
    }

    @Test(arguments: bottomPanels) func bottomPanel(_ table: Table) throws {
        let positions = ["full": Self.full, "half": Self.half, "tip": Self.tip]
        for row in table.rows {
            let got = try Self.target(
                table, height: (Self.containerHeight - row.y) / Self.extent, velocity: row.v, positions: positions,
                mirrored: false)
            #expect(got == row.expected, "y \(row.y), v \(row.v)")
        }
    }

    /// The top panel's states by the y of its bottom edge (`FloatingPanelTop2BottomTestLayout`).
    enum TopPanel {
        static let (full, half, tip) = (667.0, 250.0, 60.0)
    }

    static let topPanels: [Table] = {
        let (full, half, tip) = (TopPanel.full, TopPanel.half, TopPanel.tip)
        return [
            Table(
                "test_targetState_3positionsFromFull_bottomEdge", states: ["tip", "half", "full"], hidden: false, start: "full", projectsMomentum: false,
                rows: [
                    (tip - 500, -100, "tip"),
                    (tip - 500, 0, "tip"),
                    (tip - 500, 100, "tip"),
                    (tip - 10, 3000, "half"),
                    (tip, -100, "tip"),
                    (tip, 0, "tip"),
                    (tip, 500, "half"),
                    (tip, 1000, "half"),
                    (tip, 3000, "half"),
                    (tip + 10, 100, "tip"),
                    (half - 10, -100, "half"),
                    (half, -1000, "tip"),
                    (half, -100, "half"),
                    (half, 0, "half"),
                    (half, 100, "half"),
                    (half, 1000, "full"),
                    (half + 10, 100, "half"),
                    (full - 10, -100, "full"),
                    (full, -3000, "half"),
                    (full, -1000, "half"),
                    (full, -500, "half"),
                    (full, -100, "full"),
                    (full, 0, "full"),
                    (full, 100, "full"),
                    (full + 10, -3000, "half"),
                    (full + 500, -100, "full"),
                    (full + 500, 0, "full"),
                    (full + 500, 100, "full"),
                ]),
            Table(
                "test_targetState_3positionsFromHalf_bottomEdge", states: ["tip", "half", "full"], hidden: false, start: "half", projectsMomentum: false,
                rows: [
                    (tip - 500, -100, "tip"),
                    (tip - 500, 0, "tip"),
                    (tip - 500, 100, "tip"),
                    (tip, -100, "tip"),
                    (tip, 0, "tip"),
                    (tip, 500, "half"),
                    (tip, 1000, "half"),
                    (tip, 3000, "half"),
                    (tip + 10, 100, "tip"),
                    (half - 10, -100, "half"),
                    (half, -1000, "tip"),
                    (half, -100, "half"),
                    (half, 0, "half"),
                    (half, 100, "half"),
                    (half, 1000, "full"),
                    (half + 10, 100, "half"),
                    (full - 10, -100, "full"),
                    (full, -3000, "half"),
                    (full, -1000, "half"),
                    (full, -500, "half"),
                    (full, -100, "full"),
                    (full, 0, "full"),
                    (full, 100, "full"),
                    (full + 500, -100, "full"),
                    (full + 500, 0, "full"),
                    (full + 500, 100, "full"),
                ]),
            Table(
                "test_targetState_3positionsFromTip_bottomEdge", states: ["tip", "half", "full"], hidden: false, start: "tip", projectsMomentum: false,
                rows: [
                    (tip - 500, -100, "tip"),
                    (tip - 500, 0, "tip"),
                    (tip - 500, 100, "tip"),
                    (tip, -100, "tip"),
                    (tip, 0, "tip"),
                    (tip, 500, "half"),
                    (tip, 1000, "half"),
                    (tip, 3000, "half"),
                    (tip + 10, 100, "tip"),
                    (half - 10, -100, "half"),
                    (half, -3000, "tip"),
                    (half, -100, "half"),
                    (half, 0, "half"),
                    (half, 100, "half"),
                    (half, 1000, "full"),
                    (half + 10, 100, "half"),
                    (full - 10, -100, "full"),
                    (full, -3000, "half"),
                    (full, -1000, "half"),
                    (full, -500, "half"),
                    (full, -100, "full"),
                    (full, 0, "full"),
                    (full, 100, "full"),
                    (full + 500, -100, "full"),
                    (full + 500, 0, "full"),
                    (full + 500, 100, "full"),
                ]),
        ]
    }()

    @Test(arguments: topPanels) func topPanel(_ table: Table) throws {
        let positions = ["full": TopPanel.full, "half": TopPanel.half, "tip": TopPanel.tip]
        for row in table.rows {
            let got = try Self.target(table, height: row.y / Self.extent, velocity: -row.v, positions: positions, mirrored: true)
            #expect(got == row.expected, "y \(row.y), v \(row.v)")
        }
    }

    /// Every row of the bottom panels' tables reached through a whole trace:
    /// the finger on the panel's top edge, down 10 pt above the start's
    /// position (the pan begins at the start, `T` 0 there), a jump to
    /// `y − 2v/8`, then two moves of `v/8` pt every 0.125 s to `y` (`uikit`:
    /// both segments `v`), up there.
    @Test func simulatedReleasesAgree() throws {
        let positions = ["full": Self.full, "half": Self.half, "tip": Self.tip, "hidden": Self.hidden]
        var checked = 0
        for table in Self.bottomPanels {
            let start = try #require(positions[table.start])
            let config = try Self.config(table)
            for row in table.rows {
                let step = row.v * 0.125
                let samples = [
                    Sample(t: 0, x: 180, y: start - 10, phase: .down),
                    Sample(t: 0.0625, x: 180, y: start, phase: .move),
                    Sample(t: 0.5, x: 180, y: row.y - 2 * step, phase: .move),
                    Sample(t: 0.625, x: 180, y: row.y - step, phase: .move),
                    Sample(t: 0.75, x: 180, y: row.y, phase: .move),
                    Sample(t: 0.75, x: 180, y: row.y, phase: .up),
                ]
                let detents = table.states.map { Detent(name: $0, height: (Self.containerHeight - (positions[$0] ?? 0)) / Self.extent) }
                let trace = Trace(
                    name: table.test, width: 375, height: Self.containerHeight, detents: detents, startDetent: table.start,
                    samples: samples)
                let outcome = Simulator.simulate(trace, under: config)
                #expect(abs(outcome.velocity - row.v) < 1e-9, "\(table.test) y \(row.y), v \(row.v)")
                #expect((outcome.detent ?? "hidden") == row.expected, "\(table.test) y \(row.y), v \(row.v)")
                checked += 1
            }
        }
        #expect(checked == 171)
    }

    /// 251 assertions in all: 171 of bottom panels and 80 of top panels.
    @Test func everyAssertionIsTranslated() {
        #expect(Self.bottomPanels.map(\.rows.count).reduce(0, +) == 171)
        #expect(Self.topPanels.map(\.rows.count).reduce(0, +) == 80)
    }
}
