import Foundation
import PropertyBased
import Testing
import TraceFixtures

@testable import PanTraceCore
@testable import PanTraceModel

/// `scripts/fuzz.sh`'s fuzzing inside `swift test`: thousands of mutated trace lines,
/// config files and `--set` overrides (byte flips, truncations, deletions,
/// repeats and insertions of valid-looking tokens) must each give a clean
/// error or a valid value, never a crash (libFuzzer goes further: scripts/fuzz.sh).
@Suite struct ParserFuzzPropertyTests {
    /// One edit of a byte string; positions are fractions of its length.
    enum Mutation: Sendable, CustomStringConvertible {
        case flip(at: Double, bit: Int)
        case truncate(at: Double)
        case insert(token: Int, at: Double)
        /// The first number at or after the position becomes a value token.
        case replaceNumber(token: Int, at: Double)
        /// The first string value at or after the position becomes a value token.
        case replaceString(token: Int, at: Double)
        /// A member token goes in right after the first `{` at or after the position.
        case insertMember(token: Int, at: Double)
        case delete(at: Double, count: Int)
        case repeatBytes(at: Double, count: Int)

        var description: String {
            switch self {
            case .flip(let at, let bit): "flip bit \(bit) at \(at)"
            case .truncate(let at): "truncate at \(at)"
            case .insert(let token, let at): "insert \(Tokens.show(Tokens.raw, token)) at \(at)"
            case .replaceNumber(let token, let at): "replace a number after \(at) by \(Tokens.show(Tokens.values, token))"
            case .replaceString(let token, let at): "replace a string after \(at) by \(Tokens.show(Tokens.values, token))"
            case .insertMember(let token, let at): "insert member \(Tokens.show(Tokens.members, token)) after \(at)"
            case .delete(let at, let count): "delete \(count) at \(at)"
            case .repeatBytes(let at, let count): "repeat \(count) at \(at)"
            }
        }

        func apply(to bytes: inout [UInt8]) {
            func index(_ fraction: Double) -> Int { min(bytes.count, Int(fraction * Double(bytes.count))) }
            switch self {
            case .flip(let at, let bit):
                guard !bytes.isEmpty else { return }
                bytes[min(bytes.count - 1, index(at))] ^= UInt8(1) << UInt8(bit)
            case .truncate(let at):
                bytes.removeSubrange(index(at)...)
            case .insert(let token, let at):
                bytes.insert(contentsOf: Tokens.pick(Tokens.raw, token), at: index(at))
            case .replaceNumber(let token, let at):
                let isNumberByte = { (byte: UInt8) in
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
                }
                guard let start = bytes[index(at)...].firstIndex(where: isNumberByte) else { return }
                let end = bytes[start...].firstIndex { !isNumberByte($0) } ?? bytes.count
                bytes.replaceSubrange(start..<end, with: Tokens.pick(Tokens.values, token))
            case .replaceString(let token, let at):
                // A string followed by `,`, `}` or `]` is a value, not a key.
                let quote = UInt8(ascii: "\"")
                var start = index(at)
                while let open = bytes[start...].firstIndex(of: quote) {
                    guard let close = bytes[(open + 1)...].firstIndex(of: quote) else { return }
                    let next = bytes[(close + 1)...].first { $0 != UInt8(ascii: " ") }
                    if next != UInt8(ascii: ":") {
                        bytes.replaceSubrange(open...close, with: Tokens.pick(Tokens.values, token))
                        return
                    }
                    start = close + 1
                }
            case .insertMember(let token, let at):
                guard let brace = bytes[index(at)...].firstIndex(of: UInt8(ascii: "{")) ?? bytes.firstIndex(of: UInt8(ascii: "{"))
                else { return }
                bytes.insert(contentsOf: Tokens.pick(Tokens.members, token), at: brace + 1)
            case .delete(let at, let count):
                let start = index(at)
                bytes.removeSubrange(start..<min(bytes.count, start + count))
            case .repeatBytes(let at, let count):
                let start = index(at)
                bytes.insert(contentsOf: bytes[start..<min(bytes.count, start + count)], at: start)
            }
        }
    }

    /// Tokens a hand-edited or foreign file might hold.
    enum Tokens {
        /// Where a value is expected.
        static let values: [[UInt8]] = [
            "NaN", "-Infinity", "1e999", "-1e999", "1e-400", "-0", "0.0", "1.5", "-1", "0", "2", "9007199254740993",
            "18446744073709551616", "1e308", "5e-324", "\"1\"", "null", "true", "[]", "{}", "\"\"", "\"\\u0000\"", "\"\\ud800\"",
            "\"down\"", "\"up\"", "\"move\"", "\"cancel\"", "\"finish\"", "\"auto\"", "\"velocity\"", "\"handoff\"",
            "\"é🚀\"", "[1, 2]", "{\"family\": 1}",
        ].map { Array($0.utf8) }

        /// Whole members, to go right after a `{`.
        static let members: [[UInt8]] = [
            "\"t\": 0, ", "\"touches\": 2, ", "\"touches\": 1.5, ", "\"phase\": \"up\", ", "\"name\": \"x\", ", "\"intent\": \"cancel\", ",
            "\"meta\": {\"family\": 1}, ", "\"samples\": [], ", "\"scrollContent\": -1, ", "\"scrollOffset\": 1e300, ",
            "\"threshold\": 2, ", "\"extent\": \"auto\", ", "\"treshold\": 0.3, ", "\"lockScroll\": true, ", "\"x\": 1, ",
            "\"colour\": \"red\", ",
        ].map { Array($0.utf8) }

        /// Anywhere: structure, whitespace and bytes that are not UTF-8.
        static let raw: [[UInt8]] = values + members
            + ["{", "}", "[", "]", ",", ":", "\"", "\\", "\n", "\r", "\t", " ", "\u{FEFF}"].map { Array($0.utf8) }
            + [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0x00], [0xEF, 0xBB, 0xBF]]

        static func pick(_ list: [[UInt8]], _ index: Int) -> [UInt8] { list[index % list.count] }
        static func show(_ list: [[UInt8]], _ index: Int) -> String { String(decoding: pick(list, index), as: UTF8.self).debugDescription }
    }

    /// Mostly edits that keep the JSON well formed, so that the checks after
    /// parsing (types, ranges, rules) are reached as often as the parser's.
    static let mutation = zip(
        Gen.int(in: 0...11), Gen.double(in: 0...1), Gen.int(in: 0...7), Gen.int(in: 0...1000), Gen.int(in: 1...24)
    ).map { kind, at, bit, token, count -> Mutation in
        switch kind {
        case 0: .flip(at: at, bit: bit)
        case 1: .truncate(at: at)
        case 2: .insert(token: token, at: at)
        case 3, 4, 5: .replaceNumber(token: token, at: at)
        case 6, 7: .replaceString(token: token, at: at)
        case 8, 9: .insertMember(token: token, at: at)
        case 10: .delete(at: at, count: count)
        default: .repeatBytes(at: at, count: count)
        }
    }

    // MARK: Traces

    /// Valid lines to mutate: the fixtures' traces and the spec's example.
    static let traceLines: [String] = {
        let folder = SharedFixtures.repositoryRoot.appending(path: "Fixtures/traces")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var lines = [TraceLines.specExample, TraceLines.minimal(#""intent": "cancel", "scrollContent": 10"#)]
        for file in files.sorted() where file.hasSuffix(".jsonl") {
            let text = (try? String(contentsOf: folder.appending(path: file), encoding: .utf8)) ?? ""
            // Short lines keep the test fast; the long ones are libFuzzer's.
            lines += text.split(separator: "\n").map(String.init).filter { !$0.isEmpty && $0.utf8.count < 6000 }.prefix(8)
        }
        return lines
    }()

    static let mutatedTrace = zip(Gen.int(in: 0...(traceLines.count - 1)), mutation.array(of: 1...3))

    /// What reading `bytes` must give: valid traces (that validate and read
    /// back from their own line) or clean errors naming the file and a line.
    static func checkTraceBytes(_ bytes: [UInt8]) {
        let reader = TraceReader(bytes: bytes, file: "m.jsonl")
        var lines = 0
        while lines <= bytes.count + 1 {
            lines += 1
            do {
                guard let (line, trace) = try reader.next() else { return }
                #expect(line >= 1)
                do {
                    try trace.validate()
                } catch {
                    Issue.record("accepted but invalid: \(error)")
                }
                let again = try? Trace(jsonLine: trace.jsonLine())
                if trace.meta?.utf8.contains(0x0D) != true {
                    #expect(again == trace, "round trip of \(trace.jsonLine())")
                }
                // What the store keeps of it: NaN would be NULL in a NOT NULL column (exit 70).
                var frames: [Frame] = []
                // lsq2, the default this check was written for: uikit's NaN on
                // positions near ±1e308 (inf − inf) is the hostile-input work's.
                let outcome = Simulator.simulate(trace, under: .with { $0.velocityEstimator = .lsq2 }, frames: &frames)
                let values = [outcome.percent, outcome.peakPercent, outcome.velocity, outcome.settle, outcome.overscroll,
                    outcome.trackingError] + frames.flatMap { [$0.percent, $0.scrollOffset] }
                let hasNaN = values.contains { $0.isNaN }
                #expect(!hasNaN, "\(outcome)")
            } catch let error as TraceError {
                #expect(error.file == "m.jsonl")
                #expect((error.line ?? 0) >= 1)
                #expect(!error.reason.isEmpty)
            } catch {
                Issue.record("not a TraceError: \(error)")
                return
            }
        }
        Issue.record("the reader did not stop")
    }

    /// 2000 mutated lines (1–3 edits each): every kind of edit hundreds of
    /// times, each of the 22 base lines ~90 times, with a new seed every run.
    /// The cost is the parser's, ~0.4 ms a line in a debug build;
    /// scripts/fuzz.sh runs libFuzzer for millions.
    @Test func mutatedTraceLinesGiveACleanErrorOrAValidTrace() async {
        #expect(Self.traceLines.count >= 3)
        await propertyCheck(count: 2000, input: Self.mutatedTrace) { base, mutations in
            var bytes = Array(Self.traceLines[base].utf8)
            for mutation in mutations { mutation.apply(to: &bytes) }
            Self.checkTraceBytes(bytes)
            // And through the String entry point, which sees repaired UTF-8.
            let text = String(decoding: bytes, as: UTF8.self)
            if let trace = try? Trace(jsonLine: text) {
                #expect((try? trace.validate()) != nil)
            }
        }
    }

    // MARK: Configs

    static let configTexts: [String] = {
        let folder = SharedFixtures.repositoryRoot.appending(path: "Fixtures/configs")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return [Config().canonicalJSON()]
            + files.sorted().filter { $0.hasSuffix(".json") }.compactMap {
                try? String(contentsOf: folder.appending(path: $0), encoding: .utf8)
            }
    }()

    static let overrideLines = [
        "threshold=0.3", "decision=velocity", "extent=auto", "extent=120", "name=tuned", "maximumNumberOfTouches=2",
        "lockScroll=true", "curve=easeOut", "decelerationRate=0.99",
    ]

    static let mutatedConfig = zip(Gen.int(in: 0...(configTexts.count - 1)), mutation.array(of: 1...3))
    static let mutatedOverride = zip(Gen.int(in: 0...(overrideLines.count - 1)), mutation.array(of: 1...3))

    /// 1500 mutated files a run: each base config (the canonical defaults and
    /// every bundled file) ~200 times; a new seed every run.
    @Test func mutatedConfigFilesGiveACleanErrorOrAValidConfig() async {
        #expect(Self.configTexts.count >= 3)
        await propertyCheck(count: 1500, input: Self.mutatedConfig) { base, mutations in
            var bytes = Array(Self.configTexts[base].utf8)
            for mutation in mutations { mutation.apply(to: &bytes) }
            switch Result(catching: { () throws(ConfigError) in try Config(json: bytes, file: "m.json") }) {
            case .success(let config):
                #expect((try? Config(canonicalJSON: config.canonicalJSON())) == config)
            case .failure(let error):
                #expect(!error.isUsage)
                #expect(error.file == "m.json")
                let lines = bytes.count(where: { $0 == 0x0A }) + 1
                #expect((1...lines).contains(error.line ?? 0), "\(error)")
                #expect(error.description.hasPrefix("m.json:"))
            }
        }
    }

    /// 1500 mutated overrides a run: each of the 9 base overrides ~170 times
    /// (they are a few bytes long); a new seed every run.
    @Test func mutatedOverridesGiveAUsageErrorOrAValidConfig() async {
        await propertyCheck(count: 1500, input: Self.mutatedOverride) { base, mutations in
            var bytes = Array(Self.overrideLines[base].utf8)
            for mutation in mutations { mutation.apply(to: &bytes) }
            let override = String(decoding: bytes, as: UTF8.self)
            var config = Config()
            switch Result(catching: { () throws(ConfigError) in try config.apply(overrides: [override]) }) {
            case .success:
                #expect((try? Config(canonicalJSON: config.canonicalJSON())) == config)
            case .failure(let error):
                #expect(error.isUsage)
                #expect(error.description.hasPrefix("override \(override): "))
            }
        }
    }
}
