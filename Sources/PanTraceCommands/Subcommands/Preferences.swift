import ArgumentParser
import PanTraceCore
import PanTraceKit
import PanTraceReports

extension Pantrace {
    /// `pantrace preferences`: what the lab's A/B sessions say about which config felt better (docs/lab.md).
    struct Preferences: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "preferences",
            abstract: "Report which config felt better in the lab's A/B sessions: counts, share, interval, sign test.",
            discussion: """
                For each pair of configs compared by 'pantrace lab --versus-preset NAME' (or
                --versus-config FILE): how often people preferred A (the lab's own config), B,
                or neither; the share of the decided answers preferring A with its 95% Wilson
                score interval; the exact two-sided sign test's p; and the verdict in words.
                A config is named as preferred only when the whole interval lies on its side
                of one half. Every session, or one with --session (its id is the traces'
                meta.session, the middle of their names lab-SESSION-N).

                Examples:
                  pantrace preferences --db pantrace.sqlite
                  pantrace preferences --session 1a2b3c4d --format json
                """)

        @OptionGroup var store: StoreOptions

        @Option(name: .long, help: ArgumentHelp("Only this lab session's answers.", valueName: "id"))
        var session: String?

        @Option(name: .long, help: "Report format: text or json.")
        var format: ReportFormat = .text

        func run() throws {
            let store = try self.store.openExisting(readOnly: true)
            let comparisons = try PreferenceReader(session: session).comparisons(in: store)
            if format == .json {
                try Console.out(PreferenceComparison.jsonReport(comparisons))
                return
            }
            let empty =
                // The session id and the path are the user's: escaped for the terminal (docs/safety.md).
                session.map { "no answers of session \(TerminalText.escaped($0)) in \(TerminalText.escaped(self.store.db))" }
                ?? "no answers in \(TerminalText.escaped(self.store.db)) yet: pantrace lab --versus-preset NAME asks which felt better"
            try Console.out(PreferenceComparison.textReport(comparisons, empty: empty))
        }
    }
}
