import PanTraceModel

extension LabResponder {
    /// The answer to `POST /preferences` (docs/lab.md "Which felt better"):
    /// the body `{"pair": N, "answer": "first" | "second" | "same"}` stored
    /// as the pair's preference, committed before the answer.
    ///
    /// 400 for a body of another shape, a pair the session did not make or
    /// one answered already; 409 for a pair one of whose gestures was
    /// deleted since (with what the page does next); 503 with `"retry": true`
    /// when the database stayed busy until `deadline`, as for a gesture.
    /// Nothing is stored then.
    func answer(body: [UInt8], deadline: (@Sendable () -> ContinuousClock.Instant)? = nil) -> Response {
        do {
            let (pair, answer) = try Self.parsePreference(body)
            let preference = try recorder.prefer(pair: pair, answer: answer, deadline: deadline)
            onAnswered(pair, preference)
            let fields = [
                ("pair", String(pair)), ("answer", JSONWriter.string(answer.rawValue)),
                ("next", recorder.next.map(\.json) ?? "null"),
            ]
            return .json(200, "{" + fields.map { "\(JSONWriter.string($0.0)): \($0.1)" }.joined(separator: ", ") + "}")
        } catch let error as LabPairError {
            guard case .deleted = error else { return .error(400, error.description) }
            let next = recorder.next.map(\.json) ?? "null"
            return .json(409, "{\"error\": \(JSONWriter.string(error.description)), \"next\": \(next)}")
        } catch let busy as LabRecorder.Busy {
            // Nothing was stored: the page lets the person answer again.
            return .json(503, "{\"error\": \(JSONWriter.string(busy.description)), \"retry\": true}")
        } catch {
            return .error(500, "the answer was not stored: \(error)")
        }
    }

    /// The pair and answer of a `POST /preferences` body.
    static func parsePreference(_ body: [UInt8]) throws(LabPairError) -> (pair: Int, answer: Preference.Answer) {
        let root: JSONNode
        do {
            root = try JSONParser.parse(body)
        } catch {
            throw .invalidAnswer(key: error.path.keyPath, reason: "invalid JSON: \(error.reason)")
        }
        guard let members = root.members else {
            throw .invalidAnswer(key: "", reason: "an answer is a JSON object {\"pair\": N, \"answer\": \"first\" | \"second\" | \"same\"}")
        }
        var pair: Int?
        var answer: Preference.Answer?
        for member in members {
            switch member.key {
            case "pair":
                guard let number = member.node.number?.integerValue, number >= 1 else {
                    throw .invalidAnswer(key: "pair", reason: "must be a pair's number (an integer from 1), found \(member.node.value.kindDescription)")
                }
                pair = number
            case "answer":
                guard let word = member.node.string, let parsed = Preference.Answer(rawValue: word) else {
                    throw .invalidAnswer(key: "answer", reason: "must be \"first\", \"second\" or \"same\"")
                }
                answer = parsed
            default:
                throw .invalidAnswer(key: member.key, reason: "unknown key (an answer has \"pair\" and \"answer\")")
            }
        }
        guard let pair else { throw .invalidAnswer(key: "pair", reason: "missing") }
        guard let answer else { throw .invalidAnswer(key: "answer", reason: "missing") }
        return (pair, answer)
    }
}
