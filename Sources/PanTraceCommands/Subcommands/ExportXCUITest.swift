import ArgumentParser
import PanTraceKit
import PanTraceReports

extension Pantrace.Export {
    /// `pantrace export xcuitest`: the selected traces as one Swift file of XCUITest drags (docs/device.md).
    struct XCUITest: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "xcuitest",
            abstract: "Print one Swift file of XCUITest tests, one per selected trace, each a straight drag.",
            discussion: """
                One XCTestCase subclass (--class) with a test per trace, named
                test and the trace's letters and digits, that calls
                XCUICoordinate's press(forDuration: 0.05, thenDragTo:,
                withVelocity:, thenHoldForDuration:) from the down place to the
                release place, on coordinates normalised to the app's window, at
                the speed that gives the release velocity along the axis, held
                for the rest. Each test's comment gives the trace's name, what
                to set up first (the sheet's start detent, the list's offset),
                with --changed both runs' results, the decision, percent and
                velocity simulated under the config (--config or --preset, else
                the baseline run's, with --set on top) and whether the straight
                drag decides alike and lifts moving the same way, under both
                runs' configs too with --changed ('// faithful: true'); the
                assertion is left to you. Standard error names the base and ends with
                'N faithful, M unfaithful'. See docs/device.md for running the
                file in an app's UI-test target.

                Examples:
                  pantrace export xcuitest --changed latest > PantraceGestureTests.swift
                  pantrace export xcuitest --family flick --class FlickTests > FlickTests.swift
                """)

        @OptionGroup var options: GestureExportOptions

        @Option(name: .customLong("class"), help: ArgumentHelp("The XCTestCase subclass's name.", valueName: "name"))
        var className = XCUITestFile.defaultClassName

        func validate() throws {
            guard XCUITestFile.isClassName(className) else {
                throw ValidationError("--class '\(className)' is not a valid class name (a Swift identifier, not a keyword), e.g. --class SheetGestureTests")
            }
        }

        func run() throws {
            try options.run(.xcuitest(className: className))
        }
    }
}
