import PanTraceModel

/// Why `export actions` or `export xcuitest` refused (usage errors: docs/commands.md §7.4).
public enum GestureExportError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The test class's name is not a Swift identifier, or is a keyword.
    case badClassName(String)
    /// A baseline run is needed (for the changes, or for the default config) and the database has no runs.
    case noBaseline(database: String)

    /// What went wrong, in the library's words.
    public var description: String {
        switch self {
        case .badClassName(let name):
            "the class name \(JSONWriter.string(name)) is not a Swift identifier, or is a keyword"
        case .noBaseline(let database):
            "\(database) has no runs, so no baseline to compare with or take the config from: record some traces first (pantrace record)"
        }
    }
}
