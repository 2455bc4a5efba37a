import Foundation

/// A condition watched from a thread of its own, from the moment the watch
/// is made: for a state that passes on its own (a request the server ends by
/// itself, a child's exit after a signal), which a test awaiting its turn on
/// a concurrency pool that computing tests hold could miss, or see late,
/// between two turns.
public struct ThreadWatch: Sendable {
    private let seen: AsyncStream<Double?>

    /// Starts checking `condition` every `interval` for at most `limit` seconds.
    public init(every interval: Duration = .milliseconds(1), limit: Double = 60, _ condition: @escaping @Sendable () -> Bool) {
        let (stream, continuation) = AsyncStream.makeStream(of: Double?.self)
        seen = stream
        let started = Date()
        let microseconds = useconds_t(interval.components.seconds * 1_000_000 + interval.components.attoseconds / 1_000_000_000_000)
        Thread {
            var held = condition()
            while !held, Date().timeIntervalSince(started) < limit {
                usleep(microseconds)
                held = condition()
            }
            continuation.yield(held ? Date().timeIntervalSince(started) : nil)
            continuation.finish()
        }.start()
    }

    /// Seconds from the watch's start until the condition first held; `nil` when the limit passed first.
    public func seconds() async -> Double? {
        await seen.first { _ in true } ?? nil
    }
}
