import PanTraceModel

/// Builds traces for simulator tests: a down, moves, then an up or a cancel.
public struct TraceBuilder {
    public var width = 400.0
    public var height = 800.0
    public var scrollOffset = 0.0
    public var scrollContent = 0.0
    public var samples: [Sample] = []

    public init(width: Double = 400, height: Double = 800, scrollOffset: Double = 0, scrollContent: Double = 0) {
        self.width = width
        self.height = height
        self.scrollOffset = scrollOffset
        self.scrollContent = scrollContent
    }

    public mutating func down(t: Double = 0, x: Double = 200, y: Double, touches: Int = 1) {
        samples.append(Sample(t: t, x: x, y: y, phase: .down, touches: touches))
    }

    public mutating func move(t: Double, x: Double = 200, y: Double, touches: Int = 1) {
        samples.append(Sample(t: t, x: x, y: y, phase: .move, touches: touches))
    }

    /// Moves from the last sample's y to `y` in `steps` equal steps of `interval` seconds.
    public mutating func moves(toY y: Double, steps: Int, interval: Double) {
        guard let last = samples.last else { return }
        for step in 1...steps {
            let fraction = Double(step) / Double(steps)
            move(t: last.t + Double(step) * interval, x: last.x, y: last.y + (y - last.y) * fraction)
        }
    }

    /// Lifts at the last place (or at `y` when given), `after` seconds later.
    public mutating func up(after: Double = 0, y: Double? = nil) {
        guard let last = samples.last else { return }
        samples.append(Sample(t: last.t + after, x: last.x, y: y ?? last.y, phase: .up))
    }

    public mutating func cancel(after: Double = 0) {
        guard let last = samples.last else { return }
        samples.append(Sample(t: last.t + after, x: last.x, y: last.y, phase: .cancel))
    }

    public var trace: Trace {
        Trace(
            name: "test", width: width, height: height, scrollOffset: scrollOffset,
            scrollContent: scrollContent, samples: samples
        )
    }
}
