import PanTraceModel

/// Small JSON Lines texts for the reader's tests.
public enum TraceLines {
    public static let twoSamples = #"[{"t": 0, "x": 1, "y": 2, "phase": "down"}, {"t": 0.1, "x": 1, "y": 3, "phase": "up"}]"#

    /// A valid minimal trace line, with `fields` inserted after the required keys.
    public static func minimal(_ fields: String = "", samples: String = twoSamples) -> String {
        #"{"name": "a", "width": 400, "height": 800"# + (fields.isEmpty ? "" : ", " + fields)
            + #", "samples": "# + samples + "}"
    }

    /// A trace line with `top` as its keys before `samples` (no defaults added).
    public static func exactly(_ top: String, samples: String = twoSamples) -> String {
        "{" + top + #", "samples": "# + samples + "}"
    }

    /// A samples array from `(t, phase)` pairs plus optional extra text per sample.
    public static func samples(_ entries: [(t: String, phase: String)], extra: [Int: String] = [:]) -> String {
        let objects = entries.enumerated().map { index, entry in
            let more = extra[index].map { ", " + $0 } ?? ""
            return #"{"t": \#(entry.t), "x": 0, "y": \#(index), "phase": "\#(entry.phase)"\#(more)}"#
        }
        return "[" + objects.joined(separator: ", ") + "]"
    }

    /// The docs/model.md §3 example, on one line.
    public static let specExample = #"""
        {"name": "flick-0001", "width": 393, "height": 852, "scrollOffset": 0, "scrollContent": 0, "intent": "finish", "meta": {"family": "flick", "seed": 7}, "samples": [{"t": 0.0, "x": 200, "y": 300, "phase": "down", "touches": 1}, {"t": 0.008, "x": 200, "y": 311, "phase": "move"}, {"t": 0.016, "x": 201, "y": 329, "phase": "move"}, {"t": 0.024, "x": 201, "y": 329, "phase": "up"}]}
        """#

    /// The error of reading `text` as `t.jsonl`, or `nil` when every line is valid.
    public static func failure(_ text: String) -> TraceError? {
        do {
            _ = try TraceReader(text: text, file: "t.jsonl").readAll()
            return nil
        } catch let error as TraceError {
            return error
        } catch {
            return TraceError(keyPath: "?", reason: "unexpected \(error)")
        }
    }
}
