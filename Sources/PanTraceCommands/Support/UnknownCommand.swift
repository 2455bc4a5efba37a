import PanTraceModel

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
        let typed = Array(word.unicodeScalars)
        let scored = names.map { (name: $0, distance: KeySuggestion.editDistance(typed, Array($0.unicodeScalars))) }
        guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= 2 else { return nil }
        return best.name
    }
}
