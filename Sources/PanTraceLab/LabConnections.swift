import NIOConcurrencyHelpers
import NIOCore

/// What the lab's server knows of all its connections at once (docs/lab.md
/// "Limits"): how many are open (at most ``LabLimits/connections``), how
/// many requests are under way, and the stop. Each connection's handlers
/// (``LabWireLimits``, ``LabRequestGate``) report to it from their event
/// loop; the stop (``beginStop(grace:)``) is told to every connection's
/// pipeline as a ``LabStopping`` event.
final class LabConnections: Sendable {
    private struct State {
        var channels: [ObjectIdentifier: any Channel] = [:]
        var requestsUnderWay = 0
        var stoppingBy: ContinuousClock.Instant?
        /// How to stop waiting for each answer being made (``resetAll()`` calls them), by number.
        var answersBeingMade: [Int: @Sendable () -> Void] = [:]
        var nextAnswer = 0
        /// Waiting until no connection is open and no request under way, by number.
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter = 0

        var isQuiet: Bool { channels.isEmpty && requestsUnderWay == 0 }

        /// The waiters to resume, taken from the state, when it is quiet.
        mutating func quietWaiters() -> [CheckedContinuation<Void, Never>] {
            guard isQuiet else { return [] }
            defer { waiters.removeAll() }
            return Array(waiters.values)
        }
    }

    let limits: LabLimits
    private let state = NIOLockedValueBox(State())

    init(limits: LabLimits) {
        self.limits = limits
    }

    /// Counts `channel` as open; false when the lab has ``LabLimits/connections`` open already (then it is not counted).
    func open(_ channel: any Channel) -> Bool {
        state.withLockedValue { state in
            guard state.channels.count < limits.connections else { return false }
            state.channels[ObjectIdentifier(channel)] = channel
            return true
        }
    }

    /// `channel` closed.
    func closed(_ channel: any Channel) {
        resume(state.withLockedValue { state in
            state.channels[ObjectIdentifier(channel)] = nil
            return state.quietWaiters()
        })
    }

    /// The first byte of a request arrived.
    func requestBegan() {
        state.withLockedValue { $0.requestsUnderWay += 1 }
    }

    /// `count` requests were answered, refused or given up with their connection.
    func requestsEnded(_ count: Int) {
        guard count > 0 else { return }
        resume(state.withLockedValue { state in
            state.requestsUnderWay -= count
            return state.quietWaiters()
        })
    }

    /// Requests begun and not yet answered.
    var requestsUnderWay: Int { state.withLockedValue { $0.requestsUnderWay } }

    /// Connections open now.
    var openConnections: Int { state.withLockedValue { $0.channels.count } }

    /// The instant a request arriving at the stop must have arrived by; `nil` before the stop.
    var stoppingBy: ContinuousClock.Instant? { state.withLockedValue { $0.stoppingBy } }

    /// When a gesture whose wait for the database is bounded by `bound` must
    /// give up: the bound, or ``LabLimits/storeAfterStop`` past the stop's grace once the lab stops.
    func storeDeadline(bound: ContinuousClock.Instant) -> ContinuousClock.Instant {
        guard let stop = stoppingBy else { return bound }
        return min(bound, stop + limits.storeAfterStop)
    }

    /// Begins the stop (once): requests arriving have `grace` to arrive, every
    /// connection is told (``LabStopping``); returns the end of the grace.
    @discardableResult
    func beginStop(grace: Duration) -> ContinuousClock.Instant {
        let (stop, channels) = state.withLockedValue { state in
            if let stop = state.stoppingBy { return (stop, [any Channel]()) }
            let stop = ContinuousClock.now + grace
            state.stoppingBy = stop
            return (stop, Array(state.channels.values))
        }
        for channel in channels { channel.pipeline.fireUserInboundEventTriggered(LabStopping()) }
        return stop
    }

    /// Waits until no connection is open and no request is under way, or until `deadline`.
    func waitUntilQuiet(by deadline: ContinuousClock.Instant, on loop: any EventLoop) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let id: Int? = state.withLockedValue { state in
                guard !state.isQuiet else { return nil }
                state.nextWaiter += 1
                state.waiters[state.nextWaiter] = continuation
                return state.nextWaiter
            }
            guard let id else { return continuation.resume() }
            let left = ContinuousClock.now.duration(to: deadline)
            loop.scheduleTask(in: TimeAmount(max(.zero, left))) {
                self.state.withLockedValue { $0.waiters.removeValue(forKey: id) }?.resume()
            }
        }
    }

    /// Resets every connection still open (`SO_LINGER` 0, then close): what
    /// is unsent is dropped and the client sees the connection fail, never an
    /// orderly end it could take for the end of an answer.
    /// The waits for answers being made end too: a page that takes long to
    /// make never holds the stop past its bound.
    func resetAll() {
        let (channels, abandons) = state.withLockedValue { state in
            defer { state.answersBeingMade.removeAll() }
            return (Array(state.channels.values), Array(state.answersBeingMade.values))
        }
        for channel in channels {
            channel.eventLoop.execute { LabRequestGate.reset(channel) }
        }
        for abandon in abandons { abandon() }
    }

    /// Counts an answer being made until ``answerMade(_:)``; ``resetAll()`` calls `abandon` meanwhile.
    func makingAnswer(abandon: @escaping @Sendable () -> Void) -> Int {
        state.withLockedValue { state in
            state.nextAnswer += 1
            state.answersBeingMade[state.nextAnswer] = abandon
            return state.nextAnswer
        }
    }

    /// The answer `id` was made (or abandoned).
    func answerMade(_ id: Int) {
        _ = state.withLockedValue { $0.answersBeingMade.removeValue(forKey: id) }
    }

    private func resume(_ waiters: [CheckedContinuation<Void, Never>]) {
        for waiter in waiters { waiter.resume() }
    }
}

/// The event each connection's pipeline gets when the lab begins to stop.
struct LabStopping: Sendable {}
