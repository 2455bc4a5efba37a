import ArgumentParser

/// An option that takes one value given more than once (`--preset a --preset b`):
/// a usage error (64) naming it, where the argument parser would silently
/// keep the last (docs/commands.md §7.4).
///
/// `--preset` and `--config` name the config a command runs under: one;
/// `--detents` the lab's one sheet; `--versus-preset` and `--versus-config` its one config B.
/// `compare` takes several configs by design, so its `--preset` and
/// `--config` repeat.
package enum RepeatedOption {
    /// The options that take one value.
    static let single = ["--preset", "--config", "--detents", "--versus-preset", "--versus-config"]

    /// Throws when one of ``single`` occurs twice in `arguments` (before a `--`);
    /// `repeatable` lists those the command takes several of.
    package static func check(_ arguments: [String], repeatable: Set<String> = []) throws {
        var seen: [String: [String]] = [:]
        var index = arguments.startIndex
        while index < arguments.endIndex, arguments[index] != "--" {
            let argument = arguments[index]
            for option in single where !repeatable.contains(option) {
                if argument == option {
                    seen[option, default: []].append(index + 1 < arguments.endIndex ? arguments[index + 1] : "")
                } else if argument.hasPrefix(option + "=") {
                    seen[option, default: []].append(String(argument.dropFirst(option.count + 1)))
                }
            }
            index += 1
        }
        for option in single {
            guard let values = seen[option], values.count > 1 else { continue }
            let listed = values.map { "'\($0)'" }.joined(separator: ", ")
            throw ValidationError("\(option) is given \(values.count) times (\(listed)): give it once")
        }
    }
}
