import PanTraceModel

/// The detents of a lab session (docs/lab.md "A sheet with detents"): `pantrace lab
/// --detents medium=0.5,large=1` gives every task those detents, starting at
/// the tallest unless the task says otherwise, and adds the built-in detent
/// tasks.
package enum LabDetents {
    /// Why a detent list was refused: the entry at fault (when one is) and the rule it breaks.
    package struct Invalid: Error, Sendable, Equatable, CustomStringConvertible {
        /// The entry as written (`medium=2`), or `nil` when the list as a whole is at fault.
        package var entry: String?
        /// The rule it breaks, in words.
        package var reason: String

        package var description: String {
            entry.map { "\(JSONWriter.string($0)): \(reason)" } ?? reason
        }
    }

    /// The detents written as `NAME=H,…` (`medium=0.5,large=1`), checked by
    /// docs/model.md §3's rules for `detents`: 1–8 entries, each a name of
    /// 1–40 characters (not `finish` or `cancel`, named once) and a height,
    /// a fraction of the extent, finite, > 0 and ≤ 1; no two heights equal.
    /// Spaces around names and heights are ignored.
    package static func parse(_ text: String) throws(Invalid) -> [Detent] {
        let entries = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard !text.allSatisfy(\.isWhitespace) else {
            throw Invalid(entry: nil, reason: "needs at least one detent, as NAME=HEIGHT (medium=0.5,large=1)")
        }
        var detents: [Detent] = []
        for entry in entries {
            let parts = entry.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else {
                throw Invalid(entry: entry, reason: "each detent is NAME=HEIGHT, a name and a fraction of the extent (medium=0.5)")
            }
            let name = parts[0].trimmingSpaces
            let heightText = parts[1].trimmingSpaces
            guard let height = Double(heightText), !heightText.hasPrefix("+"), heightText.allSatisfy({ "0123456789.eE-".contains($0) }) else {
                throw Invalid(entry: entry, reason: "the height must be a number > 0 and ≤ 1 (a fraction of the extent), found \(JSONWriter.string(heightText))")
            }
            detents.append(Detent(name: name, height: height))
        }
        if let issue = Detent.issue(in: detents) {
            let named = issue.keyPath.hasPrefix("detents.") ? String(issue.keyPath.dropFirst("detents.".count)) : nil
            let entry = named.flatMap { name in entries.first { $0.split(separator: "=", omittingEmptySubsequences: false).first?.trimmingSpaces == name } }
            throw Invalid(entry: entry, reason: issue.reason)
        }
        return detents
    }

    /// `detents` sorted from the tallest down.
    static func tallestFirst(_ detents: [Detent]) -> [Detent] {
        detents.sorted { $0.height > $1.height }
    }

    /// `tasks` with the session's `detents` given to every task that has none
    /// of its own (starting at the tallest); a task's own detents win.
    package static func apply(_ detents: [Detent]?, to tasks: [LabTask]) -> [LabTask] {
        guard let detents else { return tasks }
        return tasks.map { task in
            var task = task
            if task.detents == nil { task.detents = detents }
            return task
        }
    }

    /// The built-in detent tasks for a sheet with `detents` (docs/lab.md):
    /// drop it to the next smaller detent from the tallest (intent that
    /// detent), expand it from the next smaller (intent the tallest), flick
    /// it down to the next smaller from the tallest, and close it from the
    /// tallest (`finish`). With three or more, also each lower step down
    /// and up (`drop-to-NAME`, `raise-to-NAME`) and closing from the lowest,
    /// so that every detent is a start and an aim. With one detent, only
    /// closing from the tallest.
    package static func builtInTasks(for detents: [Detent], repeatCount: Int = LabTask.defaultRepeat) -> [LabTask] {
        let ordered = tallestFirst(detents)
        guard let tallest = ordered.first else { return [] }
        var tasks: [LabTask] = []
        if ordered.count >= 2 {
            let smaller = ordered[1]
            tasks += [
                LabTask(
                    id: "drop", prompt: "Drop the sheet to \(smaller.name): drag it down a little and let it rest there.",
                    intent: Intent(word: smaller.name), repeatCount: repeatCount, detents: detents, detent: tallest.name),
                LabTask(
                    id: "expand", prompt: "Expand the sheet: drag it up to \(tallest.name).",
                    intent: Intent(word: tallest.name), repeatCount: repeatCount, detents: detents, detent: smaller.name),
                LabTask(
                    id: "flick-down", prompt: "Flick the sheet down to \(smaller.name) with a quick flick, without closing it.",
                    intent: Intent(word: smaller.name), repeatCount: repeatCount, detents: detents, detent: tallest.name),
            ]
        }
        // docs/lab.md "Every detent is used, and seen": with three or more
        // detents, tasks start at and aim for each of them, the lowest included.
        if ordered.count >= 3 {
            for index in 1..<(ordered.count - 1) {
                let upper = ordered[index]
                let lower = ordered[index + 1]
                tasks += [
                    LabTask(
                        id: "drop-to-\(lower.name)",
                        prompt: "Drop the sheet from \(upper.name) to \(lower.name): drag it down a little and let it rest there.",
                        intent: Intent(word: lower.name), repeatCount: repeatCount, detents: detents, detent: upper.name),
                    LabTask(
                        id: "raise-to-\(upper.name)", prompt: "Raise the sheet from \(lower.name) to \(upper.name): drag it up a little.",
                        intent: Intent(word: upper.name), repeatCount: repeatCount, detents: detents, detent: lower.name),
                ]
            }
            if let lowest = ordered.last {
                tasks.append(
                    LabTask(
                        id: "close-from-\(lowest.name)", prompt: "Close the sheet from \(lowest.name): drag it down.",
                        intent: .finish, repeatCount: repeatCount, detents: detents, detent: lowest.name))
            }
        }
        tasks.append(
            LabTask(
                id: "close-from-\(tallest.name)", prompt: "Close the sheet from \(tallest.name): drag it all the way down.",
                intent: .finish, repeatCount: repeatCount, detents: detents, detent: tallest.name))
        return tasks
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
