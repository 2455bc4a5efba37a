import ArgumentParser
import PanTraceKit
import PanTraceCore

extension Pantrace {
    /// `pantrace generate`: the synthetic traces `record` would use, as JSON Lines.
    struct Generate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "generate",
            abstract: "Print synthetic traces as JSON Lines, the same that 'record' generates.",
            discussion: """
                The same --seed, --count and families give byte-identical output on every machine.

                Example:
                  pantrace generate --count 20 --seed 7 --family flick > flicks.jsonl
                  pantrace generate --observe-under uikit-sheet --observe-noise 0.1 > app.jsonl
                """)

        @OptionGroup var observe: ObserveOptions

        @Option(name: .long, parsing: .unconditional, help: "Traces to generate.")
        var count: Int = SyntheticTraces.defaultCount

        @Option(name: .long, help: "Seed of the generator.")
        var seed: UInt64 = 1

        @Option(name: .customLong("family"), help: ArgumentHelp("A family (repeatable; default every one without detents): \(SyntheticFamily.all.map(\.name).joined(separator: ", ")); with detents: \(SyntheticFamily.sheets.map(\.name).joined(separator: ", ")).", valueName: "name"))
        var familyGiven: [String] = []
        /// Every --family given, in order (``RepeatedValues``: the parser may see only the first).
        var family: [String] { RepeatedValues.values(of: "--family", parsed: familyGiven) }

        func validate() throws {
            for name in family {
                do { _ = try SyntheticFamily(name: name) } catch { throw ValidationError("\(error)") }
            }
            guard count >= 0 else { throw ValidationError("--count must be 0 or more, not \(count)") }
        }

        func run() throws {
            let traces = SyntheticTraces(
                count: count, seed: seed, families: family.compactMap(SyntheticFamily.init(rawValue:)),
                observer: try observe.observer(seed: seed))
            let corpus = traces.corpus
            for index in 0..<count {
                try Console.out(traces.trace(at: index, of: corpus).jsonLine() + "\n")
            }
        }
    }
}
