import ArgumentParser
import PanTraceKit
import PanTraceModel

/// `--config FILE`, `--preset NAME` and `--set key=value`, shared by every
/// command that takes a config (docs/configs.md, docs/presets.md).
package struct ConfigOptions: ParsableArguments {
    package init() {}

    @Option(name: .long, help: ArgumentHelp("A config JSON file (docs/configs.md); every key is optional.", valueName: "file"))
    var config: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Start from a built-in preset instead of the defaults, e.g. --preset panmodal (pantrace presets lists them; not with --config).",
            valueName: "name"))
    var preset: String?

    @Option(
        name: .customLong("set"),
        help: ArgumentHelp(
            "Override one config key, e.g. --set threshold=0.3 (repeatable). Unless 'name' is set, the overrides are appended to the config's name.",
            valueName: "key=value"))
    var overridesGiven: [String] = []
    /// Every --set given, in order (``RepeatedValues``: the parser may see only the first).
    var overrides: [String] { RepeatedValues.values(of: "--set", parsed: overridesGiven) }

    /// Where the config comes from.
    var source: ConfigSource { ConfigSource(file: config, preset: preset, overrides: overrides) }

    package func validate() throws {
        if preset != nil, config != nil { throw ValidationError(CommandLineWords.message(for: ConfigSourceError.presetWithFile) ?? "") }
    }

    /// The config: defaults, then the file, then the overrides in order.
    package func resolve() throws -> Config { try source.resolve() }
}
