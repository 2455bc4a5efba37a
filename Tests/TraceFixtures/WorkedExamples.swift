import PanTraceModel

/// The traces of docs/model.md §4.9's and §4.10's worked examples (container
/// 400 × 800), which the simulation's, the device export's and the reports'
/// tests all pin numbers of.
public enum WorkedExamples {
    /// Example 1: down at y=100, moves every 1/60 s by 400/60 pt to y=500, up there.
    public static var example1: Trace {
        var builder = TraceBuilder()
        builder.down(y: 100)
        builder.moves(toY: 500, steps: 60, interval: 1.0 / 60)
        builder.up()
        return builder.trace
    }

    /// Example 2: down at y=100, ten moves of 10 pt every 8 ms, up at the last place.
    public static var example2: Trace {
        var builder = TraceBuilder()
        builder.down(y: 100)
        for step in 1...10 { builder.move(t: Double(step) * 0.008, y: 100 + Double(step) * 10) }
        builder.up()
        return builder.trace
    }

    /// Example 2's down and moves, before the lift (each test lifts as it needs):
    /// ten moves of 10 pt every 8 ms from y=100.
    public static var example2Moves: TraceBuilder {
        var builder = TraceBuilder()
        builder.down(y: 100)
        builder.moves(toY: 200, steps: 10, interval: 0.008)
        return builder
    }

    /// Example 3: moves of 5 pt every 1/60 s from y=100 to y=400, up there.
    public static func example3(scrollOffset: Double) -> Trace {
        var builder = TraceBuilder(scrollOffset: scrollOffset, scrollContent: 2000)
        builder.down(y: 100)
        for step in 1...60 { builder.move(t: Double(step) / 60, y: 100 + Double(step) * 5) }
        builder.up()
        return builder.trace
    }

    /// The sheet of docs/model.md §4.10's examples: `medium` at half the height, `large` at all of it.
    public static let sheet = [Detent(name: "medium", height: 0.5), Detent(name: "large", height: 1)]

    /// Example 6: example 2's samples (release `T` 90, velocity 1250) on a sheet at `large`.
    public static var example6: Trace {
        var trace = example2
        trace.detents = sheet
        trace.startDetent = "large"
        return trace
    }
}
