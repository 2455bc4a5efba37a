import Foundation
import PropertyBased
import Testing
import TestFolders
@testable import PanTraceModel

@Suite struct ConfigJSONTests {
    static let defaultsJSON = #"{"name":"baseline","interaction":"pull-to-dismiss","touchSlop":10,"edgeWidth":0,"maximumNumberOfTouches":1,"extent":"auto","threshold":0.4,"thresholdUnit":"fraction","decision":"threshold","flickVelocity":1000,"flickVelocityUnit":"points","reverseFlick":true,"decelerationRate":0.998,"lookahead":0.3,"stepVelocity":0,"maxSteps":0,"stepOrigin":"start","dismissible":true,"scrollExpands":false,"velocityEstimator":"uikit","scrollGating":"offsetAtBegin","lockScroll":false,"guarded":false,"duration":0.4,"completionSpeed":1,"curve":"linear"}"#

    private func config(_ text: String, file: String = "base.json") throws(ConfigError) -> Config {
        try Config(json: Array(text.utf8), file: file)
    }

    private func failure(_ text: String) -> ConfigError? {
        do {
            _ = try config(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func defaultsAreSpec5sTable() throws {
        #expect(Config().canonicalJSON() == Self.defaultsJSON)
        #expect(try config("{}") == Config())
        #expect(try config(" \n{ }\n") == Config())
        #expect(Config.keys.count == 26)
    }

    @Test func readsEveryKey() throws {
        let text = """
            {
              "name": "tuned", "interaction": "swipe-back", "touchSlop": 0, "maximumNumberOfTouches": 2,
              "extent": 300, "threshold": 1, "decision": "projection", "flickVelocity": 650.5,
              "decelerationRate": 0.99, "velocityEstimator": "lastSegment", "scrollGating": "handoff",
              "lockScroll": true, "guarded": true, "duration": 0.25, "completionSpeed": 2.0, "curve": "easeInOut"
            }
            """
        let tuned = try config(text)
        var expected = Config()
        expected.name = "tuned"
        expected.interaction = .swipeBack
        expected.touchSlop = 0
        expected.maximumNumberOfTouches = 2
        expected.extent = 300
        expected.threshold = 1
        expected.decision = .projection
        expected.flickVelocity = 650.5
        expected.decelerationRate = 0.99
        expected.velocityEstimator = .lastSegment
        expected.scrollGating = .handoff
        expected.lockScroll = true
        expected.guarded = true
        expected.duration = 0.25
        expected.completionSpeed = 2
        expected.curve = .easeInOut
        #expect(tuned == expected)
        #expect(try Config(canonicalJSON: tuned.canonicalJSON()) == tuned)
        #expect(try config(#"{"extent": "auto", "maximumNumberOfTouches": 3.0}"#).maximumNumberOfTouches == 3)
    }

    @Test(arguments: [
        ("name", #""""#, "must be 1–100 characters, found 0"),
        ("name", "\"\(String(repeating: "x", count: 101))\"", "must be 1–100 characters, found 101"),
        ("name", "7", "expected a string, found the number 7"),
        ("interaction", #""pullToDismiss""#, "expected one of `pull-to-dismiss`, `swipe-back`, `pull-up-present`"),
        ("touchSlop", "-1", "must be ≥ 0, found -1"),
        ("touchSlop", #""10""#, #"expected a number ≥ 0, found a string ("10")"#),
        ("maximumNumberOfTouches", "0", "must be an integer ≥ 1, found 0"),
        ("maximumNumberOfTouches", "1.5", "must be an integer ≥ 1, found 1.5"),
        ("maximumNumberOfTouches", "9007199254740993", "of at most 9007199254740992 (2^53), found a number a double only holds rounded (to 9007199254740992)"),
        ("maximumNumberOfTouches", "9.007199254740993e15", "of at most 9007199254740992 (2^53)"),
        ("extent", "0", "must be `auto` or a number > 0, found 0"),
        ("extent", "-300", "must be `auto` or a number > 0, found -300"),
        ("extent", #""automatic""#, "expected `auto` or a number > 0"),
        ("extent", "null", "expected `auto` or a number > 0, found null"),
        ("threshold", "0", "must be > 0, found 0"),
        ("threshold", "1.5", "must be > 0 and ≤ 1, found 1.5"),
        ("threshold", #""0.3""#, "expected a number > 0, found a string"),
        ("decision", #""flick""#, "expected one of `threshold`, `velocity`, `projection`"),
        ("flickVelocity", "0", "must be > 0, found 0"),
        ("decelerationRate", "1", "must be > 0 and < 1, found 1"),
        ("decelerationRate", "0", "must be > 0 and < 1, found 0"),
        ("velocityEstimator", #""LSQ2""#, "expected one of `lsq2`, `lastSegment`, `uikit`, `impulse`"),
        ("scrollGating", "true", "expected one of `none`, `offsetAtBegin`, `handoff`, found true"),
        ("lockScroll", #""true""#, "expected `true` or `false`, found a string"),
        ("guarded", "1", "expected `true` or `false`, found the number 1"),
        ("duration", "0", "must be > 0, found 0"),
        ("completionSpeed", "-2", "must be > 0, found -2"),
        ("curve", #""ease-in""#, "expected one of `linear`, `easeIn`, `easeOut`, `easeInOut`"),
    ])
    func rejectsBadValuesNamingTheKey(key: String, json: String, reason: String) throws {
        let first = key == "curve" ? #""duration": 0.4"# : #""curve": "linear""#
        let error = try #require(failure("{\n  \(first),\n  \"\(key)\": \(json)\n}"))
        #expect(error.kind == .invalidData)
        #expect(!error.isUsage)
        #expect(error.file == "base.json")
        #expect(error.line == 3)
        #expect(error.key == key)
        #expect(error.reason.contains(reason), "\(error)")
    }

    @Test func describesTheFileLineAndKey() throws {
        let error = try #require(failure("{\n  \"duration\": 0.4,\n  \"threshold\": 1.5\n}"))
        #expect(
            error.description == "base.json:3: threshold: must be > 0 and ≤ 1, found 1.5: with thresholdUnit: fraction "
                + "it is a fraction of the extent; with thresholdUnit: points it is a distance")
    }

    @Test(arguments: [
        ("treshold", "unknown key (did you mean `threshold`?)"),
        ("Threshold", "unknown key (did you mean `threshold`?)"),
        ("flickvelocity", "unknown key (did you mean `flickVelocity`?)"),
        ("maxTouches", "unknown key (allowed: name, interaction,"),
    ])
    func rejectsUnknownKeys(key: String, reason: String) throws {
        let error = try #require(failure("{\"curve\": \"linear\",\n\"\(key)\": 0.3}"))
        #expect(error.key == key)
        #expect(error.line == 2)
        #expect(error.reason.hasPrefix(reason), "\(error)")
    }

    @Test func rejectsDocumentsThatAreNotOneObject() throws {
        #expect(failure("[]")?.reason == "a config must be a JSON object, found an array")
        #expect(failure("")?.reason.hasPrefix("invalid JSON") == true)
        let trailing = try #require(failure("{\"threshold\": 0.3}\n{}"))
        #expect(trailing.line == 2)
        #expect(trailing.reason == "invalid JSON: unexpected '{' after the JSON value (column 1)")
        let duplicate = try #require(failure("{\"threshold\": 0.3,\n \"threshold\": 0.5}"))
        #expect(duplicate.key == "threshold")
        #expect(duplicate.line == 2)
        #expect(duplicate.reason.contains("duplicate key"))
        let huge = try #require(failure("{\"touchSlop\": 1e999}"))
        #expect(huge.key == "touchSlop")
        #expect(huge.reason.contains("not a finite number"))
    }

    @Test func loadsAFile() throws {
        let path = try TestFolders.make("config").appending(path: "config.json").path
        try Data(#"{"threshold": 0.3}"#.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try Config.load(path: path).threshold == 0.3)
        #expect(throws: InputFileError.self) { try Config.load(path: path + ".missing") }
    }

    @Test func canonicalJSONRoundTrips() async {
        let generator = zip(
            Gen.double(in: 0...100), Gen.int(in: 1...5), Gen.double(in: 0.000001...5000).optional,
            Gen.double(in: 0.0001...1), Gen.double(in: 0.0001...0.9999), Gen<Curve>.case, Gen<ScrollGating>.case, Gen.bool)
        await propertyCheck(count: 200, input: generator) { slop, touches, extent, threshold, rate, curve, gating, guarded in
            var config = Config()
            config.name = "p \(slop)"
            config.touchSlop = slop
            config.maximumNumberOfTouches = touches
            config.extent = extent
            config.threshold = threshold
            config.decelerationRate = rate
            config.curve = curve
            config.scrollGating = gating
            config.guarded = guarded
            let text = config.canonicalJSON()
            #expect((try? Config(canonicalJSON: text)) == config, "\(text)")
            #expect(!text.contains(" \""), "compact")
        }
    }

    @Test func settingShowsValuesAsTyped() {
        var config = Config()
        #expect(Config.keys.map { config.setting($0) ?? "?" } == [
            "baseline", "pull-to-dismiss", "10", "0", "1", "auto", "0.4", "fraction", "threshold", "1000", "points", "true",
            "0.998", "0.3", "0", "0", "start", "true", "false", "uikit", "offsetAtBegin", "false", "false", "0.4", "1", "linear",
        ])
        config.extent = 812.5
        #expect(config.setting("extent") == "812.5")
        #expect(config.setting("nope") == nil)
    }
}
