import ArgumentParser
import PanTraceKit

extension Pantrace {
    /// `pantrace show TRACE`: one trace's frames and outcome as a readable table.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show one trace's frames (t, position, state, owner, percent, scroll offset) and its outcome.",
            discussion: """
                Frames come from the run (--run, default: the newest run with this trace);
                when the run did not store frames they are recomputed under its config.

                Example:
                  pantrace show flick-s7-0002 --run 1
                """)

        @OptionGroup var store: StoreOptions

        @Argument(help: "The trace's name.")
        var trace: String

        @Option(name: .customLong("run"), help: "The run whose result to show.")
        var runID: Int64?

        func run() throws {
            let store = try store.openExisting(readOnly: true)
            try Console.out( TraceInspection(trace: trace, run: runID, in: store).text())
        }
    }
}
