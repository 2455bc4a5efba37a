/// Which stored traces to read: all, by name, by family, or by name or family.
public enum TraceFilter: Sendable, Hashable {
    /// Every stored trace.
    case all
    /// The traces with these names; a name that is not stored is an error.
    case names([String])
    /// The traces whose `family` is one of these (none may match).
    case families([String])
    /// The traces with these names and those of these families (the union of
    /// ``names(_:)`` and ``families(_:)``); a name that is not stored is an error.
    case namesOrFamilies(names: [String], families: [String])
}
