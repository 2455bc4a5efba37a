import PanTraceModel

extension LabResponder {
    /// The answer to `POST /discard` (docs/lab.md "A slip does not count"):
    /// the body `{"trace": NAME}` names the session's own last stored
    /// gesture, which is deleted with its samples, results and any
    /// preference naming it before the answer `{"discarded": NAME,
    /// "count": …, "next": …}`.
    ///
    /// 400 for a body of another shape or another trace; 503 with `"retry":
    /// true` when the database stayed locked until `deadline` (as for a
    /// gesture); nothing is deleted then.
    func discard(body: [UInt8], deadline: (@Sendable () -> ContinuousClock.Instant)?) -> Response {
        do {
            let name = try Self.parseDiscard(body)
            try recorder.discard(trace: name, deadline: deadline)
            let fields = [
                ("discarded", JSONWriter.string(name)), ("count", String(recorder.discardedCount)),
                ("next", recorder.next.map(\.json) ?? "null"),
            ]
            return .json(200, "{" + fields.map { "\(JSONWriter.string($0.0)): \($0.1)" }.joined(separator: ", ") + "}")
        } catch let error as LabDiscardError {
            return .error(400, error.description)
        } catch let busy as LabRecorder.Busy {
            // Nothing was deleted: the page may ask again.
            return .json(503, "{\"error\": \(JSONWriter.string(busy.description)), \"retry\": true}")
        } catch {
            return .error(500, "nothing was discarded: \(error)")
        }
    }

    /// The trace's name of a `POST /discard` body.
    static func parseDiscard(_ body: [UInt8]) throws(LabDiscardError) -> String {
        let root: JSONNode
        do {
            root = try JSONParser.parse(body)
        } catch {
            throw .invalidBody(key: error.path.keyPath, reason: "invalid JSON: \(error.reason)")
        }
        guard let members = root.members else {
            throw .invalidBody(key: "", reason: "a slip to discard is a JSON object {\"trace\": NAME}")
        }
        var trace: String?
        for member in members {
            guard member.key == "trace" else {
                throw .invalidBody(key: member.key, reason: "unknown key (a slip to discard has \"trace\" only)")
            }
            guard let name = member.node.string else { throw .invalidBody(key: "trace", reason: "must be a trace's name") }
            trace = name
        }
        guard let trace else { throw .invalidBody(key: "trace", reason: "missing") }
        return trace
    }
}
