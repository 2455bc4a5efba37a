import Testing
@testable import PanTraceCore
@testable import PanTraceModel

/// docs/commands.md §7.5 sweeps: `KEY=FROM:TO:STEP`, `KEY=V1,V2,…`, and every refusal (usage errors, exit 64).
@Suite struct SweepTests {
    private func failure(_ texts: [String]) -> SweepError? {
        do {
            _ = try TuningGrid(base: Config(), sweeping: texts)
            return nil
        } catch {
            return error
        }
    }

    @Test func rangesFollowTheToleranceRule() throws {
        // 0.2 + 4 × 0.1 = 0.6000000000000001 in doubles, within TO + STEP × 1e-9: 5 values.
        #expect(try Sweep(parsing: "threshold=0.2:0.6:0.1").values == ["0.2", "0.3", "0.4", "0.5", "0.6"])
        // (0.95 − 0.05) / 0.01 + 1 = 91; (3000 − 200) / 50 + 1 = 57.
        let fine = try Sweep(parsing: "threshold=0.05:0.95:0.01")
        #expect(fine.values.count == 91)
        #expect(fine.values.first == "0.05" && fine.values.last == "0.95")
        let flick = try Sweep(parsing: "flickVelocity=200:3000:50")
        #expect(flick.values.count == 57)
        #expect(flick.values[1] == "250" && flick.values.last == "3000")
        // A TO that the steps do not reach exactly: 0, 0.3, 0.6, 0.9.
        #expect(try Sweep(parsing: "touchSlop=0:1:0.3").values == ["0", "0.3", "0.6", "0.9"])
        #expect(try Sweep(parsing: "threshold=0.4:0.4:0.1").values == ["0.4"])
    }

    @Test func rangeValuesAreTheDecimalsTyped() throws {
        // 0.2 + 1 × 0.1 is 0.30000000000000004 in doubles; the sweep means 0.3,
        // the same value `--set threshold=0.3` gives.
        let values = try Sweep(parsing: "threshold=0.2:0.6:0.1").values
        var config = Config()
        try config.apply(override: "threshold=" + values[1])
        #expect(config.threshold == 0.3)
        #expect(try Sweep(parsing: "threshold=.05:9.5e-1:1e-2").values[25] == "0.3")
        #expect(try Sweep(parsing: "extent=250:1e3:250").values == ["250", "500", "750", "1000"])
    }

    @Test func listsTakeAnyKeyOfSection5() throws {
        #expect(try Sweep(parsing: "decision=threshold,velocity").values == ["threshold", "velocity"])
        #expect(try Sweep(parsing: "velocityEstimator=lsq2,lastSegment").values == ["lsq2", "lastSegment"])
        #expect(try Sweep(parsing: "threshold=.3,0.35").values == ["0.3", "0.35"])
        #expect(try Sweep(parsing: "extent=auto,640").values == ["auto", "640"])
        #expect(try Sweep(parsing: "guarded=true,false").values == ["true", "false"])
        #expect(try Sweep(parsing: "interaction=swipe-back").values == ["swipe-back"])
        #expect(try Sweep(parsing: "maximumNumberOfTouches=1:3:1").values == ["1", "2", "3"])
    }

    @Test func sweepsCarryTypedValues() throws {
        // docs/configs.md: each value typed as the key holds it, and written into a candidate from that type.
        #expect(try Sweep(parsing: "threshold=0.2:0.4:0.1").settings == [.number(0.2), .number(0.3), .number(0.4)])
        #expect(try Sweep(parsing: "decision=threshold,velocity").settings == [.word("threshold"), .word("velocity")])
        #expect(try Sweep(parsing: "extent=auto,640").settings == [.extent(nil), .extent(640)])
        #expect(try Sweep(parsing: "guarded=true,false").settings == [.boolean(true), .boolean(false)])
        #expect(try Sweep(parsing: "maxSteps=0:2:1").settings == [.integer(0), .integer(1), .integer(2)])
        #expect(try Sweep(parsing: "stepVelocity=0:1000:500").settings == [.number(0), .number(500), .number(1000)])
        let grid = try TuningGrid(base: Config(), sweeping: ["maxSteps=0,2", "stepVelocity=750", "extent=auto,640"])
        let config = grid.config(at: 3)
        #expect(config.maxSteps == 2 && config.stepVelocity == 750 && config.extent == 640)
        #expect(grid.config(at: 0).extent == nil && grid.config(at: 0).maxSteps == 0)
        // docs/configs.md: a threshold swept over points is checked against the base's unit.
        let points = try Config(json: Array(#"{"threshold": 56, "thresholdUnit": "points"}"#.utf8))
        #expect(throws: SweepError.self) { try TuningGrid(base: Config(), sweeping: ["threshold=40:60:10"]) }
        #expect(throws: Never.self) { try TuningGrid(base: points, sweeping: ["threshold=40:60:10"]) }
    }

    /// Every key's typed value reads back what it wrote, and its text is what `--set` takes.
    @Test func everyKeysTypedValueRoundTrips() throws {
        var source = try Preset.named("uikit-sheet").config
        source.maxSteps = 2
        source.extent = 640.5
        source.guarded = true
        for key in ConfigKey.all {
            var target = Config()
            key.assign(key.value(in: source), to: &target)
            #expect(key.value(in: target) == key.value(in: source), "\(key.name)")
            #expect(key.value(in: source).text == key.text(in: source), "\(key.name)")
            #expect(key.value(in: source).json == key.json(in: source), "\(key.name)")
        }
        // A value of another kind changes nothing.
        var config = Config()
        ConfigKey.named("threshold")?.assign(.word("velocity"), to: &config)
        #expect(config == Config())
    }

    @Test func candidatesVaryTheFirstSweepSlowest() throws {
        let grid = try TuningGrid(base: Config(), sweeping: ["threshold=0.3,0.4", "decision=threshold,velocity,projection"])
        #expect(grid.count == 6)
        #expect(grid.settings(at: 0).map(\.value) == ["0.3", "threshold"])
        #expect(grid.settings(at: 2).map(\.value) == ["0.3", "projection"])
        #expect(grid.settings(at: 3).map(\.value) == ["0.4", "threshold"])
        let config = grid.config(at: 4)
        #expect(config.threshold == 0.4 && config.decision == .velocity && config.name == "baseline")
    }

    @Test(arguments: [
        // (sweeps, key named, words the reason must contain)
        (["treshold=0.2:0.6:0.1"], "treshold", "did you mean `threshold`"),
        (["flickvelocity=200,300"], "flickvelocity", "did you mean `flickVelocity`"),
        (["threshold=0:1:0.1"], "threshold", "must be > 0, found 0"),
        (["threshold=0.5,1.5"], "threshold", "must be > 0 and ≤ 1, found 1.5"),
        (["decelerationRate=0.99:1:0.005"], "decelerationRate", "must be > 0 and < 1, found 1"),
        (["decision=threshold,flick"], "decision", "expected one of `threshold`, `velocity`, `projection`, `lookahead`"),
        (["maximumNumberOfTouches=1:2:0.5"], "maximumNumberOfTouches", "must be an integer ≥ 1, found 1.5"),
        (["threshold=0.6:0.2:0.1"], "threshold", "the range is empty"),
        (["threshold=0.2:0.6:0"], "threshold", "the step must be > 0, found 0"),
        (["threshold=0.2:0.6:-0.1"], "threshold", "the step must be > 0, found -0.1"),
        (["threshold=0.2:0.6"], "threshold", "expected FROM:TO:STEP"),
        (["threshold=0.2:x:0.1"], "threshold", "TO \"x\" is not a number"),
        (["threshold=nan:1:0.1"], "threshold", "FROM \"nan\" is not a number"),
        (["threshold="], "threshold", "no values"),
        (["threshold=0.3,,0.4"], "threshold", "expected a number > 0"),
        (["decision=threshold:velocity:1"], "decision", "takes words, not a range"),
        (["threshold=0.0000001:1:0.0000001"], "threshold", "more than 1000000 values"),
        (["name=a,b"], "name", "cannot be swept"),
        (["threshold"], "", "expected KEY=FROM:TO:STEP"),
        (["threshold=0.3", "threshold=0.4"], "threshold", "swept twice"),
        (["threshold=0.3", "touchSlop=1", "curve=linear", "guarded=true"], "", "4 sweeps, at most 3"),
        (["touchSlop=0:999:1", "flickVelocity=1:1000:1", "guarded=true,false"], "", "1000 × 1000 × 2 is more than 1000000"),
        ([], "", "at least one sweep"),
    ])
    func refusesByKey(_ sweeps: [String], _ key: String, _ words: String) throws {
        let error = try #require(failure(sweeps))
        #expect(error.key == key)
        #expect(error.reason.contains(words), "\(error)")
        #expect(error.description.hasPrefix("sweep"))
    }

    @Test func aMillionCandidatesIsTheLimitNotBeyond() throws {
        // 1000 × 1000 = 1,000,000 is allowed; the 2 × more above is not.
        let grid = try TuningGrid(base: Config(), sweeping: ["touchSlop=0:999:1", "flickVelocity=1:1000:1"])
        #expect(grid.count == 1_000_000)
    }
}
