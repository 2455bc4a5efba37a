#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The recorder's two clocks, injectable so that tests never sleep.
///
/// `now` is monotonic seconds (any origin) and times the labelling window;
/// `wallTime` is seconds since 1970-01-01 UTC and only stamps trace names.
/// Touch times come with the events and use neither.
public struct CaptureClock {
    /// Monotonic seconds, for the labelling window.
    public var now: () -> Double
    /// Seconds since 1970-01-01T00:00:00Z, for the time stamp in names.
    public var wallTime: () -> Double

    /// A clock made of two functions.
    public init(now: @escaping () -> Double, wallTime: @escaping () -> Double) {
        self.now = now
        self.wallTime = wallTime
    }

    /// `CLOCK_MONOTONIC` and `CLOCK_REALTIME`.
    public static var system: CaptureClock {
        CaptureClock(now: { seconds(CLOCK_MONOTONIC) }, wallTime: { seconds(CLOCK_REALTIME) })
    }

    private static func seconds(_ clock: clockid_t) -> Double {
        var spec = timespec()
        guard clock_gettime(clock, &spec) == 0 else { return 0 }
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
