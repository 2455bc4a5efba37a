extension VelocityEstimator {
    /// SPEC 4.5: ages and gaps are compared with this slack, because real data
    /// has samples exactly 100 ms old and `0.1` is not exact in binary.
    static let timeTolerance = 1e-9
    static let horizon = 0.100
    static let maximumGap = 0.040
    static let maximumSamples = 20

    /// The release velocity, in points per second along the interaction's
    /// direction, from the newest `count` entries of `times` and `positions`.
    ///
    /// `times` and `positions` hold the trace's position samples from the
    /// `down` on, oldest first; `q` is already signed (SPEC 4). The last entry is
    /// the newest position sample `n`.
    public func velocity(times: UnsafeBufferPointer<Double>, positions: UnsafeBufferPointer<Double>) -> Double {
        let n = times.count - 1
        guard n >= 0 else { return 0 }
        switch self {
        case .lastSegment:
            // SPEC 4.5: k is the newest earlier sample with t_k < t_n.
            var k = n - 1
            while k >= 0, !(times[k] < times[n]) { k -= 1 }
            guard k >= 0 else { return 0 }
            return (positions[n] - positions[k]) / (times[n] - times[k])
        case .lsq2:
            return Self.leastSquaresVelocity(times: times, positions: positions)
        }
    }

    /// SPEC 4.5 `lsq2`: the slope at the newest sample of an unweighted quadratic
    /// least-squares fit over the recent, unbroken samples (Android's and Flutter's).
    static func leastSquaresVelocity(times: UnsafeBufferPointer<Double>, positions: UnsafeBufferPointer<Double>) -> Double {
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
        guard distinctTimes >= 3 else { return 0 }
        return QuadraticFit.slopeAtZero(
            times: UnsafeBufferPointer(rebasing: times[oldestKept...n]),
            positions: UnsafeBufferPointer(rebasing: positions[oldestKept...n]),
            origin: newest
        )
    }
}

/// Unweighted least squares `q = a + b·τ + c·τ²` by modified Gram–Schmidt QR,
/// which stays accurate where the normal equations lose digits.
enum QuadraticFit {
    /// Returns `b`, the slope at `τ = 0`, with `τ = t − origin`; 0 when the fit is not unique.
    static func slopeAtZero(times: UnsafeBufferPointer<Double>, positions: UnsafeBufferPointer<Double>, origin: Double) -> Double {
        let count = times.count
        // Columns of A (1, τ, τ²) become the orthonormal columns of Q in place.
        // Twenty samples at most (SPEC 4.5), so the storage lives on the stack.
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
