/// The order in which ``Store/forEachTrace(_:orderedBy:_:)`` reads traces.
public enum TraceOrder: Sendable, Hashable {
    /// By `trace.id`: the order in which the traces were first stored.
    case id
    /// By name, compared by their UTF-8 bytes (SQLite's `BINARY` collation),
    /// so that the order is the same on every machine and in every locale:
    /// `Z` before `a`, an NFC `é` (C3 A9) before an NFD `e` + U+0301, which
    /// are two distinct names (docs/commands.md §7.6, `export traces`).
    case name
}
