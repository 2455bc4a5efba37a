import PanTraceStore

/// Which stored traces a workflow reads: traces by name and traces by
/// family; together they select the union (docs/commands.md §7.2).
///
/// Replay, regress, and later tune and export (docs/commands.md §7.5, §7.6) share it.
///
/// ```swift
/// let flicks = TraceSelection(families: ["flick"])
/// let some = TraceSelection(names: ["flick-s7-0001"], families: ["peek"])  // both
/// ```
public struct TraceSelection: Sendable, Hashable, CustomStringConvertible {
    /// Trace names; a name that is not stored is an error when the traces are read.
    public var names: [String]
    /// Families (`meta.family`); a family may match no trace.
    public var families: [String]

    /// Every stored trace.
    public static let all = TraceSelection()

    /// The traces named `names` and those of `families` (nothing given: every trace).
    public init(names: [String] = [], families: [String] = []) {
        self.names = names
        self.families = families
    }

    /// Whether every stored trace is selected.
    public var isAll: Bool { names.isEmpty && families.isEmpty }

    /// The store's filter for this selection.
    public var filter: TraceFilter {
        switch (names.isEmpty, families.isEmpty) {
        case (true, true): .all
        case (false, true): .names(names)
        case (true, false): .families(families)
        case (false, false): .namesOrFamilies(names: names, families: families)
        }
    }

    /// The selection in words: `trace a, family flick` (`every trace`).
    public var description: String {
        let chosen = names.map { "trace " + $0 } + families.map { "family " + $0 }
        return chosen.isEmpty ? "every trace" : chosen.joined(separator: ", ")
    }
}
