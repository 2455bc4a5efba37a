import PanTraceCore
import PanTraceModel

/// The pairs of an A/B lab session (docs/lab.md "Which felt better"): each
/// task done twice in a row, once under each config, in an order drawn per
/// pair from the session's seed, then answered "first", "second" or "the same".
///
/// Pairs are numbered from 1 in the order begun. A pair is *made* once both
/// its gestures are stored; only a made pair can be answered, and once.
package struct LabPairs: Sendable {
    /// One pair's gestures and answer.
    package struct Pair: Sendable, Equatable {
        /// The pair's number.
        package var number: Int
        /// The task's id.
        package var task: String
        /// The config of the gesture done first.
        package var shownFirst: Preference.Side
        /// The stored traces' names and runs, by config.
        package var traces: [Preference.Side: (name: String, run: Int64)] = [:]
        /// The answer, once given.
        package var choice: Preference.Choice?
        /// A gesture or run of the pair was deleted before its answer: it is
        /// not asked again (``LabPairs/givenUp(pair:)``).
        package var isGivenUp = false

        /// Both gestures are stored.
        package var isMade: Bool { traces.count == 2 }

        package static func == (left: Pair, right: Pair) -> Bool {
            left.number == right.number && left.task == right.task && left.shownFirst == right.shownFirst
                && left.choice == right.choice && left.isGivenUp == right.isGivenUp && left.traces.mapValues(\.name) == right.traces.mapValues(\.name)
                && left.traces.mapValues(\.run) == right.traces.mapValues(\.run)
        }
    }

    /// Where a posted gesture goes: its pair, whether it is the pair's first or second, and its config.
    package struct Slot: Sendable, Equatable {
        package var pair: Int
        package var isFirst: Bool
        package var side: Preference.Side
    }

    /// What the page does next (docs/lab.md): the pair to go on with, the config
    /// of its next gesture and how many of its gestures are stored, or the
    /// question for a made pair not yet answered.
    package struct Next: Sendable, Equatable {
        /// The pair number.
        package var pair: Int
        /// The config of the pair's first gesture.
        package var shownFirst: Preference.Side
        /// The pair's gestures stored (0 or 1), or 2 with ``asking``.
        package var stored: Int
        /// The pair is made and waits for its answer.
        package var asking: Bool
    }

    /// The session's seed, from which each pair's order is drawn.
    package let seed: UInt64
    /// The pairs begun, by number (index + 1).
    package private(set) var pairs: [Pair] = []

    package init(seed: UInt64) {
        self.seed = seed
    }

    /// The config whose gesture comes first in pair `number`, drawn from `seed`
    /// alone: the same session seed gives the same orders.
    package static func shownFirst(pair number: Int, seed: UInt64) -> Preference.Side {
        var state = seed ^ SeededRandom.mix(UInt64(truncatingIfNeeded: number))
        return SeededRandom.splitMix(&state) >> 63 == 0 ? .a : .b
    }

    /// Where a gesture for `task` posted as pair `number` goes.
    ///
    /// - Throws: ``LabPairError`` for a pair that is neither the one under
    ///   way nor the next, one that has both gestures, or another task than
    ///   the pair's first gesture's.
    package func slot(pair number: Int, task: String) throws(LabPairError) -> Slot {
        if number >= 1, number <= pairs.count {
            let pair = pairs[number - 1]
            guard !pair.isMade else { throw .alreadyMade(pair: number) }
            guard pair.task == task else { throw .otherTask(pair: number, task: task, expected: pair.task) }
            return Slot(pair: number, isFirst: false, side: pair.shownFirst.other)
        }
        // A new pair once the last one is made: a pair's two tries come one after the other.
        if let last = pairs.last, !last.isMade { throw .notNext(pair: number, next: last.number) }
        guard number == pairs.count + 1 else { throw .notNext(pair: number, next: pairs.count + 1) }
        return Slot(pair: number, isFirst: true, side: Self.shownFirst(pair: number, seed: seed))
    }

    /// Records the gesture stored in `slot`.
    package mutating func stored(_ slot: Slot, task: String, trace: String, run: Int64) {
        if slot.isFirst {
            pairs.append(Pair(number: slot.pair, task: task, shownFirst: slot.side))
        }
        pairs[slot.pair - 1].traces[slot.side] = (trace, run)
    }

    /// The preference that answering pair `number` with `answer` stores.
    ///
    /// - Throws: ``LabPairError`` for a pair the session did not make, or one answered already.
    package func preference(pair number: Int, answer: Preference.Answer, session: String) throws(LabPairError) -> Preference {
        guard number >= 1, number <= pairs.count, pairs[number - 1].isMade,
            let a = pairs[number - 1].traces[.a], let b = pairs[number - 1].traces[.b]
        else { throw .notMade(pair: number) }
        let pair = pairs[number - 1]
        guard pair.choice == nil else { throw .answered(pair: number) }
        guard !pair.isGivenUp else { throw .deleted(pair: number, what: "a gesture") }
        return Preference(
            session: session, task: pair.task, runA: a.run, runB: b.run, traceA: a.name, traceB: b.name,
            shownFirst: pair.shownFirst, choice: answer.choice(shownFirst: pair.shownFirst))
    }

    /// Records pair `number`'s answer, once stored.
    package mutating func answered(pair number: Int, choice: Preference.Choice) {
        pairs[number - 1].choice = choice
    }

    /// Gives pair `number` up: its answer could not be stored because one of
    /// its gestures was deleted; the session goes on with the next pair.
    package mutating func givenUp(pair number: Int) {
        pairs[number - 1].isGivenUp = true
    }

    /// What the page does next.
    package var next: Next {
        guard let last = pairs.last else {
            return Next(pair: 1, shownFirst: Self.shownFirst(pair: 1, seed: seed), stored: 0, asking: false)
        }
        if !last.isMade { return Next(pair: last.number, shownFirst: last.shownFirst, stored: 1, asking: false) }
        if last.choice == nil, !last.isGivenUp { return Next(pair: last.number, shownFirst: last.shownFirst, stored: 2, asking: true) }
        let number = last.number + 1
        return Next(pair: number, shownFirst: Self.shownFirst(pair: number, seed: seed), stored: 0, asking: false)
    }

    /// Drops the pair with the gesture `trace` (a slip, docs/lab.md "A slip
    /// does not count") when it is the last pair: that pair is done again,
    /// both its gestures, in the same order. Returns whether a pair was dropped.
    @discardableResult
    package mutating func discard(trace: String) -> Bool {
        guard let last = pairs.last, last.traces.values.contains(where: { $0.name == trace }) else { return false }
        pairs.removeLast()
        return true
    }

    /// Pairs made and answered, and made but not answered.
    package var counts: (answered: Int, unanswered: Int) {
        let made = pairs.filter(\.isMade)
        let answered = made.filter { $0.choice != nil }.count
        return (answered, made.count - answered)
    }
}

extension LabPairs.Next {
    /// What the page does next, as the page reads it: `{"pair", "config",
    /// "stored", "asking"}`, where `config` is the config of the pair's next
    /// gesture (`a` or `b`; once both are stored, the first's).
    package var json: String {
        let side = stored == 1 ? shownFirst.other : shownFirst
        return "{\"pair\": \(pair), \"config\": \"\(side.rawValue)\", \"stored\": \(stored), \"asking\": \(asking)}"
    }
}

/// A gesture or an answer that does not fit the session's pairs (400, nothing stored).
package enum LabPairError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A gesture of an A/B session without `meta.pair` or `meta.task`.
    case missing(key: String)
    /// A gesture for a pair that is neither the one under way nor the next.
    case notNext(pair: Int, next: Int)
    /// A third gesture for a pair.
    case alreadyMade(pair: Int)
    /// A pair's second gesture for another task than its first.
    case otherTask(pair: Int, task: String, expected: String)
    /// An answer for a pair the session did not make (unknown, or one gesture only).
    case notMade(pair: Int)
    /// A second answer for a pair.
    case answered(pair: Int)
    /// A body that is not `{"pair": N, "answer": "first" | "second" | "same"}`.
    case invalidAnswer(key: String, reason: String)
    /// `POST /preferences` in a session that compares nothing.
    case noPairs
    /// The pair's gesture or run was deleted before its answer (409, nothing stored).
    case deleted(pair: Int, what: String)

    package var description: String {
        switch self {
        case .missing(let key): "\(key): a gesture of a session that compares two configs names its \(key == "meta.pair" ? "pair (a number from 1)" : "task")"
        case .notNext(let pair, let next): "meta.pair: pair \(pair) is not the one to do now; pair \(next) is"
        case .alreadyMade(let pair): "meta.pair: pair \(pair) has both its gestures"
        case .otherTask(let pair, let task, let expected):
            "meta.task: pair \(pair) is the task \(JSONWriter.string(expected)), not \(JSONWriter.string(task))"
        case .notMade(let pair): "pair: this session did not make pair \(pair) (both its gestures stored)"
        case .answered(let pair): "pair: pair \(pair) is answered already"
        case .invalidAnswer(let key, let reason): "\(key): \(reason)"
        case .deleted(let pair, let what):
            "pair: pair \(pair) cannot be answered: \(what) was deleted since (its run deleted, or the trace deleted by hand); nothing was stored, go on with the next pair"
        case .noPairs: "this lab compares no configs: start it with a second config to compare with its own"
        }
    }
}
