// libFuzzer target for the JSON Lines trace reader (SPEC 3), built by
// scripts/fuzz.sh together with the PanTraceCore sources:
//
//   swiftc -sanitize=fuzzer,address -parse-as-library Sources/PanTraceCore/**/*.swift Fuzz/TraceParserFuzz.swift
//
// Any input must give valid traces or clean `TraceError`s. A trace the reader
// accepts must also pass `validate()` and read back from its own `jsonLine()`.

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
}
