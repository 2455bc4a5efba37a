import ArgumentParser
import PanTraceCore
import PanTraceKit
import PanTraceModel

/// `--observe-under PRESET|FILE` and `--observe-noise P` of `generate` and
/// `record` (docs/synthetic.md "A stand-in app"): each synthetic trace
/// carries the outcome that config decides for it as `observed`.
struct ObserveOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "A stand-in app: each synthetic trace (and, in record, each trace of --from without one) carries as 'observed' what this preset or config file decides for it (observedSource synthetic), e.g. --observe-under uikit-sheet.",
            valueName: "preset|file"))
    var observeUnder: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --observe-under: the share of traces (0 to 0.5, default 0) whose observed outcome is replaced by another the trace could have had, chosen by the seeded generator.",
            valueName: "share"))
    var observeNoise: Double?

    func validate() throws {
        if let observeNoise {
            guard observeUnder != nil else { throw ValidationError("--observe-noise needs --observe-under: it changes what the stand-in app did") }
            guard observeNoise.isFinite, observeNoise >= 0, observeNoise <= SyntheticObserver.maximumNoise else {
                throw ValidationError("--observe-noise must be a share from 0 to 0.5, not \(observeNoise)")
            }
        }
    }

    /// The stand-in app for a corpus drawn from `seed`; `nil` without `--observe-under`.
    ///
    /// A preset's name is the preset; anything else is a config file.
    func observer(seed: UInt64) throws -> SyntheticObserver? {
        guard let observeUnder else { return nil }
        let app: Config
        if let preset = try? Preset.named(observeUnder) {
            app = preset.config
        } else if observeUnder.hasSuffix(".json") || observeUnder.contains("/") {
            app = try ConfigSource(file: observeUnder).resolve()
        } else {
            throw ValidationError(
                "--observe-under \(observeUnder): neither a preset (pantrace presets lists them) nor a config file (a path ending in .json)")
        }
        return SyntheticObserver(app: app, noise: observeNoise ?? 0, seed: seed)
    }
}
