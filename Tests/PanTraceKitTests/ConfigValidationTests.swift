import Foundation
import PanTraceCore
import PanTraceKit
import PanTraceModel
import PanTraceStore
import PropertyBased
import Testing

/// One typed value that no config file or `--set` can give.
struct TypedValueCase: CustomTestStringConvertible, Sendable {
    var key: String
    /// The value as `--set` would spell it.
    var text: String
    var testDescription: String { "\(key) = \(text)" }

    init(_ key: String, _ text: String) {
        self.key = key
        self.text = text
    }

    /// The defaults with this value set through the typed API.
    func config() throws -> Config {
        var config = Config()
        let number = Double(text) ?? .nan
        switch key {
        case "name": config.name = text
        case "touchSlop": config.touchSlop = number
        case "maximumNumberOfTouches": config.maximumNumberOfTouches = Int(number)
        case "extent": config.extent = number
        case "threshold": config.threshold = number
        case "flickVelocity": config.flickVelocity = number
        case "decelerationRate": config.decelerationRate = number
        case "duration": config.duration = number
        case "completionSpeed": config.completionSpeed = number
        default: throw CaseError(key: key)
        }
        return config
    }

    struct CaseError: Error { var key: String }
}

/// docs/configs.md at the library's entry points: a typed `Config` that
/// breaks a key's range is refused by `Config.validate()`, by record,
/// replay, regress and tune, with the words `--set` gives for the same
/// value, and nothing is stored.
@Suite struct ConfigValidationTests {
    typealias Case = TypedValueCase

    static let cases: [Case] = [
        Case("threshold", "40"), Case("threshold", "0"), Case("threshold", "-0.5"), Case("touchSlop", "-1"),
        Case("maximumNumberOfTouches", "0"), Case("extent", "0"), Case("extent", "-393"), Case("flickVelocity", "0"),
        Case("decelerationRate", "1"), Case("decelerationRate", "0"), Case("duration", "0"), Case("completionSpeed", "-2"),
        Case("name", ""), Case("name", String(repeating: "x", count: 101)),
    ]

    /// The error the command line gives for `--set key=text` on the defaults.
    static func commandLineError(_ test: Case) throws -> ConfigError {
        do {
            _ = try ConfigSource(overrides: ["name=typed", "\(test.key)=\(test.text)"]).resolve()
        } catch let error as ConfigError {
            return error
        }
        throw Case.CaseError(key: test.key)
    }

    @Test(arguments: cases)
    func aTypedValueIsRefusedInTheCommandLinesWords(_ test: Case) throws {
        let config = try test.config()
        let expected = try Self.commandLineError(test)
        let error = try #require(throws: InvalidConfigError.self) { try config.validate() }
        #expect(error.key == test.key)
        #expect(error.key == expected.key)
        #expect(error.reason == expected.reason)
        #expect(error.value == test.text)
        #expect(error.config == config.name)
        #expect("\(error)".hasSuffix("\(test.key): \(expected.reason)"))
    }

    /// The issue's case, pinned: the key, the value and the allowed range.
    @Test func thresholdFortyNamesKeyValueAndRange() throws {
        var config = try ConfigSource(overrides: []).resolve()
        config.threshold = 40
        let error = try #require(throws: InvalidConfigError.self) { try config.validate() }
        #expect(error.key == "threshold")
        #expect(error.value == "40")
        let reason = "must be > 0 and ≤ 1, found 40: with thresholdUnit: fraction it is a fraction of the extent; with thresholdUnit: points it is a distance"
        #expect(error.reason == reason)
        #expect(error.allowed == "> 0 and ≤ 1")
        #expect("\(error)" == #"config "baseline": threshold: "# + reason)
    }

    /// JSON has no NaN or infinity: such a value cannot be stored, and is refused.
    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func aNumberThatIsNotFiniteIsRefused(_ value: Double) throws {
        var config = Config()
        config.flickVelocity = value
        let error = try #require(throws: InvalidConfigError.self) { try config.validate() }
        #expect(error.key == "flickVelocity")
        #expect(error.reason.contains("not finite"), "\(error)")
    }

    /// The defaults and every bundled config pass, and `validated()` returns them unchanged.
    @Test func validConfigsPass() throws {
        #expect(try Config().validated() == Config())
        let folder = Workspace.repositoryRoot.appending(path: "Fixtures/configs")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        try #require(!files.isEmpty)
        for file in files {
            let config = try Config.load(path: folder.appending(path: file).path)
            #expect(try config.validated() == config, "\(file)")
        }
    }

    /// For any threshold, the library accepts exactly what `--set` accepts,
    /// and what it accepts reads back as the same config (what the store keeps).
    @Test func theLibraryAcceptsWhatTheCommandLineAccepts() async {
        await propertyCheck(count: 300, input: Gen.double(in: -0.5...1.5), Gen.double(in: -5...5)) { threshold, slop in
            var config = Config()
            config.threshold = threshold
            config.touchSlop = slop
            // In docs/configs.md's key order, the order both readers check in.
            let text = ["touchSlop=\(JSONWriter.number(slop))", "threshold=\(JSONWriter.number(threshold))"]
            let commandLine = Result<Config, Error> { try ConfigSource(overrides: text).resolve() }
            let library = Result<Config, Error> { try config.validated() }
            switch (commandLine, library) {
            case (.success, .success(let valid)):
                #expect((try? Config(canonicalJSON: valid.canonicalJSON())) == valid)
            case (.failure(let cli as ConfigError), .failure(let lib as InvalidConfigError)):
                #expect(cli.key == lib.key && cli.reason == lib.reason)
            default:
                Issue.record("threshold \(threshold), touchSlop \(slop): --set \(commandLine), library \(library)")
            }
        }
    }

    /// Recording under a bad typed config into a new database stores nothing.
    @Test func recordStoresNothing() throws {
        let workspace = try Workspace()
        var config = Config()
        config.threshold = 40
        do {
            let store = try Store(path: workspace.db)
            let error = try #require(throws: InvalidConfigError.self) {
                try Recorder(config: config, synthetic: SyntheticTraces(count: 20, seed: 1)).record(into: store)
            }
            #expect(error.key == "threshold")
            #expect(try store.runs().isEmpty)
            var traces = 0
            try store.forEachTrace(.all) { _, _ in traces += 1 }
            #expect(traces == 0)
        }
    }

    /// The issue's sequence: a replay (and a regression) under `threshold = 40`
    /// is refused, and the database is byte for byte what it was.
    @Test func replayAndRegressStoreNothing() throws {
        let workspace = try Workspace.seeded()
        let before = try #require(try workspace.databaseBytes())
        var config = try ConfigSource(overrides: []).resolve()
        config.threshold = 40
        do {
            let store = try Store(path: workspace.db)
            let replay = try #require(throws: InvalidConfigError.self) { try Replayer(config: config).replay(in: store) }
            #expect(replay.key == "threshold" && replay.value == "40")
            let regression = Regression(replayer: Replayer(config: config), accept: true)
            #expect(throws: InvalidConfigError.self) { try regression.replay(in: store) }
            // The store's own door: no run of a config its reader would refuse.
            #expect(throws: InvalidConfigError.self) { try store.beginRun(.replay, config: config) }
            #expect(try store.runs().count == 2)
        }
        #expect(try workspace.databaseBytes() == before)
    }

    /// A tune whose base config is a bad typed config is refused before any trace is read.
    @Test func tuneRefusesABadBase() throws {
        let workspace = try Workspace.seeded()
        var config = Config()
        config.decelerationRate = 1
        let store = try Store(path: workspace.db, readOnly: true)
        let tuner = Tuner(sweeps: ["threshold=0.3,0.5"])
        let grid = try TuningGrid(base: config, sweeping: tuner.sweeps)
        let error = try #require(throws: InvalidConfigError.self) { try tuner.tune(grid, in: store) }
        #expect(error.key == "decelerationRate")
        #expect(error.reason == "must be > 0 and < 1, found 1")
    }
}
