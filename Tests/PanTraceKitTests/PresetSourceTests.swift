import PanTraceCore
import PanTraceKit
import PanTraceModel
import Testing

/// docs/presets.md: `--preset` through the workflows' config source.
@Suite struct PresetSourceTests {
    @Test func aPresetIsNamedAfterItselfAndSetStillOverrides() throws {
        let config = try ConfigSource(preset: "panmodal", overrides: ["threshold=0.4"]).resolve()
        #expect(config.name == "panmodal threshold=0.4")
        #expect(config.threshold == 0.4)
        #expect(config.decision == .velocity)
        #expect(config.flickVelocity == 300)
        #expect(try ConfigSource(preset: "material3").resolve().thresholdUnit == .points)
    }

    @Test func badPresetsAreUsageErrors() {
        #expect(throws: ConfigSourceError.presetWithFile) {
            try ConfigSource(file: Workspace.fixture("configs/velocity.json"), preset: "panmodal").resolve()
        }
        #expect(throws: ConfigSourceError.allPresets) { try ConfigSource(preset: "all").resolve() }
        #expect(throws: PresetError(name: "floatingpanl", suggestion: "floatingpanel")) {
            try ConfigSource(preset: "floatingpanl").resolve()
        }
        // A --set that breaks the preset's threshold unit names both keys.
        #expect(throws: ConfigError.self) { try ConfigSource(preset: "material3", overrides: ["thresholdUnit=fraction"]).resolve() }
    }
}
