import ArgumentParser
import PanTraceModel
import PanTraceStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--db PATH`, shared by every subcommand.
package struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The pantrace database.", valueName: "path"))
    package var db: String = "pantrace.sqlite"

    package init() {}

    /// SQLite reads an empty path and `:memory:` as a throwaway database: a
    /// record into one would report success and keep nothing.
    package func validate() throws {
        if db.isEmpty || db == ":memory:" {
            throw ValidationError("--db needs the path of a database file, not '\(db)'")
        }
    }

    /// Opens (creating when needed) the database.
    package func open(readOnly: Bool = false) throws -> Store {
        try Store(path: db, readOnly: readOnly)
    }

    /// Opens a database that must exist already (replay, regress, tune, runs, show):
    /// a mistyped `--db` is an error (exit 66) and leaves no new empty file behind.
    package func openExisting(readOnly: Bool = false) throws -> Store {
        if access(FileContext.location(of: db), F_OK) != 0 {
            let folder = db.lastIndex(of: "/").map { $0 == db.startIndex ? "/" : String(db[..<$0]) } ?? "."
            let exists = access(FileContext.location(of: folder), F_OK) == 0
            let reason = exists ? "no such file (pantrace record creates it)" : "no such folder: \(folder)"
            throw StoreError.cannotOpen(path: db, reason: reason)
        }
        return try open(readOnly: readOnly)
    }
}
