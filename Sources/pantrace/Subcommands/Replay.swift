import ArgumentParser
import PanTrace
import PanTraceCore
import PanTraceStore

extension Pantrace {
    /// `pantrace replay` (SPEC 7.2): re-simulate stored traces under a config,
    /// store the run, and report which decisions differ from a baseline run.
    struct Replay: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Re-simulate stored traces under a config and report what changed against a baseline run.",
            discussion: """
                The candidate run is stored (frames only with --frames). The baseline is
                --baseline RUN, else the run accepted by 'regress --accept', else the first run.

                Examples:
                  pantrace replay --set threshold=0.3
                  pantrace replay --set decision=velocity --family flick --format json
                  pantrace replay --set threshold=0.3 --html replay.html
                """)

        @OptionGroup var options: ReplayOptions

        func run() throws {
            let replayer = try options.replayer(kind: .replay)
            _ = try options.run(replayer) { store, progress, streaming, finishing in
                try replayer.replay(in: store, progress: progress, streaming: streaming, finishing: finishing)
            }
        }
    }
}
