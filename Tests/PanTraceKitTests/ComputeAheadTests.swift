import Testing

@testable import PanTraceKit

/// Values computed ahead arrive in order, all of them, and an error stops the work.
@Suite struct ComputeAheadTests {
    @Test(arguments: [0, 1, 255, 256, 257, 1000])
    func everyValueArrivesInOrder(count: Int) throws {
        var seen: [Int] = []
        try ComputeAhead.forEach(count, batchSize: 256, { $0 * 3 }) { seen.append($0) }
        #expect(seen == (0..<count).map { $0 * 3 })
    }

    struct Stop: Error {}

    @Test func anErrorOfTheConsumerIsRethrownAndStopsIt() {
        var seen = 0
        #expect(throws: Stop.self) {
            try ComputeAhead.forEach(10_000, batchSize: 16, { $0 }) { value in
                seen += 1
                if value == 100 { throw Stop() }
            }
        }
        #expect(seen == 101)
    }

    /// `map` over a streamed source (replay's rows): every value, transformed, in order.
    @Test(arguments: [0, 1, 255, 256, 257, 511, 512, 513, 1000])
    func everyStreamedValueArrivesTransformedInOrder(count: Int) throws {
        var seen: [Int] = []
        try ComputeAhead.map(batches: { $0.map { $0 * 3 } }, batchSize: 256, over: { add in for index in 0..<count { try add(index) } }) {
            #expect($1 == $0 * 3)
            seen.append($1)
        }
        #expect(seen == (0..<count).map { $0 * 3 })
    }

    @Test func anErrorOfTheStreamedConsumerIsRethrownAndStopsIt() {
        var seen = 0
        var read = 0
        #expect(throws: Stop.self) {
            try ComputeAhead.map(batches: { $0 }, batchSize: 16, over: { add in
                for index in 0..<10_000 {
                    read += 1
                    try add(index)
                }
            }) { _, value in
                seen += 1
                if value == 100 { throw Stop() }
            }
        }
        #expect(seen == 101)
        // The reading stopped with the consumer, at most two batches ahead of it.
        #expect(read <= 101 + 2 * 16)
    }

    struct ReadFailed: Error, Equatable { var at: Int }
    struct Consumed: Error, Equatable { var value: Int }

    /// As in a plain loop: the values read before a failed read are consumed
    /// first, so that an error of one of them wins over the read's.
    @Test(arguments: [0, 5, 15, 16, 17, 40, 47, 48, 100])
    func aFailedReadComesAfterEveryValueReadBeforeIt(failingAt: Int) throws {
        var seen: [Int] = []
        #expect(throws: ReadFailed(at: failingAt)) {
            try ComputeAhead.map(batches: { $0.map { $0 + 1 } }, batchSize: 16, over: { add in
                for index in 0..<failingAt { try add(index) }
                throw ReadFailed(at: failingAt)
            }) { seen.append($1) }
        }
        #expect(seen == (0..<failingAt).map { $0 + 1 })

        // A consumer error among those values is the one thrown.
        #expect(throws: Consumed(value: 3)) {
            try ComputeAhead.map(batches: { $0 }, batchSize: 16, over: { add in
                for index in 0..<max(failingAt, 4) { try add(index) }
                throw ReadFailed(at: failingAt)
            }) { _, value in if value == 3 { throw Consumed(value: 3) } }
        }
    }

    /// Reading on the worker (replay and export, through a connection of
    /// their own): every value, transformed, in order, however the batches fall.
    @Test(arguments: [0, 1, 15, 16, 17, 47, 48, 49, 1000])
    func everyValueReadOnTheWorkerArrivesTransformedInOrder(count: Int) throws {
        var seen: [Int] = []
        try ComputeAhead.map(batches: { $0.map { $0 * 3 } }, batchSize: 16, readingOnWorker: { add in
            for index in 0..<count { try add(index) }
        }) {
            #expect($1 == $0 * 3)
            seen.append($1)
        }
        #expect(seen == (0..<count).map { $0 * 3 })
    }

    /// The consumer's error stops the worker's reading, a few batches on at most.
    @Test func anErrorOfTheConsumerStopsTheReadingWorker() {
        let read = Counter()
        var seen = 0
        #expect(throws: Stop.self) {
            try ComputeAhead.map(batches: { $0 }, batchSize: 16, capacity: 2, readingOnWorker: { add in
                for index in 0..<100_000 {
                    read.add()
                    try add(index)
                }
            }) { _, value in
                seen += 1
                if value == 100 { throw Stop() }
            }
        }
        #expect(seen == 101)
        // Two batches waiting, one being filled, and the one consumed: the worker was waited for.
        #expect(read.value <= 101 + 4 * 16)
    }

    @Test(arguments: [0, 5, 15, 16, 17, 40, 47, 48, 100])
    func aFailedReadOnTheWorkerComesAfterEveryValueReadBeforeIt(failingAt: Int) throws {
        var seen: [Int] = []
        #expect(throws: ReadFailed(at: failingAt)) {
            try ComputeAhead.map(batches: { $0.map { $0 + 1 } }, batchSize: 16, readingOnWorker: { add in
                for index in 0..<failingAt { try add(index) }
                throw ReadFailed(at: failingAt)
            }) { seen.append($1) }
        }
        #expect(seen == (0..<failingAt).map { $0 + 1 })

        #expect(throws: Consumed(value: 3)) {
            try ComputeAhead.map(batches: { $0 }, batchSize: 16, readingOnWorker: { add in
                for index in 0..<max(failingAt, 4) { try add(index) }
                throw ReadFailed(at: failingAt)
            }) { _, value in if value == 3 { throw Consumed(value: 3) } }
        }
    }

    /// A count the worker keeps and the test reads once the worker has been waited for.
    final class Counter: @unchecked Sendable {
        private(set) var value = 0
        func add() { value += 1 }
    }
}
