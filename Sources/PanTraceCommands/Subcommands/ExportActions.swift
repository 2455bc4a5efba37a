import ArgumentParser
import PanTraceKit

extension Pantrace.Export {
    /// `pantrace export actions`: the selected traces as W3C WebDriver pointer actions (docs/device.md).
    struct Actions: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "actions",
            abstract: "Print the selected traces as W3C WebDriver pointer actions (one JSON object per trace), for Appium.",
            discussion: """
                Each line is {"trace", "width", "height", "faithful", "setup",
                "actions"}: "actions" is the body of a W3C Actions request (POST
                /session/ID/actions) that Appium's XCUITest and UiAutomator2
                drivers perform: one finger, in points of the trace's own
                screen, every time rounded to the millisecond. "setup" is what
                the test sets up first: {"detent": the sheet's start detent or
                null, "scrollOffset": the list's offset}. With --changed, each
                line also has "baseline" and "candidate": both runs' results.
                "faithful" says whether the trace with those rounded times and
                one finger still decides as the original, and lifts moving the
                same way, under the config (--config or --preset, else the
                baseline run's, with --set on top) and, with --changed, under
                both runs' configs. Sorted by trace name; standard error names
                the base and ends with 'N faithful, M unfaithful'. See
                docs/device.md for posting them to a device.

                Examples:
                  pantrace export actions --changed latest > changed.jsonl
                  pantrace export actions --family flick --faithful-only > flicks.jsonl
                  pantrace export actions --trace spec-4.9-2-short-flick --preset panmodal
                """)

        @OptionGroup var options: GestureExportOptions

        func run() throws {
            try options.run(.actions)
        }
    }
}
