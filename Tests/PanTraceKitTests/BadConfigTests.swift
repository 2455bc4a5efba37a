import Foundation
import PanTraceKit
import PanTraceModel
import Testing

/// One bad config file (`--config`, docs/configs.md): exit 65 naming file, line and key.
struct BadConfigCase: CustomTestStringConvertible, Sendable {
    var label: String
    var text: String
    var line: Int
    var key: String
    var reason: String
    /// The subcommand that reads it.
    var command: String

    init(_ label: String, _ text: String, line: Int = 1, key: String, _ reason: String, command: String = "record") {
        self.label = label
        self.text = text
        self.line = line
        self.key = key
        self.reason = reason
        self.command = command
    }

    var testDescription: String { label }
}

/// One bad `--set key=value` (docs/configs.md, docs/commands.md §7.4): exit 64 naming the override and the key.
struct BadOverrideCase: CustomTestStringConvertible, Sendable {
    var override: String
    var key: String
    var reason: String
    var command: String = "record"

    var testDescription: String { "--set \(override) (\(command))" }
}

/// docs/configs.md and docs/commands.md §7.4 in-process: a misspelt, mistyped or out-of-range setting is
/// never ignored. A bad file is invalid data (exit 65) and a bad `--set` a
/// usage error (exit 64): `ConfigError.isUsage` says which, and PanTraceCLITests'
/// FailureMappingTests pins the statuses. The command line resolves the config
/// before it opens the database (PanTraceCLITests/BadInputConfigTests).
@Suite struct BadConfigTests {
    typealias Case = BadConfigCase

    static let cases: [Case] = [
        Case("misspelt threshold", #"{"treshold": 0.3}"#, key: "treshold", "did you mean `threshold`"),
        Case("misspelt key on line 4", "{\n  \"name\": \"tuned\",\n  \"threshold\": 0.3,\n  \"flickVelocty\": 900\n}\n", line: 4,
            key: "flickVelocty", "did you mean `flickVelocity`"),
        Case("unknown key", #"{"colour": "red"}"#, key: "colour", "unknown key"),
        Case("key in the wrong case", #"{"Threshold": 0.3}"#, key: "Threshold", "unknown key"),
        Case("string number", #"{"threshold": "0.3"}"#, key: "threshold", "expected a number"),
        Case("string boolean", #"{"lockScroll": "yes"}"#, key: "lockScroll", "`true` or `false`"),
        Case("number boolean", #"{"guarded": 1}"#, key: "guarded", "`true` or `false`"),
        Case("fractional touches", #"{"maximumNumberOfTouches": 1.5}"#, key: "maximumNumberOfTouches", "integer"),
        Case("extent word", #"{"extent": "full"}"#, key: "extent", "`auto` or a number"),
        Case("decision number", #"{"decision": 1}"#, key: "decision", "one of `threshold`"),
        Case("unknown decision", #"{"decision": "fast"}"#, key: "decision", "one of `threshold`"),
        Case("unknown curve", #"{"curve": "spring"}"#, key: "curve", "`easeInOut`"),
        Case("name number", #"{"name": 7}"#, key: "name", "expected a string"),
        Case("empty name", #"{"name": ""}"#, key: "name", "1–100 characters"),
        Case("101-character name", #"{"name": ""# + String(repeating: "c", count: 101) + #""}"#, key: "name", "found 101"),
        Case("threshold 0", #"{"threshold": 0}"#, key: "threshold", "must be > 0, found 0"),
        Case("threshold above 1", "{\n\"threshold\": 1.5\n}", line: 2, key: "threshold", "> 0 and ≤ 1"),
        Case("deceleration rate 1", #"{"decelerationRate": 1}"#, key: "decelerationRate", "< 1"),
        Case("negative flick velocity", #"{"flickVelocity": -1}"#, key: "flickVelocity", "> 0"),
        Case("negative touch slop", #"{"touchSlop": -0.5}"#, key: "touchSlop", "≥ 0"),
        Case("zero duration", #"{"duration": 0}"#, key: "duration", "> 0"),
        Case("zero touches", #"{"maximumNumberOfTouches": 0}"#, key: "maximumNumberOfTouches", "≥ 1"),
        Case("negative extent", #"{"extent": -10}"#, key: "extent", "> 0"),
        Case("overflowing number", #"{"flickVelocity": 1e999}"#, key: "flickVelocity", "not a finite number"),
        Case("YAML", "threshold: 0.3\n", key: "", "invalid JSON"),
        Case("empty file", "", key: "", "invalid JSON"),
        Case("array", "[]", key: "", "must be a JSON object"),
        Case("trailing comma", "{\n  \"threshold\": 0.3,\n}\n", line: 3, key: "", "invalid JSON"),
        Case("duplicate key", "{\"threshold\": 0.3,\n \"threshold\": 0.5}", line: 2, key: "threshold", "duplicate key"),
        Case("comment", "{\n  // tuned\n  \"threshold\": 0.3\n}", line: 2, key: "", "invalid JSON"),
        Case("misspelt key in replay", #"{"velocityEstimater": "lsq2"}"#, key: "velocityEstimater", "did you mean `velocityEstimator`",
            command: "replay"),
        Case("out of range in regress", #"{"completionSpeed": 0}"#, key: "completionSpeed", "> 0", command: "regress"),
    ]

    @Test(arguments: cases)
    func badConfigFileIsRefused(_ bad: Case) throws {
        let workspace = try Workspace()
        let path = try workspace.write(bad.text, to: "bad.json")
        let thrown = #expect(throws: ConfigError.self) { try ConfigSource(file: path).resolve() }
        let error = try #require(thrown)
        #expect(!error.isUsage, "a file's error is invalid data")
        let location = "\(path):\(bad.line): " + (bad.key.isEmpty ? "" : bad.key + ": ")
        #expect("\(error)".hasPrefix(location), "\(error)")
        #expect("\(error)".lowercased().contains(bad.reason.lowercased()), "\(error)")
    }

    static let overrides: [BadOverrideCase] = [
        .init(override: "treshold=0.3", key: "treshold", reason: "did you mean `threshold`"),
        .init(override: "threshold=abc", key: "threshold", reason: "expected a number"),
        .init(override: "threshold=0,3", key: "threshold", reason: "expected a number"),
        .init(override: "threshold=nan", key: "threshold", reason: "expected a number"),
        .init(override: "threshold=inf", key: "threshold", reason: "expected a number"),
        .init(override: "threshold=0x1p-2", key: "threshold", reason: "expected a number"),
        .init(override: "threshold=1e999", key: "threshold", reason: "expected a number"),
        .init(override: "threshold=2", key: "threshold", reason: "> 0 and ≤ 1"),
        .init(override: "threshold=", key: "threshold", reason: "expected a number"),
        .init(override: "threshold", key: "", reason: "expected key=value"),
        .init(override: "=0.3", key: "", reason: "unknown key"),
        .init(override: "lockScroll=1", key: "lockScroll", reason: "`true` or `false`"),
        .init(override: "maximumNumberOfTouches=1.5", key: "maximumNumberOfTouches", reason: "integer"),
        .init(override: "extent=-5", key: "extent", reason: "> 0"),
        .init(override: "decision=Velocity", key: "decision", reason: "one of"),
        .init(override: "name=", key: "name", reason: "1–100 characters"),
        .init(override: "decelerationRate=1", key: "decelerationRate", reason: "< 1", command: "replay"),
        .init(override: "curve=bouncy", key: "curve", reason: "one of", command: "regress"),
    ]

    @Test(arguments: overrides)
    func badOverrideIsAUsageError(_ bad: BadOverrideCase) throws {
        let thrown = #expect(throws: ConfigError.self) { try ConfigSource(overrides: [bad.override]).resolve() }
        let error = try #require(thrown)
        #expect(error.isUsage)
        let location = "override \(bad.override): " + (bad.key.isEmpty ? "" : bad.key + ": ")
        #expect("\(error)".hasPrefix(location), "\(error)")
        #expect("\(error)".lowercased().contains(bad.reason.lowercased()), "\(error)")
    }

    @Test func missingConfigFileCannotBeRead() throws {
        let workspace = try Workspace()
        let path = workspace.path("missing.json")
        let thrown = #expect(throws: InputFileError.self) { try ConfigSource(file: path).resolve() }
        #expect(thrown.map { "\($0)" } == "cannot read \(path): No such file or directory")
    }
}
