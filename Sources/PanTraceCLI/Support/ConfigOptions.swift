import ArgumentParser
import PanTraceKit
import PanTraceCore
import PanTraceModel
import PanTraceReports

/// `--config FILE` and `--set key=value`, shared by record, replay and regress (SPEC 5).
struct ConfigOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("A config JSON file (docs/configs.md); every key is optional.", valueName: "file"))
    var config: String?

    @Option(
        name: .customLong("set"),
        help: ArgumentHelp(
            "Override one config key, e.g. --set threshold=0.3 (repeatable). Unless 'name' is set, the overrides are appended to the config's name.",
            valueName: "key=value"))
    var overrides: [String] = []

    /// Where the config comes from.
    var source: ConfigSource { ConfigSource(file: config, overrides: overrides) }

    /// The config: defaults, then the file, then the overrides in order.
    func resolve() throws -> Config { try source.resolve() }
}
