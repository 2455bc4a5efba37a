import PropertyBased
import Testing
@testable import PanTraceCore
@testable import PanTraceModel

/// Every sweep is bounded by construction and has no value
/// twice (docs/configs.md, "Sweeps"); `FROM + i × STEP` while `≤ TO + STEP × 1e-9`
/// still reads ordinary ranges.
@Suite struct SweepBoundTests {
    private func failure(_ text: String) -> SweepError? {
        do {
            _ = try Sweep(parsing: text)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        // FROM + i × STEP never grows: these looped forever.
        "threshold=1:1:5e-324", "flickVelocity=1000:1000:1e-25",
        // 2,776 candidates of one value.
        "threshold=0.3:0.3:1e-20",
        // 2^53 + 1 is 2^53 in doubles.
        "flickVelocity=9007199254740992:9007199254740994:1",
        // Distinct at first, one double later on (2^53 − 1, 2^53, then 2^53 + 1 = 2^53).
        "flickVelocity=9007199254740991:9007199254740999:1",
    ])
    func aStepThatRepeatsAValueIsRefusedByKey(_ text: String) throws {
        let error = try #require(failure(text))
        #expect(error.key == String(text.prefix { $0 != "=" }))
        #expect(error.reason.contains("the same double"), "\(error)")
    }

    @Test func aRangeNumberThatRoundsToZeroIsRefused() throws {
        #expect(try #require(failure("touchSlop=1e-400:5:1")).reason.contains("FROM \"1e-400\" is too small for a double"))
        #expect(try #require(failure("touchSlop=0:5:1e-400")).reason.contains("STEP \"1e-400\" is too small"))
        #expect(failure("touchSlop=0e-400:2:1") == nil)
    }

    @Test func aListedValueGivenTwiceIsRefused() throws {
        let error = try #require(failure("threshold=0.3,0.4,0.30"))
        #expect(error.key == "threshold")
        #expect(error.reason.contains("0.3 is listed twice (values 1 and 3)"), "\(error)")
        #expect(failure("decision=velocity,threshold,velocity") != nil)
        #expect(failure("threshold=0.3,0.4") == nil)
    }

    @Test func moreThanAMillionValuesIsRefusedWhateverTheSpan() throws {
        #expect(try #require(failure("threshold=0.01:1:1e-15")).reason.contains("more than 1000000 values"))
        #expect(try #require(failure("flickVelocity=1:1e300:1")).reason.contains("more than 1000000 values"))
        // Distinct denormals, 10^10 of them.
        #expect(try #require(failure("touchSlop=0:1e-300:1e-310")).reason.contains("more than 1000000 values"))
    }

    /// The count is exactly the number of `i` with `FROM + i × STEP ≤ TO + STEP × 1e-9`,
    /// and the values strictly increase, for any FROM and STEP (or the sweep is refused).
    @Test func theCountIsTheRuleAndTheValuesIncrease() async {
        let steps = [Double.leastNonzeroMagnitude, 1e-20, 1e-9, 0.001, 0.05, 0.1, 0.3, 1, 7, 250, 1e15]
        await propertyCheck(
            count: 300, input: Gen<Double>.double(in: 0.0001...3000), Gen.int(in: 0...(steps.count - 1)), Gen.int(in: 0...60)
        ) { from, stepIndex, multiple in
            let step = steps[stepIndex]
            let to = from + Double(multiple) * step
            let text = "touchSlop=\(JSONWriter.number(from)):\(JSONWriter.number(to)):\(JSONWriter.number(step))"
            let limit = to + step * 1e-9
            do throws(SweepError) {
                let sweep = try Sweep(parsing: text)
                // Counted only for a sweep taken: one refused for a repeated value (a step
                // below the values' spacing) would count to the million first.
                var expected = 0
                while expected <= Sweep.maximumCombinations, from + Double(expected) * step <= limit { expected += 1 }
                #expect(sweep.values.count == expected, "\(text)")
                let numbers = sweep.values.compactMap(Double.init)
                #expect(numbers.count == sweep.values.count)
                #expect(zip(numbers, numbers.dropFirst()).allSatisfy { $0 < $1 }, "\(text)")
            } catch {
                // Refused only for a repeated value (or too many).
                #expect(error.reason.contains("the same double") || error.reason.contains("more than"), "\(text): \(error)")
            }
        }
    }
}
