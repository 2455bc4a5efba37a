import Foundation
import PanTraceModel
import TestFolders

@testable import PanTraceStore

/// A fresh folder under the test process's ``TestFolders/root``, removed by `remove()`.
struct TemporaryFolder {
    let path: String

    init() throws {
        path = try TestFolders.make("store").path
    }

    /// A path inside the folder.
    func file(_ name: String = "test.sqlite") -> String { path + "/" + name }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// A valid drag of `count` samples, varied by `seed`.
func makeTrace(
    _ name: String, seed: Int = 0, count: Int = 6, family: String? = "drag", intent: Intent? = .finish
) -> Trace {
    var samples: [Sample] = []
    for seq in 0..<count {
        let phase: Phase = seq == 0 ? .down : (seq == count - 1 ? .up : .move)
        samples.append(
            Sample(
                t: Double(seq) / 60, x: 200 + Double(seed) * 0.25, y: 100 + Double(seq * (seed + 5)) * 1.5,
                phase: phase, touches: 1))
    }
    let meta = family.map { #"{"family":"\#($0)","seed":\#(seed)}"# }
    return Trace(
        name: name, width: 393, height: 852, scrollOffset: Double(seed % 3) * -0.5, scrollContent: 0,
        intent: intent, meta: meta, family: family, samples: samples)
}

/// An outcome with every field set to something distinctive.
func makeOutcome(_ index: Int) -> Outcome {
    Outcome(
        decision: index % 3 == 0 ? .finish : (index % 3 == 1 ? .cancel : .none),
        reason: index % 3 == 0 ? .projection : (index % 3 == 1 ? .belowThreshold : .neverBegan),
        percent: 0.1 + Double(index) / 1000, peakPercent: 0.2 + Double(index) / 999,
        velocity: -1234.5678 + Double(index), projected: index % 3 == 0 ? 0.89219 + Double(index) : nil,
        settle: 0.20667, overscroll: Double(index) * 3.25, trackingError: 130.07,
        attempted: index % 2 == 1, beganSeq: index % 3 == 2 ? nil : 1, startSeq: index % 3 == 2 ? nil : 2)
}

/// Frames for a result: one per sample.
func makeFrames(count: Int) -> [Frame] {
    var frames: [Frame] = []
    for seq in 0..<count {
        let state: GestureState = seq == 0 ? .possible : .changed
        let owner: Owner = seq == 0 ? .none : .transition
        let percent = Double(seq) / 10
        let offset = Double(seq) * -2
        frames.append(Frame(seq: seq, state: state, owner: owner, percent: percent, scrollOffset: offset))
    }
    return frames
}

/// Records `traces` with one result each under `config`; returns the run id.
@discardableResult
func record(
    _ traces: [Trace], into store: Store, config: String = "baseline", kind: RunKind = .record,
    frames: Bool = true
) throws -> RunID {
    let session = try store.beginRun(kind, configName: config, configJSON: #"{"name":"\#(config)"}"#)
    for (index, trace) in traces.enumerated() {
        let id = try session.add(trace)
        try session.addResult(
            traceID: id, outcome: makeOutcome(index),
            frames: frames ? makeFrames(count: trace.samples.count) : [])
    }
    return try session.commit()
}

/// Row counts of every table, to prove that nothing changed.
func rowCounts(_ store: Store) throws -> [String: Int64] {
    var counts: [String: Int64] = [:]
    for table in ["trace", "sample", "config", "run", "result", "frame"] {
        counts[table] = try store.database.integer("SELECT count(*) FROM \(table)")
    }
    return counts
}

extension Store {
    /// Opens a store at a fresh path in `folder`.
    static func fresh(in folder: TemporaryFolder, _ name: String = "test.sqlite") throws -> Store {
        try Store(path: folder.file(name))
    }
}

/// A version 1 file made by the version 1 SQL: config 1, run 1 of trace 1 ('a', one sample) with result 1, then `more` SQL.
func makeVersionOneFile(at path: String, then more: String = "") throws {
    let v1 = try Database(path: path)
    try v1.execute(Schema.version1)
    try v1.execute(
        """
        INSERT INTO config (id, name, settings) VALUES (1, 'c', '{}');
        INSERT INTO run (id, config_id, kind, trace_count) VALUES (1, 1, 'record', 1);
        INSERT INTO trace (id, name, width, height, sample_count, digest) VALUES (1, 'a', 1, 1, 1, 0);
        INSERT INTO sample (trace_id, seq, t, x, y, phase) VALUES (1, 0, 0, 0, 0, 'down');
        \(outcomeRowSQL(id: 1, run: 1, trace: 1));
        \(more)
        """)
}

/// `INSERT INTO result …` of a `none`/`neverBegan` result with every number 0.
func outcomeRowSQL(id: Int, run: Int, trace: Int) -> String {
    """
    INSERT INTO result (id, run_id, trace_id, decision, reason, percent, peak_percent, velocity, settle,
        overscroll, tracking_error) VALUES (\(id), \(run), \(trace), 'none', 'neverBegan', 0, 0, 0, 0, 0, 0)
    """
}

/// The reason of a ``StoreError/cannotOpen(path:reason:)``, `nil` for any other error.
func cannotOpenReason(_ error: StoreError) -> String? {
    guard case .cannotOpen(_, let reason) = error else { return nil }
    return reason
}
