import Testing
@testable import PanTraceModel

@Suite struct ConfigOverrideTests {
    private func applying(_ overrides: [String], to base: Config = Config()) throws(ConfigError) -> Config {
        var config = base
        try config.apply(overrides: overrides)
        return config
    }

    private func failure(_ overrides: [String]) -> ConfigError? {
        do {
            _ = try applying(overrides)
            return nil
        } catch {
            return error
        }
    }

    @Test func appendsOverridesToTheNameAsTyped() throws {
        #expect(try applying(["threshold=0.3"]).name == "baseline threshold=0.3")
        let two = try applying(["threshold=0.30", "decision=velocity"])
        #expect(two.name == "baseline threshold=0.30 decision=velocity")
        #expect(two.threshold == 0.3)
        #expect(two.decision == .velocity)
        #expect(try applying([]) == Config())
    }

    @Test func anOverriddenNameIsTakenAsIs() throws {
        #expect(try applying(["threshold=0.3", "name=candidate"]).name == "candidate")
        #expect(try applying(["name=candidate", "threshold=0.3"]).name == "candidate")
        #expect(try applying(["name=a=b c"]).name == "a=b c")
    }

    @Test func readsEachKeyAsItsType() throws {
        let config = try applying([
            "name=all", "interaction=pull-up-present", "touchSlop=0", "maximumNumberOfTouches=2", "extent=640", "threshold=.25",
            "flickVelocity=1.2e3", "decelerationRate=0.99", "velocityEstimator=lastSegment", "scrollGating=none",
            "lockScroll=true", "guarded=false", "duration=0.3", "completionSpeed=1.5", "curve=easeOut",
        ])
        #expect(config.interaction == .pullUpPresent)
        #expect(config.touchSlop == 0)
        #expect(config.maximumNumberOfTouches == 2)
        #expect(config.extent == 640)
        #expect(config.threshold == 0.25)
        #expect(config.flickVelocity == 1200)
        #expect(config.decelerationRate == 0.99)
        #expect(config.velocityEstimator == .lastSegment)
        #expect(config.scrollGating == ScrollGating.none)
        #expect(config.lockScroll)
        #expect(!config.guarded)
        #expect(config.duration == 0.3)
        #expect(config.completionSpeed == 1.5)
        #expect(config.curve == .easeOut)
        #expect(try applying(["extent=300", "extent=auto"]).extent == nil)
    }

    @Test(arguments: [
        ("threshold", "", "expected key=value, e.g. threshold=0.3"),
        ("treshold=0.3", "treshold", "unknown key (did you mean `threshold`?)"),
        ("=0.3", "", "unknown key"),
        ("threshold=abc", "threshold", #"expected a number > 0, found "abc""#),
        ("threshold=1.5", "threshold", "must be > 0 and ≤ 1, found 1.5"),
        ("threshold=nan", "threshold", "expected a number"),
        ("flickVelocity=inf", "flickVelocity", "expected a number"),
        ("duration=0x1p-2", "duration", "expected a number"),
        ("touchSlop=", "touchSlop", #"found """#),
        ("maximumNumberOfTouches=1.5", "maximumNumberOfTouches", "must be an integer ≥ 1, found 1.5"),
        ("maximumNumberOfTouches=9007199254740993", "maximumNumberOfTouches", "of at most 9007199254740992 (2^53)"),
        ("maximumNumberOfTouches=1.0000000000000000001", "maximumNumberOfTouches", "only holds rounded (to 1)"),
        ("extent=0", "extent", "must be `auto` or a number > 0, found 0"),
        ("extent=Auto", "extent", "expected `auto` or a number > 0"),
        ("lockScroll=yes", "lockScroll", "expected `true` or `false`"),
        ("guarded=1", "guarded", "expected `true` or `false`"),
        ("curve=ease-out", "curve", "expected one of `linear`, `easeIn`, `easeOut`, `easeInOut`"),
        ("name=", "name", "must be 1–100 characters, found 0"),
    ])
    func rejectsBadOverridesAsUsageErrors(override: String, key: String, reason: String) throws {
        let error = try #require(failure(["decision=velocity", override]))
        #expect(error.kind == .usage)
        #expect(error.isUsage)
        #expect(error.override == override)
        #expect(error.key == key)
        #expect(error.reason.contains(reason), "\(error)")
    }

    @Test func describesTheOverride() throws {
        let error = try #require(failure(["treshold=0.3"]))
        #expect(error.description == "override treshold=0.3: treshold: unknown key (did you mean `threshold`?)")
    }

    @Test func aFailedBatchChangesNothing() {
        var config = Config()
        #expect(throws: ConfigError.self) { try config.apply(overrides: ["threshold=0.3", "curve=bouncy"]) }
        #expect(config == Config())
    }

    @Test func applyingOneOverrideLeavesTheName() throws {
        var config = Config()
        try config.apply(override: "threshold=0.3")
        #expect(config.name == "baseline")
        #expect(config.threshold == 0.3)
    }

    @Test func refusesANameThatGrowsTooLong() throws {
        let long = Array(repeating: "threshold=0.35", count: 7)
        let error = try #require(failure(long))
        #expect(error.key == "name")
        #expect(error.isUsage)
        #expect(try applying(long + ["name=short"]).name == "short")
    }

    @Test func listsDifferencesInKeyOrder() throws {
        let baseline = Config()
        let candidate = try applying(["curve=easeIn", "threshold=0.3", "extent=500"], to: baseline)
        #expect(candidate.differences(from: baseline) == [
            Config.Difference(key: "extent", old: "auto", new: "500"),
            Config.Difference(key: "threshold", old: "0.4", new: "0.3"),
            Config.Difference(key: "curve", old: "linear", new: "easeIn"),
        ])
        #expect(baseline.differences(from: baseline).isEmpty)
        var renamed = baseline
        renamed.name = "other"
        #expect(renamed.differences(from: baseline).isEmpty)
    }
}
