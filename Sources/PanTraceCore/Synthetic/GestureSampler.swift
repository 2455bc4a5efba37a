import PanTraceModel

/// Turns a planned gesture into the samples a touch screen would report.
///
/// Events arrive once per display frame (60 or 120 Hz) with a little
/// timestamp jitter; some frames have no event (dropped or coalesced), and a
/// frame in which the finger did not move on the pixel grid delivers nothing,
/// as `touchesMoved` is only sent on movement. Times are whole microseconds
/// (`µs / 1e6`), positions sit on the device's pixel grid, so the traces print
/// identically everywhere.
enum GestureSampler {
    /// The AR(1) coefficient of the positional noise: a hand's tremor is
    /// correlated from one event to the next, unlike white digitizer noise.
    private static let noiseMemory = 0.6
    /// `√(1 − 0.6²)`, so that the noise's stationary deviation is the tremor.
    private static let noiseInnovation = 0.8
    /// How close to the `down` location a sample counts as "not moved yet"
    /// for a second finger (below the default touch slop of 10 pt).
    private static let secondFingerRadius = 8.0

    /// The samples of `gesture`, drawing the noise from `random`.
    static func samples(of gesture: SyntheticGesture, random: inout SeededRandom) -> [Sample] {
        let device = gesture.device
        let path = gesture.path
        let hz = gesture.hz
        let endMicros = Int((path.duration * 1_000_000).rounded())
        let period = 1_000_000 / hz

        var samples: [Sample] = []
        samples.reserveCapacity(endMicros / period + 3)
        let start = path.position(at: 0)
        var lastX = device.snap(start.x)
        var lastY = device.snap(start.y)
        samples.append(Sample(t: 0, x: lastX, y: lastY, phase: .down))

        var noiseX = 0.0
        var noiseY = 0.0
        var lastMicros = 0
        var frame = 1
        while true {
            // Integer frame times: frame k is at round(k × 10⁶ / hz) µs.
            let base = (frame * 1_000_000 + hz / 2) / hz
            guard base <= endMicros else { break }
            frame += 1
            if random.chance(gesture.dropChance) { continue }
            let jitter = Int((random.normal() * gesture.jitterMicros).rounded())
            let micros = max(lastMicros + 1, base + jitter)
            let t = Double(micros) / 1_000_000
            let position = path.position(at: t)
            noiseX = noiseMemory * noiseX + noiseInnovation * gesture.tremor * random.normal()
            noiseY = noiseMemory * noiseY + noiseInnovation * gesture.tremor * random.normal()
            let x = device.snap(position.x + noiseX)
            let y = device.snap(position.y + noiseY)
            if x == lastX, y == lastY { continue }
            samples.append(Sample(t: t, x: x, y: y, phase: .move))
            lastX = x
            lastY = y
            lastMicros = micros
        }

        // The lift comes within a frame of the path's end; now and then in
        // the same event as the last move (equal times are allowed, docs/model.md §3).
        let liftMicros: Int
        if lastMicros + period >= endMicros, random.chance(0.04) {
            liftMicros = lastMicros
        } else {
            liftMicros = max(lastMicros + 1, endMicros + random.int(0...period))
        }
        let liftT = Double(liftMicros) / 1_000_000
        if gesture.ending == .up, gesture.liftMoves {
            let position = path.position(at: liftT)
            lastX = device.snap(position.x + noiseX)
            lastY = device.snap(position.y + noiseY)
        }
        samples.append(Sample(t: liftT, x: lastX, y: lastY, phase: gesture.ending))

        if let second = gesture.secondFinger {
            addSecondFinger(to: &samples, from: second.from, count: second.count)
        }
        return samples
    }

    /// Sets `touches` to 2 on `count` samples from `from`, moved earlier when
    /// needed so that the second finger lands before the first has left the
    /// `down` location's neighbourhood (while the pan is still possible).
    private static func addSecondFinger(to samples: inout [Sample], from: Int, count: Int) {
        guard let down = samples.first else { return }
        var lastStill = 0
        for index in samples.indices.dropFirst() {
            let dx = samples[index].x - down.x
            let dy = samples[index].y - down.y
            guard (dx * dx + dy * dy).squareRoot() < secondFingerRadius else { break }
            lastStill = index
        }
        let first = min(max(0, from), lastStill)
        let last = first + min(max(1, count), samples.count - first)
        for index in first..<last {
            samples[index].touches = 2
        }
    }
}
