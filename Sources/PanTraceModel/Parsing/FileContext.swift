/// Where a relative path and `-` lead for the work of the current task: the
/// process's current directory and standard input, unless the task runs a
/// command for a caller that gave others (the command line run in-process).
///
/// Every library that opens a file by the path a user gave (the trace and
/// config readers, the store, output files) opens `location(of:)` and
/// still names the path as given in its messages and errors. A task-local
/// rather than the process's `chdir`: commands run side by side in one
/// process, each in a folder of its own.
package struct FileContext: Sendable {
    /// The folder relative paths are in; `nil` for the process's current directory.
    package var directory: String?
    /// The descriptor `-` reads (0, the process's standard input, unless given).
    package var standardInput: Int32

    package init(directory: String? = nil, standardInput: Int32 = 0) {
        self.directory = directory
        self.standardInput = standardInput
    }

    /// The context of the running task.
    @TaskLocal package static var current = FileContext()

    /// The path the system is given for `path`: `path` itself when it is
    /// absolute, empty or the context has no folder; else `path` in the folder.
    package static func location(of path: String) -> String {
        guard let directory = current.directory, !path.isEmpty, !path.hasPrefix("/") else { return path }
        return directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }
}
