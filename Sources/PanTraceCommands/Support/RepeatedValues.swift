/// The values of the options a command line may repeat thousands of times
/// (`--trace`, `--family`, `--set`, `--from`, `--preset`, `--config`,
/// `--sweep`), taken out before the argument parser sees them.
///
/// swift-argument-parser 1.8.2 copies an array option's values, and the set
/// of places they came from, at each occurrence (`ParsedValues.update`):
/// 10,000 `--trace` took 9 s and 40,000 took 140 s. The parser is given only
/// the first occurrence of each (so it still says when the command has no
/// such option, or a value is missing), and the command reads every value,
/// in order, through ``values(of:parsed:)`` (docs/performance.md). An option
/// a command takes once (`replay --preset`) is still refused when repeated
/// (``RepeatedOption``, which reads the whole command line).
package enum RepeatedValues {
    /// The options collected.
    static let names: Set<String> = ["--trace", "--family", "--set", "--from", "--preset", "--config", "--sweep"]

    /// The values of each option given more than once in the command line being parsed and run.
    @TaskLocal static var given: [String: [String]] = [:]

    /// Every value of `option`: those collected from the command line, else what the parser gave.
    static func values(of option: String, parsed: [String]) -> [String] {
        given[option] ?? parsed
    }

    /// `arguments` with the second and later occurrences of each option of
    /// ``names`` left out, and the values of those given more than once.
    ///
    /// An occurrence whose value the parser would not take (`--trace` last,
    /// or before another option) is left where it is, for the parser to refuse;
    /// nothing after `--` is an option.
    static func collect(_ arguments: [String]) -> (arguments: [String], values: [String: [String]]) {
        var kept: [String] = []
        kept.reserveCapacity(arguments.count)
        var values: [String: [String]] = [:]
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--" {
                kept += arguments[index...]
                break
            }
            var occurrence: (name: String, value: String, width: Int)?
            if names.contains(argument), index + 1 < arguments.endIndex {
                let next = arguments[index + 1]
                if next == "-" || !next.hasPrefix("-") { occurrence = (argument, next, 2) }
            } else if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                let name = String(argument[..<equals])
                if names.contains(name) { occurrence = (name, String(argument[argument.index(after: equals)...]), 1) }
            }
            guard let occurrence else {
                kept.append(argument)
                index += 1
                continue
            }
            values[occurrence.name, default: []].append(occurrence.value)
            if values[occurrence.name]?.count == 1 { kept += arguments[index..<(index + occurrence.width)] }
            index += occurrence.width
        }
        return (kept, values.filter { $0.value.count > 1 })
    }
}
