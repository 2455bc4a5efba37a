import PanTraceModel

/// A gesture posted to the lab, made into the trace that is stored (docs/lab.md).
///
/// The page posts a trace of docs/model.md §3 without `name`; the server
/// names it (`lab-SESSION-N`), takes its `intent` from the task that
/// `meta.task` names, and sets the `meta` keys that only it knows
/// (`source`, `session`, `task`, `prompt`; `userAgent` from the request
/// when the page did not say it). For a task with detents it writes the
/// task's `detents` and start `detent` (docs/model.md §4.10); posted ones
/// must be the task's. The result is then checked exactly as
/// `record` checks a line of JSON Lines, so that a refused gesture gets
/// `record`'s message.
package struct LabGesture: Sendable {
    /// The stored trace, valid.
    package var trace: Trace
    /// The task it was made for, when `meta.task` named one.
    package var task: LabTask?
    /// The pair it was made for in a session that compares two configs (`meta.pair`).
    package var pair: Int?

    /// The members the server writes itself; a posted value of one is replaced.
    static let serverKeys: Set<String> = ["name", "intent", "intentSource", "meta"]
    /// The `meta` keys the server writes itself.
    static let serverMetaKeys: Set<String> = ["source", "session", "task", "prompt"]

    /// The gesture in `body` (a JSON object), named `name`, from `session`.
    ///
    /// - Parameters:
    ///   - tasks: the session's tasks, which `meta.task` must name when present.
    ///   - userAgent: the request's `User-Agent`, stored when `meta` has none.
    ///   - pairing: the session compares two configs: `meta.pair`, when
    ///     posted, must be a pair's number (an integer from 1), and is
    ///     written after `prompt`.
    /// - Throws: `TraceError` with `record`'s message (no file or line).
    package init(body: [UInt8], name: String, session: String, tasks: [LabTask], userAgent: String?, pairing: Bool = false) throws(TraceError) {
        let root: JSONNode
        do {
            root = try JSONParser.parse(body)
        } catch {
            // record's own message for a line that is not JSON, from the bytes as
            // posted (decoding them as text first would move an invalid byte).
            throw TraceError(keyPath: error.path.keyPath, reason: "invalid JSON: \(error.reason) (column \(error.column))")
        }
        guard let members = root.members else {
            _ = try Trace(jsonLine: String(decoding: body, as: UTF8.self))
            throw TraceError(keyPath: "", reason: "a gesture must be a JSON object, found \(root.value.kindDescription)")
        }
        func text(_ range: Range<Int>) -> String { String(decoding: body[range], as: UTF8.self) }

        // meta: an object, or absent; the page's keys are kept.
        var metaMembers: [(key: String, text: String)] = []
        var postedTask: String?
        var postedIntent: JSONNode?
        var postedDetents: JSONNode?
        var postedDetent: JSONNode?
        for member in members {
            switch member.key {
            case "meta":
                guard let pairs = member.node.members else {
                    throw TraceError(keyPath: "meta", reason: "must be an object, found \(member.node.value.kindDescription)")
                }
                for pair in pairs {
                    if pair.key == "task" {
                        guard let id = pair.node.string else {
                            throw TraceError(keyPath: "meta.task", reason: "must be the id of a task (a string), found \(pair.node.value.kindDescription)")
                        }
                        postedTask = id
                    }
                    if pairing, pair.key == "pair" {
                        guard let number = pair.node.number?.integerValue, number >= 1 else {
                            throw TraceError(keyPath: "meta.pair", reason: "must be a pair's number (an integer from 1), found \(text(pair.node.range))")
                        }
                        self.pair = number
                        continue
                    }
                    if !Self.serverMetaKeys.contains(pair.key) {
                        metaMembers.append((pair.key, text(pair.node.range)))
                    }
                }
            case "intent":
                postedIntent = member.node
            case "detents":
                postedDetents = member.node
            case "detent":
                postedDetent = member.node
            default:
                break
            }
        }
        var intent: Intent?
        if let postedTask {
            guard let found = tasks.first(where: { $0.id == postedTask }) else {
                throw TraceError(
                    keyPath: "meta.task",
                    reason: "no task \(JSONWriter.string(postedTask)) in this lab session (\(tasks.map(\.id).joined(separator: ", ")))")
            }
            task = found
            intent = found.intent
            if let postedIntent, postedIntent.value != .null, postedIntent.string != found.intent?.rawValue {
                throw TraceError(
                    keyPath: "intent",
                    reason: "the task \(JSONWriter.string(found.id)) means \(found.intent.map { JSONWriter.string($0.rawValue) } ?? "no intent"), not \(text(postedIntent.range))")
            }
        } else {
            task = nil
        }
        // A task with detents: the sheet the page drew is the task's, which the server writes.
        let sheet = task.flatMap { task in task.detents.map { ($0, task.startDetent?.name ?? "") } }
        if let task, let (detents, start) = sheet {
            if let postedDetents, postedDetents.value != .null {
                let posted = postedDetents.members?.map { ($0.key, $0.node.number?.value) }
                let same = posted.map { list in
                    list.count == detents.count
                        && list.allSatisfy { name, height in detents.contains { $0.name.isScalarEqual(to: name) && $0.height == height } }
                } ?? false
                guard same else {
                    throw TraceError(
                        keyPath: "detents",
                        reason: "the task \(JSONWriter.string(task.id)) has the detents \(Trace.detentsJSON(detents)), not \(text(postedDetents.range))")
                }
            }
            if let postedDetent, postedDetent.value != .null, postedDetent.string.map({ !$0.isScalarEqual(to: start) }) ?? true {
                throw TraceError(
                    keyPath: "detent",
                    reason: "the task \(JSONWriter.string(task.id)) starts at \(JSONWriter.string(start)), not \(text(postedDetent.range))")
            }
        }

        var line = "{\"name\": " + JSONWriter.string(name)
        for member in members where !Self.serverKeys.contains(member.key) {
            if sheet != nil, member.key == "detents" || member.key == "detent" { continue }
            line += ", " + text(member.keyOffset..<member.node.range.upperBound)
        }
        if let (detents, start) = sheet {
            line += ", \"detents\": " + Trace.detentsJSON(detents) + ", \"detent\": " + JSONWriter.string(start)
        }
        if task != nil {
            if let intent {
                line += ", \"intent\": " + JSONWriter.string(intent.rawValue)
                // A lab task's intent is the person's: they were asked (docs/lab.md).
                line += ", \"intentSource\": \"person\""
            }
        } else if let postedIntent {
            line += ", \"intent\": " + text(postedIntent.range)
        }
        var meta = [("source", JSONWriter.string("lab")), ("session", JSONWriter.string(session))]
        if let task {
            meta += [("task", JSONWriter.string(task.id)), ("prompt", JSONWriter.string(task.prompt))]
        }
        if let pair { meta.append(("pair", String(pair))) }
        meta += metaMembers.map { ($0.key, $0.text) }
        if !metaMembers.contains(where: { $0.key == "userAgent" }), let userAgent {
            meta.append(("userAgent", JSONWriter.string(userAgent)))
        }
        line += ", \"meta\": {" + meta.map { JSONWriter.string($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}}"
        // Line breaks inside the posted values are JSON whitespace: one line for the reader.
        if line.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
            line = String(String.UnicodeScalarView(line.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
        }
        trace = try Trace(jsonLine: line)
    }
}
