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
}
