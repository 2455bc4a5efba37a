import Foundation
import PanTraceCore
import PanTraceKit
import PanTraceModel
import PanTraceStore
import Testing

/// docs/safety.md "What export writes, record reads", from the export's side: a stored trace
/// whose line would pass the limit `record` reads (stored through the
/// library, or before the limit was checked) is never exported.
@Suite struct ExportLineLimitTests {
    @Test func aStoredTraceTooLongForRecordIsRefusedByExportByName() throws {
        let workspace = try Workspace()
        // Numbers of 24 characters and 16 digits of touches: about 140 bytes a
        // sample as export writes it, 61,000 samples.
        let tiny = -2.2250738585072014e-308
        let fingers = JSONNumber.exactIntegerLimit
        var samples = [Sample(t: tiny, x: tiny, y: tiny, phase: .down, touches: fingers)]
        for _ in 0..<61_000 { samples.append(Sample(t: tiny, x: tiny, y: tiny, phase: .move, touches: fingers)) }
        samples.append(Sample(t: tiny, x: tiny, y: tiny, phase: .up, touches: fingers))
        let long = Trace(name: "long", width: 400, height: 800, samples: samples)
        let short = Trace(name: "short", width: 400, height: 800, samples: [samples[0], samples[samples.count - 1]])
        let store = try Store(path: workspace.db)
        let session = try store.beginRun(.record, config: Config())
        for trace in [short, long] {
            _ = try session.addResult(traceID: try session.add(trace), outcome: Simulator.simulate(trace, under: Config()))
        }
        _ = try session.commit()
        // Over the 8 MiB limit by about 0.5 MiB (61,002 samples of about 140
        // bytes): the export's refusal below measures it, by its message.

        var written: [String] = []
        #expect {
            try Exporter.exportTraces(selection: TraceSelection(names: ["long"]), in: store) { written.append($0) }
        } throws: { error in
            "\(error)".contains(#"trace "long" would be"#) && "\(error)".contains("cannot be exported")
        }
        #expect(written.isEmpty)
        // A trace within the limit exports as before.
        try Exporter.exportTraces(selection: TraceSelection(names: ["short"]), in: store) { written.append($0) }
        #expect(written == [short.jsonLine() + "\n"])
    }
}
