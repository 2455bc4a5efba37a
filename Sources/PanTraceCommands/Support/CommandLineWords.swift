import PanTraceKit

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
        case TunerError.noTraces(let selection) where !selection.isAll:
            "no stored trace matches \(selection.options): nothing to tune"
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
}
