import PanTraceCore
import PanTraceKit
import PanTraceModel

/// The library's errors said with the command line's options: the library
/// names what went wrong (a run, a selection, the CI variable); only here
/// does it become "add --force" or "--trace a".
enum CommandLineWords {
    /// The message for `error` when the command line words it differently
    /// from the library; `nil` for the library's own description.
    static func message(for error: Error) -> String? {
        switch error {
        case let workflow as WorkflowError: workflowMessage(workflow)
        case let refusal as Regression.AcceptRefusal: refusalMessage(refusal)
        case GestureExportError.noBaseline(let database):
            "\(database) has no runs: --changed, and the config without --config, --preset or --set, "
                + "need a baseline run; record some traces first (pantrace record)"
        case NothingToTuneError.noTraces(let selection) where !selection.isAll:
            "no stored trace matches \(selection.options): nothing to tune"
        case NothingToTuneError.noObserved(let traces, let selection):
            "--against observed: none of the \(traces) traces\(selection.isAll ? "" : " of \(selection.options)") records "
                + "what the app did (`observed`); record it with PanTraceCapture's recorder in the app (docs/capture.md) or "
                + "from a device run (docs/device.md), or try a stand-in app: pantrace record --seed 9 --observe-under uikit-sheet"
        case let nothing as NothingToVerifyError:
            "none of the \(nothing.traces) selected traces records what the app did (`observed`): record it with "
                + "PanTraceCapture's recorder in the app (docs/capture.md) or from a device run of exported gestures "
                + "(docs/device.md), then pantrace record --from the file; to try verify first, record synthetic traces "
                + "with a stand-in app: pantrace record --seed 9 --observe-under uikit-sheet"
        case let ambiguous as AmbiguousRunError:
            "\(ambiguous.database) has \(ambiguous.runs) runs: say which to export with --run: "
                + "--run baseline (run \(ambiguous.baseline), \(ambiguous.accepted ? "accepted" : "the first")), "
                + "--run latest (run \(ambiguous.latest)) or a run id"
        case ConfigSourceError.presetWithFile:
            "--preset and --config both choose where the config starts: give one (--set still overrides either)"
        case ConfigSourceError.allPresets:
            "--preset all is for pantrace compare; name one preset here (pantrace presets lists them)"
        case ComparerError.tooFewConfigs(let count):
            "compare needs two or more configs (--preset NAME, --preset all, --config FILE), found \(count)"
        case let preset as PresetError: "--" + preset.description
        case let sweep as SweepError: sweepMessage(sweep)
        case let config as ConfigError where config.override != nil: configMessage(config)
        default: nil
        }
    }

    static func workflowMessage(_ error: WorkflowError) -> String {
        switch error {
        case .nothingToRecord: "--count 0: nothing to record"
        case .nothingToReplay(let selection): "no stored trace matches \(selection.options): nothing to replay"
        case .nothingToExport(let selection): "no stored trace matches \(selection.options): nothing to export"
        case .deletesBaseline(let run):
            "run \(run) is the baseline of later replays and regressions: add --force to delete it anyway"
        default: error.description
        }
    }

    static func refusalMessage(_ refusal: Regression.AcceptRefusal) -> String {
        switch refusal {
        case .inCI(let ci):
            "--accept is refused in CI (CI=\(ci)): accept baselines on a developer machine, or add --force"
        case .partialSelection:
            "--accept makes the run the baseline of every trace: replay them all (no --trace/--family), or add --force"
        }
    }

    /// `--sweep text: key: reason`, `--sweep: reason` for the grid's.
    static func sweepMessage(_ error: SweepError) -> String {
        if error == .noSweeps { return "--sweep: give at least one sweep, e.g. --sweep threshold=0.2:0.6:0.05" }
        return (error.sweep.isEmpty ? "--sweep: " : "--sweep \(error.sweep): ") + (error.key.isEmpty ? "" : error.key + ": ")
            + error.reason
    }

    /// `--set text: key: reason`.
    static func configMessage(_ error: ConfigError) -> String {
        let reason =
            error.nameLength.map {
                "the overrides make the name \($0) characters long (at most \(Config.maximumNameLength)); give one with --set name=…"
            } ?? error.reason
        return "--set \(error.override ?? ""): " + (error.key.isEmpty ? "" : error.key + ": ") + reason
            + (error.reason == KeySuggestion.detentsReason ? " (pantrace lab --detents medium=0.5,large=1)" : "")
    }
}

extension TraceSelection {
    /// The selection as the command line writes it (`--trace a --family flick`).
    var options: String {
        let chosen = names.map { "--trace " + $0 } + families.map { "--family " + $0 }
        return chosen.isEmpty ? "(the database is empty)" : chosen.joined(separator: " ")
    }
}
