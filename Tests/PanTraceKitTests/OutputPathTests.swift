import Foundation
import PanTraceKit
import Testing

/// docs/commands.md §7.4: no output file may be the database, however it is spelt.
@Suite struct OutputPathTests {
    @Test func theDatabaseUnderAnySpellingIsRefused() throws {
        let workspace = try Workspace()
        try workspace.write("not really a database", to: "test.sqlite")
        let folder = workspace.folder.path
        try FileManager.default.createSymbolicLink(atPath: workspace.path("link.sqlite"), withDestinationPath: workspace.db)
        try FileManager.default.linkItem(atPath: workspace.db, toPath: workspace.path("hard.sqlite"))
        for spelling in [
            workspace.db, folder + "/./test.sqlite", folder + "//test.sqlite", workspace.path("link.sqlite"),
            workspace.path("hard.sqlite"), workspace.db + "-wal", workspace.db + "-shm", workspace.db + "-journal",
        ] {
            #expect(throws: OutputPathError.self, "\(spelling)") {
                try OutputPath.refuseDatabase(spelling, option: "--junit", database: workspace.db)
            }
        }
    }

    @Test func aDatabaseNotCreatedYetIsRefusedToo() throws {
        let workspace = try Workspace()
        let other = workspace.folder.path + "/./test.sqlite"
        #expect(throws: OutputPathError.self) {
            try OutputPath.refuseDatabase(other, option: "--html", database: workspace.db)
        }
    }

    @Test func otherFilesPass() throws {
        let workspace = try Workspace()
        try workspace.write("x", to: "test.sqlite")
        try workspace.write("y", to: "report.xml")
        for path in [workspace.path("report.xml"), workspace.path("new.html"), workspace.db + "-backup"] {
            try OutputPath.refuseDatabase(path, option: "--junit", database: workspace.db)
        }
    }

    @Test func theMessageNamesTheOptionAndWhatToDo() {
        let error = OutputPathError(option: "--junit", path: "x.sqlite", database: "x.sqlite")
        #expect(error.description.hasPrefix("--junit x.sqlite is the database x.sqlite"))
        #expect(error.description.hasSuffix("choose another file"))
    }
}
