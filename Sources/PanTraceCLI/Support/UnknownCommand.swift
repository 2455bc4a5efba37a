/// A first argument that is no subcommand (`pantrace recrod --count 5`): named,
/// with the nearest subcommand as a suggestion, before the parser would
/// complain about the options that follow it.
enum UnknownCommand {
    /// The subcommands' names, and the parser's own `help`.
    static var names: [String] {
        Pantrace.configuration.subcommands.map { $0._commandName } + ["help"]
    }

    /// The error message for `arguments`, or `nil` when they start with an
    /// option or a subcommand.
    static func message(for arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), !names.contains(first) else { return nil }
        var text = "pantrace: error: unknown command '\(first)'"
        if let nearest = suggestion(for: first) { text += "; did you mean '\(nearest)'?" }
        return text + "\nUsage: pantrace <subcommand> [options]\n  Commands: " + names.dropLast().joined(separator: ", ")
            + ". See 'pantrace --help'."
    }

    /// The subcommand within two edits of `word` (the closest), if any.
    static func suggestion(for word: String) -> String? {
        let scored = names.map { (name: $0, distance: distance(word, $0)) }
        guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= 2 else { return nil }
        return best.name
    }

    /// The Damerau–Levenshtein (optimal string alignment) distance: a swap of
    /// two neighbours (`recrod`) counts as one edit.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
