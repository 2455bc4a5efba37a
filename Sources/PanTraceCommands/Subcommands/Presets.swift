import ArgumentParser
import PanTraceModel

extension Pantrace {
    /// `pantrace presets`: the built-in presets, their settings and sources (docs/presets.md).
    struct Presets: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "presets",
            abstract: "List the built-in presets: the settings that differ from the defaults and what each follows.",
            discussion: """
                Use one with --preset NAME on record, replay, regress, tune and compare
                (not with --config; --set still overrides). docs/presets.md explains each.

                Example:
                  pantrace presets --format json
                  pantrace replay --preset panmodal --set threshold=0.4
                """)

        @Option(name: .long, help: "Report format: text or json.")
        var format: ReportFormat = .text

        func run() throws {
            try Console.out(
                format == .json ? Preset.jsonReport(wording: .commandLine) : Preset.textReport(wording: .commandLine))
        }
    }
}
