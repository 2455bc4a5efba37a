import PanTraceModel

extension LabTask {
    /// The keys of a task in a lab's task file (docs/lab.md).
    package static let fileKeys = ["id", "prompt", "intent", "scrollOffset", "scrollContent", "detents", "detent", "repeat"]

    /// Reads the task list of a lab's task file (docs/lab.md): a JSON array of
    /// `{"id", "prompt", "intent", "scrollOffset", "scrollContent", "detents", "detent", "repeat"}`.
    ///
    /// Checked as a config is (docs/configs.md): an unknown key, a wrong type
    /// or an out-of-range value is a ``ConfigError`` of kind `invalidData`
    /// (exit 65) naming the file, the line and the key (`[2].intent`). `id`
    /// and `prompt` are required; `intent` is `finish`, `cancel`, the name of
    /// one of the task's detents, or `null` (the default); the scroll view's
    /// offset and content default to 0; `detents` is an object of names and
    /// heights as a trace's (docs/model.md §3), default the session's
    /// `sessionDetents`; `detent`, the one the sheet starts at,
    /// names one of them (default the tallest); `repeat` defaults to `defaultRepeat`.
    /// An error names the session's detents as `sessionDetentsName` (a command passes its option).
    package static func list(
        json bytes: [UInt8], file: String?, defaultRepeat: Int = LabTask.defaultRepeat, sessionDetents: [Detent]? = nil,
        sessionDetentsName: String = "the session's"
    ) throws(ConfigError) -> [LabTask] {
        func failure(at offset: Int, key: String, _ reason: String) -> ConfigError {
            ConfigError(kind: .invalidData, file: file, line: lineNumber(of: offset, in: bytes), key: key, reason: reason)
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw failure(at: error.offset, key: error.path.keyPath, "invalid JSON: \(error.reason)")
        }
        guard let elements = root.elements else {
            throw failure(at: root.range.lowerBound, key: "", "a task list must be a JSON array of tasks, found \(root.value.kindDescription)")
        }
        guard !elements.isEmpty else { throw failure(at: root.range.lowerBound, key: "", "the task list is empty") }
        var tasks: [LabTask] = []
        var ids: Set<String> = []
        for (index, element) in elements.enumerated() {
            let path = "[\(index)]"
            guard let members = element.members else {
                throw failure(at: element.range.lowerBound, key: path, "a task must be an object, found \(element.value.kindDescription)")
            }
            var task = LabTask(id: "", prompt: "", intent: nil, repeatCount: defaultRepeat)
            var seen: Set<String> = []
            var intentWord: (text: String, offset: Int)?
            var detentAt = 0
            for member in members {
                let key = "\(path).\(member.key)"
                let at = member.node.range.lowerBound
                guard fileKeys.contains(member.key) else {
                    throw failure(at: member.keyOffset, key: key, unknownKeyReason(member.key))
                }
                guard seen.insert(member.key).inserted else { throw failure(at: member.keyOffset, key: key, "the key occurs twice") }
                switch member.key {
                case "id":
                    guard let text = member.node.string, (1...100).contains(text.count), !text.contains(where: \.isNewline) else {
                        throw failure(at: at, key: key, "must be a string of 1–100 characters on one line, found \(describe(member.node))")
                    }
                    guard ids.insert(text).inserted else { throw failure(at: at, key: key, "another task has the id \"\(text)\"") }
                    task.id = text
                case "prompt":
                    guard let text = member.node.string, (1...500).contains(text.count) else {
                        throw failure(at: at, key: key, "must be a string of 1–500 characters, found \(describe(member.node))")
                    }
                    task.prompt = text
                case "intent":
                    switch member.node.value {
                    case .null: task.intent = nil
                    case .string(let word) where Intent(rawValue: word) != nil: task.intent = Intent(rawValue: word)
                    // A detent's name: checked against the task's detents once they are known.
                    case .string(let word): intentWord = (word, at)
                    default:
                        throw failure(at: at, key: key, "must be \"finish\", \"cancel\", a detent's name or null, found \(describe(member.node))")
                    }
                case "detents":
                    guard let entries = member.node.members else {
                        throw failure(at: at, key: key, "must be an object of detent names and heights ({\"medium\": 0.5, \"large\": 1}), found \(describe(member.node))")
                    }
                    var detents: [Detent] = []
                    for entry in entries {
                        guard let height = entry.node.number?.value else {
                            throw failure(
                                at: entry.node.range.lowerBound, key: "\(key).\(entry.key)",
                                "must be a height (a number > 0 and ≤ 1, a fraction of the extent), found \(describe(entry.node))")
                        }
                        detents.append(Detent(name: entry.key, height: height))
                    }
                    if let issue = Detent.issue(in: detents) {
                        let entry = entries.first { "detents." + $0.key == issue.keyPath }
                        throw failure(at: entry?.node.range.lowerBound ?? at, key: path + "." + issue.keyPath, issue.reason)
                    }
                    task.detents = detents
                case "detent":
                    guard let name = member.node.string else {
                        throw failure(at: at, key: key, "must be the name of one of the task's detents, found \(describe(member.node))")
                    }
                    task.detent = name
                    detentAt = at
                case "scrollOffset":
                    guard let number = member.node.number?.value, number.isFinite else {
                        throw failure(at: at, key: key, "must be a finite number of points, found \(describe(member.node))")
                    }
                    task.scrollOffset = number
                case "scrollContent":
                    guard let number = member.node.number?.value, number.isFinite, number >= 0 else {
                        throw failure(at: at, key: key, "must be a number ≥ 0 (points; 0 = no scroll view), found \(describe(member.node))")
                    }
                    task.scrollContent = number
                default:  // repeat
                    guard let count = member.node.number?.integerValue, (1...1000).contains(count) else {
                        throw failure(at: at, key: key, "must be an integer from 1 to 1000, found \(describe(member.node))")
                    }
                    task.repeatCount = count
                }
            }
            for required in ["id", "prompt"] where !seen.contains(required) {
                throw failure(at: element.range.lowerBound, key: "\(path).\(required)", "missing (every task needs an id and a prompt)")
            }
            let detents = task.detents ?? sessionDetents
            let names = detents.map { list in list.map { "`\($0.name)`" }.joined(separator: ", ") } ?? ""
            if let name = task.detent {
                guard let detents else {
                    throw failure(at: detentAt, key: "\(path).detent", "allowed only with detents (the task's `detents` or \(sessionDetentsName)): it names the detent the sheet starts at")
                }
                guard detents.contains(where: { $0.name.isScalarEqual(to: name) }) else {
                    throw failure(at: detentAt, key: "\(path).detent", "\(JSONWriter.string(name)) is not one of the detents (\(names))")
                }
            }
            if let word = intentWord {
                guard let detents, detents.contains(where: { $0.name.isScalarEqual(to: word.text) }) else {
                    throw failure(
                        at: word.offset, key: "\(path).intent",
                        detents == nil
                            ? "must be \"finish\", \"cancel\" or null, found \"\(word.text.prefix(40))\" (a detent's name is an intent only for a task with detents)"
                            : "must be \"finish\", \"cancel\", a detent's name (\(names)) or null, found \"\(word.text.prefix(40))\"")
                }
                task.intent = Intent(word: word.text)
            }
            tasks.append(task)
        }
        // The page carries the whole expanded list: bounded, so that it stays a page.
        let asked = tasks.reduce(0) { $0 + $1.repeatCount }
        guard asked <= maximumAsked else {
            throw failure(
                at: root.range.lowerBound, key: "",
                "the tasks ask for \(asked) gestures in all (each task's repeat added up); at most \(maximumAsked) per session")
        }
        return tasks
    }

    /// The most gestures a session's task list may ask for, repeats included: 10,000.
    package static let maximumAsked = 10_000

    /// Reads the task list at `path`.
    ///
    /// - Throws: `InputFileError` when it cannot be read or is over 1 MiB (exit 66), ``ConfigError`` (exit 65).
    package static func list(
        path: String, defaultRepeat: Int = LabTask.defaultRepeat, sessionDetents: [Detent]? = nil,
        sessionDetentsName: String = "the session's"
    ) throws -> [LabTask] {
        try list(
            json: InputFile.bytes(atPath: path), file: path, defaultRepeat: defaultRepeat, sessionDetents: sessionDetents,
            sessionDetentsName: sessionDetentsName)
    }

    private static func unknownKeyReason(_ key: String) -> String {
        let close = fileKeys.min { distance(key, $0) < distance(key, $1) }
        if let close, distance(key, close) <= 2 { return "unknown key (did you mean `\(close)`?)" }
        return "unknown key (a task has \(fileKeys.joined(separator: ", ")))"
    }

    /// Levenshtein distance, case-insensitive.
    private static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased()), b = Array(b.lowercased())
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }

    private static func describe(_ node: JSONNode) -> String {
        switch node.value {
        case .string(let text): "\"\(text.prefix(40))\""
        case .number(let number): JSONWriter.number(number.value)
        default: node.value.kindDescription
        }
    }

    /// The 1-based line of byte `offset`.
    private static func lineNumber(of offset: Int, in bytes: [UInt8]) -> Int {
        1 + bytes.prefix(max(0, min(offset, bytes.count))).reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }
}
