import Testing
@testable import PanTraceModel

/// Every estimator of docs/configs.md's `velocityEstimator` row is a word a config file,
/// a `--set` override and the stored canonical JSON accept, and round-trips.
@Suite struct EstimatorWordTests {
    @Test(arguments: VelocityEstimator.allCases)
    func isAcceptedEverywhere(estimator: VelocityEstimator) throws {
        let word = estimator.rawValue
        let fromFile = try Config(json: Array(#"{"velocityEstimator": "\#(word)"}"#.utf8))
        #expect(fromFile.velocityEstimator == estimator)
        var overridden = Config()
        try overridden.apply(overrides: ["velocityEstimator=\(word)"])
        #expect(overridden.velocityEstimator == estimator)
        #expect(overridden.name == "baseline velocityEstimator=\(word)")
        let stored = try Config(canonicalJSON: overridden.canonicalJSON())
        #expect(stored == overridden)
        #expect(overridden.setting("velocityEstimator") == word)
    }
}
