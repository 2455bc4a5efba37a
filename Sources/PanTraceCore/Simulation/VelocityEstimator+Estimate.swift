import PanTraceModel

extension VelocityEstimator {
    /// docs/model.md §4.5: ages and gaps are compared with this slack, because real data
    /// has samples exactly 100 ms old and `0.1` is not exact in binary.
    static let timeTolerance = 1e-9
    static let horizon = 0.100
    static let maximumGap = 0.040
    static let maximumSamples = 20
    /// docs/model.md §4.5 `uikit`: a segment shorter than this has velocity 0.
    static let shortestUIKitSegment = 0.001

    /// Whether an `up` that moved is one of the samples this estimator reads.
    ///
    /// Every estimator reads the position samples of docs/model.md §4.1 except
    /// `uikit`: UIKit samples the finger only on touch moves, so the lift's place
    /// never reaches `velocity(in:)` (docs/model.md §4.5).
    public var readsMovedLift: Bool { self != .uikit }

    /// The release velocity, in points per second along the interaction's
    /// direction, from the samples in `times` and `positions`.
    ///
    /// `times` and `positions` hold the samples the estimator reads from the
    /// `down` on, oldest first (the position samples, without a moved lift when
    /// ``readsMovedLift`` is false); `q` is already signed (docs/model.md §4). The
    /// last entry is the newest sample `n`.
    ///
    /// The result is always finite (docs/model.md §4.5, "Finite numbers"):
    /// time steps so small that a quotient or the impulse's energy leaves the
    /// doubles saturate at the largest double instead of giving ±∞ or NaN.
    public func velocity(times: UnsafeBufferPointer<Double>, positions: UnsafeBufferPointer<Double>) -> Double {
        estimate(times: times, positions: positions).saturated
    }

    private func estimate(times: UnsafeBufferPointer<Double>, positions: UnsafeBufferPointer<Double>) -> Double {
        let n = times.count - 1
        guard n >= 0 else { return 0 }
        switch self {
        case .lastSegment:
            // docs/model.md §4.5: k is the newest earlier sample with t_k < t_n.
            var k = n - 1
            while k >= 0, !(times[k] < times[n]) { k -= 1 }
            guard k >= 0 else { return 0 }
            return (positions[n] - positions[k]) / (times[n] - times[k])
        case .lsq2:
            return Self.leastSquaresVelocity(times: times, positions: positions)
        case .uikit:
            return Self.uikitVelocity(times: times, positions: positions)
        case .impulse:
            return Self.impulseVelocity(times: times, positions: positions)
        }
    }

    /// docs/model.md §4.5 `lsq2` and `impulse`: the recent, unbroken samples, walking
    /// back from the newest while their age is ≤ 100 ms and the gap to the
    /// previously kept one ≤ 40 ms, at most 20.
    ///
    /// Returns the index of the oldest kept sample and how many distinct times
    /// the kept samples have.
    static func window(times: UnsafeBufferPointer<Double>) -> (oldest: Int, distinctTimes: Int) {
        let n = times.count - 1
        let newest = times[n]
        var oldestKept = n
        var distinctTimes = 1
        var i = n - 1
        while i >= 0, n - i < maximumSamples {
            let age = newest - times[i]
            let gap = times[oldestKept] - times[i]
            guard age <= horizon + timeTolerance, gap <= maximumGap + timeTolerance else { break }
            if times[i] != times[oldestKept] { distinctTimes += 1 }
            oldestKept = i
            i -= 1
        }
        return (oldestKept, distinctTimes)
    }

    /// docs/model.md §4.5 `lsq2`: the slope at the newest sample of an unweighted quadratic
    /// least-squares fit over the window (Android's and Flutter's).
    static func leastSquaresVelocity(times: UnsafeBufferPointer<Double>, positions: UnsafeBufferPointer<Double>) -> Double {
        let n = times.count - 1
        let (oldestKept, distinctTimes) = window(times: times)
        guard distinctTimes >= 3 else { return 0 }
        return QuadraticFit.slopeAtZero(
            times: UnsafeBufferPointer(rebasing: times[oldestKept...n]),
            positions: UnsafeBufferPointer(rebasing: positions[oldestKept...n]),
            origin: times[n]
        )
    }

    /// docs/model.md §4.5 `uikit`: what `UIPanGestureRecognizer.velocity(in:)` returns
    /// at `.ended` — segments between consecutive samples, `Δq/dt` (0 under a
    /// millisecond), blended `0.2 × newest + 0.8 × previous`.
    static func uikitVelocity(times: UnsafeBufferPointer<Double>, positions: UnsafeBufferPointer<Double>) -> Double {
        var segments = 0
        var newest = 0.0
        var previous = 0.0
        var lastT = times[0]
        var lastQ = positions[0]
        for i in times.indices.dropFirst() {
            let dt = times[i] - lastT
            if dt > 0 {
                // A move with dt = 0 makes no segment; either way it becomes the last place.
                previous = newest
                // Saturated, so that two segments of opposite infinite speed blend to a number.
                newest = dt >= shortestUIKitSegment ? ((positions[i] - lastQ) / dt).saturated : 0
                segments += 1
            }
            lastT = times[i]
            lastQ = positions[i]
        }
        switch segments {
        case 0: return 0
        case 1: return newest
        default: return 0.2 * newest + 0.8 * previous
        }
    }

    /// docs/model.md §4.5 `impulse`: Android's impulse strategy on the `lsq2` window —
    /// the kinetic energy the finger's segments would give a unit mass, oldest
    /// first, turned back into a velocity.
    static func impulseVelocity(times: UnsafeBufferPointer<Double>, positions: UnsafeBufferPointer<Double>) -> Double {
        let n = times.count - 1
        let oldest = window(times: times).oldest
        // Newest first: w_i is the sample at n − i, so m = n − oldest + 1.
        let m = n - oldest + 1
        if m < 2 { return 0 }
        if m == 2 {
            let dt = times[n] - times[oldest]
            return dt == 0 ? 0 : (positions[n] - positions[oldest]) / dt
        }
        // K(W) = sign(W)·√(2|W|), the velocity of a unit mass with kinetic energy |W|.
        // Saturated (docs/model.md §4.5, "Finite numbers"): with every term
        // finite, `v − K(W)` and `W` never meet ∞ − ∞.
        func velocity(ofWork work: Double) -> Double {
            work == 0 ? 0 : ((work < 0 ? -1 : 1) * (2 * abs(work)).squareRoot()).saturated
        }
        var work = 0.0
        // The pair (w_i, w_{i−1}) is (times[n − i], times[n − i + 1]); oldest pair first.
        for i in stride(from: m - 1, through: 1, by: -1) {
            let older = n - i
            let newer = older + 1
            guard times[newer] != times[older] else { continue }
            let v = ((positions[newer] - positions[older]) / (times[newer] - times[older])).saturated
            work = (work + (v - velocity(ofWork: work)) * abs(v)).saturated
            if i == m - 1 {
                // The oldest segment counts half, as if the finger was already moving.
                work /= 2
            }
        }
        return velocity(ofWork: work)
    }
}

/// Unweighted least squares `q = a + b·τ + c·τ²` by modified Gram–Schmidt QR,
/// which stays accurate where the normal equations lose digits.
enum QuadraticFit {
    /// Returns `b`, the slope at `τ = 0`, with `τ = t − origin`; 0 when the fit is not unique.
    static func slopeAtZero(times: UnsafeBufferPointer<Double>, positions: UnsafeBufferPointer<Double>, origin: Double) -> Double {
        let count = times.count
        // Columns of A (1, τ, τ²) become the orthonormal columns of Q in place.
        // Twenty samples at most (docs/model.md §4.5), so the storage lives on the stack.
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * count) { q in
            for row in 0..<count {
                let tau = times[row] - origin
                q[row] = 1
                q[count + row] = tau
                q[2 * count + row] = tau * tau
            }
            var r = (r00: 0.0, r01: 0.0, r02: 0.0, r11: 0.0, r12: 0.0, r22: 0.0)
            func dot(_ a: Int, _ b: Int) -> Double {
                var sum = 0.0
                for row in 0..<count { sum += q[a * count + row] * q[b * count + row] }
                return sum
            }
            func subtract(_ factor: Double, column a: Int, from b: Int) {
                for row in 0..<count { q[b * count + row] -= factor * q[a * count + row] }
            }
            func normalize(_ a: Int) -> Double {
                let norm = dot(a, a).squareRoot()
                if norm > 0 { for row in 0..<count { q[a * count + row] /= norm } }
                return norm
            }
            r.r00 = normalize(0)
            r.r01 = dot(0, 1)
            subtract(r.r01, column: 0, from: 1)
            r.r11 = normalize(1)
            r.r02 = dot(0, 2)
            subtract(r.r02, column: 0, from: 2)
            r.r12 = dot(1, 2)
            subtract(r.r12, column: 1, from: 2)
            r.r22 = normalize(2)
            guard r.r00 > 0, r.r11 > 0, r.r22 > 0 else { return 0 }
            var z1 = 0.0
            var z2 = 0.0
            for row in 0..<count {
                z1 += q[count + row] * positions[row]
                z2 += q[2 * count + row] * positions[row]
            }
            let c = z2 / r.r22
            return (z1 - r.r12 * c) / r.r11
        }
    }
}
