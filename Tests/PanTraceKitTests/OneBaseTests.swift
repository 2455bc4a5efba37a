import Foundation
import PanTraceCore
import PanTraceKit
import PanTraceModel
import PanTraceReports
import PanTraceStore
import Testing

/// docs/commands.md §7.2 "One base for every command": replay, regress,
/// tune and the gesture exports start from the file or preset, else the
/// baseline run's stored config, with `--set` on top; only a store without
/// runs starts from the defaults; and the reports name the base.
@Suite struct OneBaseTests {
    static let sheets = SyntheticTraces(count: 40, seed: 11, families: SyntheticFamily.sheets)

    /// 40 synthetic sheets recorded under the `uikit-sheet` preset as run 1.
    static func recorded(_ workspace: Workspace) throws -> Store {
        let store = try Store(path: workspace.path("sheets.sqlite"))
        _ = try Recorder(config: try Preset.named("uikit-sheet").config, synthetic: sheets).record(into: store)
        return store
    }

    @Test func anOverrideChangesOneKeyOfTheBaselinesConfig() throws {
        let workspace = try Workspace()
        let store = try Self.recorded(workspace)
        let base = try ConfigBase.resolve(ConfigSource(overrides: ["stepVelocity=500"]), in: store)
        #expect(base.differencesFromBaseline.map(\.key) == ["stepVelocity"])
        #expect(base.config.decision == (try Preset.named("uikit-sheet").config.decision))
        #expect(base.origin.description == "the config of baseline run 1 with stepVelocity=500")
        #expect(base.description == "base uikit-sheet stepVelocity=500 (the config of baseline run 1 with stepVelocity=500)")
        #expect(base.baselineRun == 1)
        #expect(base.summary == base.description + "; differs from the baseline run's config: stepVelocity 1000 → 500")
    }

    @Test func replayAndRegressStartFromTheBaselinesConfig() throws {
        let workspace = try Workspace()
        let store = try Self.recorded(workspace)
        let base = try ConfigBase.resolve(ConfigSource(overrides: ["stepVelocity=500"]), in: store)
        let comparison = try Replayer(base: base).replay(in: store)
        #expect(comparison.settingChanges.map(\.key) == ["stepVelocity"])
        #expect(comparison.base == base.description)
        #expect(comparison.textReport().contains("\n" + base.description + "\n"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(comparison.jsonReport().utf8)) as? [String: Any])
        #expect(json["base"] as? String == base.description)
        // Without any option the base is the baseline's own config: nothing changes.
        let same = try Replayer(base: try ConfigBase.resolve(ConfigSource(), in: store)).replay(in: store)
        #expect(same.changed == 0 && same.settingChanges.isEmpty)
    }

    @Test func aPresetOrAFileIsTheBaseAndIsNamed() throws {
        let workspace = try Workspace()
        let store = try Self.recorded(workspace)
        let base = try ConfigBase.resolve(ConfigSource(preset: "seed", overrides: ["threshold=0.3"]), in: store)
        #expect(base.origin.description == "preset seed with threshold=0.3")
        #expect(base.config.threshold == 0.3)
        #expect(base.differencesFromBaseline.contains { $0.key == "decision" })
    }

    @Test func onlyAStoreWithoutRunsStartsFromTheDefaults() throws {
        let workspace = try Workspace()
        let store = try Store(path: workspace.path("empty.sqlite"))
        let base = try ConfigBase.resolve(ConfigSource(overrides: ["threshold=0.3"]), in: store)
        var expected = Config()
        try expected.apply(overrides: ["threshold=0.3"])
        #expect(base.config == expected)
        #expect(base.origin.description == "the defaults (the database has no run) with threshold=0.3")
        #expect(base.baselineRun == nil)
    }

    @Test func tuneStartsFromTheSameBase() throws {
        let workspace = try Workspace()
        let store = try Self.recorded(workspace)
        let tuner = Tuner(config: ConfigSource(overrides: ["stepVelocity=500"]), sweeps: ["threshold=0.3:0.5:0.1"])
        let (grid, origin) = try tuner.grid(in: store)
        let base = try ConfigBase.resolve(ConfigSource(overrides: ["stepVelocity=500"]), in: store)
        #expect(grid.base == base.config)
        #expect(origin == base.origin)
    }

    @Test func exportsStartFromTheSameBase() throws {
        let workspace = try Workspace()
        let store = try Self.recorded(workspace)
        let source = ConfigSource(overrides: ["stepVelocity=500"])
        let exporter = GestureExporter(form: .actions, source: source)
        #expect(try exporter.base(in: store).config == (try ConfigBase.resolve(source, in: store).config))
        var text = ""
        _ = try exporter.export(in: store) { text += $0 }
        #expect(!text.isEmpty)
    }
}
