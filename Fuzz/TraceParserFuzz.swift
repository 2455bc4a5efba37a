// libFuzzer target for the JSON Lines trace reader (docs/model.md §3), built by
// scripts/fuzz.sh together with the PanTraceModel sources:
//
//   swiftc -sanitize=fuzzer,address -parse-as-library Sources/PanTraceModel/**/*.swift Fuzz/TraceParserFuzz.swift
//
// Any input must give valid traces or clean `TraceError`s. A trace the reader
// accepts must also pass `validate()`, read back from its own `jsonLine()`,
// and simulate under every kind of config to an outcome the store can keep:
// no NaN (SQLite stores it as NULL, which the NOT NULL columns refuse),
// percents in [0, 1] and sample indexes inside the trace.

/// One fuzz input: arbitrary bytes read as JSON Lines, every line tried.
@_cdecl("LLVMFuzzerTestOneInput")
public func traceParserFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let reader = TraceReader(bytes: Array(UnsafeBufferPointer(start: data, count: size)), file: "fuzz.jsonl")
    while true {
        do {
            guard let (_, trace) = try reader.next() else { return 0 }
            checkAccepted(trace)
        } catch let error as TraceError {
            // The message is built for every error: it must not trap either.
            precondition(!error.description.isEmpty)
        } catch {
            fatalError("the reader threw something other than a TraceError: \(error)")
        }
    }
}

/// What a trace the reader returned must satisfy.
func checkAccepted(_ trace: Trace) {
    do {
        try trace.validate()
    } catch {
        fatalError("the reader returned a trace that validate() refuses: \(error)")
    }
    let line = trace.jsonLine()
    let again: Trace
    do {
        again = try Trace(jsonLine: line)
    } catch {
        fatalError("the jsonLine() of an accepted trace does not read back: \(error)\n\(line)")
    }
    // jsonLine() turns line breaks inside meta into spaces; a raw CR can be in a JSON line.
    let metaHasBreaks = trace.meta?.utf8.contains { $0 == 0x0D || $0 == 0x0A } ?? false
    if again != trace && !metaHasBreaks {
        fatalError("jsonLine() round trip changed the trace:\n\(line)")
    }
    // Any accepted name prints without a raw control character (issue 14).
    if TerminalText.escaped(trace.name).unicodeScalars.contains(where: { $0 != "\\" && TerminalText.needsEscape($0) }) {
        fatalError("a control character survives escaping:\n\(line)")
    }
    var frames: [Frame] = []
    for config in fuzzConfigs {
        let outcome = Simulator.simulate(trace, under: config, frames: &frames)
        let values = [outcome.percent, outcome.peakPercent, outcome.velocity, outcome.projected ?? 0, outcome.settle,
            outcome.overscroll, outcome.trackingError] + frames.flatMap { [$0.percent, $0.scrollOffset] }
        guard !values.contains(where: \.isNaN) else {
            fatalError("NaN in the outcome under \(config.name): \(outcome)\n\(line)")
        }
        guard (0...1).contains(outcome.percent), (0...1).contains(outcome.peakPercent),
            frames.allSatisfy({ (0...1).contains($0.percent) })
        else {
            fatalError("percent outside [0, 1] under \(config.name): \(outcome)\n\(line)")
        }
        for seq in [outcome.beganSeq, outcome.startSeq].compactMap({ $0 }) + frames.map(\.seq)
        where !trace.samples.indices.contains(seq) {
            fatalError("sample index \(seq) outside the trace under \(config.name)\n\(line)")
        }
    }
}

/// Configs that between them take every branch of the simulator.
let fuzzConfigs: [Config] = [
    [],
    ["decision=velocity", "velocityEstimator=lastSegment", "scrollGating=handoff", "curve=easeIn"],
    ["decision=projection", "guarded=true", "lockScroll=true", "interaction=swipe-back", "curve=easeInOut"],
    ["interaction=pull-up-present", "scrollGating=none", "extent=0.001", "touchSlop=0", "maximumNumberOfTouches=3"],
    ["scrollGating=handoff", "lockScroll=true", "extent=1e300", "decelerationRate=0.5", "completionSpeed=1e-300", "duration=1e300"],
].enumerated().map { index, overrides in
    var config = Config()
    do {
        try config.apply(overrides: overrides + ["name=fuzz-\(index)"])
    } catch {
        fatalError("fuzz config \(overrides): \(error)")
    }
    return config
}
