import ArgumentParser
import PanTraceStore

/// `--db PATH`, shared by every subcommand.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The pantrace database.", valueName: "path"))
    var db: String = "pantrace.sqlite"

    /// Opens (creating when needed) the database.
    func open(readOnly: Bool = false) throws -> Store {
        try Store(path: db, readOnly: readOnly)
    }
}
