import ArgumentParser
import PanTraceKit
import PanTraceCore
import PanTraceStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PanTraceModel

/// The one place that maps errors to docs/commands.md §7.4's exit statuses and messages.
///
/// pantrace's own error types are listed in ``status(of:)``; anything else is
/// either swift-argument-parser's (help, version, a bad option: the parser
/// says which by its exit code) or unexpected (an internal error, 70).
package enum ExitStatus {
    static let usage: Int32 = 64
    static let invalidData: Int32 = 65
    static let cannotOpen: Int32 = 66
    static let internalError: Int32 = 70
    /// docs/commands.md §7.4: a full disk, a failed write.
    static let ioFailure: Int32 = 74
    /// docs/commands.md §7.4: the database stayed locked past the busy timeout (try again).
    static let tryAgain: Int32 = 75

    /// The exit status of one of pantrace's errors; `nil` for any other error.
    static func status(of error: Error) -> Int32? {
        switch error {
        case let exit as ExitCode: exit.rawValue
        case is SyntheticFamilyError, is OutputPathError, is SweepError, is AmbiguousRunError, is PresetError, is ConfigSourceError,
            is ComparerError, is GestureExportError: usage
        case let workflow as WorkflowError: workflow.isUsage ? usage : cannotOpen
        // A --trace or --family that matches nothing names what the user asked for:
        // 64 in tune and compare as in replay and export (docs/spec-readings.md).
        case NothingToTuneError.noTraces(let selection) where !selection.isAll: usage
        case is TraceError, is NothingToTuneError, is NothingToVerifyError, is InvalidConfigError, is AllowListError: invalidData
        case let config as ConfigError: config.isUsage ? usage : invalidData
        case is InputFileError: cannotOpen
        case is FileWriteError, is StreamWriteError: ioFailure
        case let store as StoreError: storeStatus(store)
        default: nil
        }
    }

    static func storeStatus(_ error: StoreError) -> Int32 {
        switch error {
        case .cannotOpen, .notAPantraceDatabase, .newerSchema, .readOnly: cannotOpen
        case .traceConflict, .duplicateTrace: invalidData
        case .traceNotFound, .runNotFound: usage
        case .ioError: ioFailure
        case .locked: tryAgain
        case .sqlite: internalError
        }
    }

    /// What to print, where, and the exit status for `error`.
    static func report(for error: Error, root: any ParsableCommand.Type = Pantrace.self) -> (stdout: String, stderr: String, status: Int32) {
        if let code = error as? ExitCode { return ("", "", code.rawValue) }
        // A reader that closed the pipe (`| head`) has what it wanted: no message.
        if let write = error as? StreamWriteError, write.isBrokenPipe { return ("", "", ioFailure) }
        if let status = status(of: error) {
            var text = "pantrace: error: \(CommandLineWords.message(for: error) ?? "\(error)")\n"
            if status == usage, !(error is StoreError) { text += "(see 'pantrace help')\n" }
            return ("", text, status)
        }
        // swift-argument-parser's own: help and version (exit 0) go to standard
        // output as it writes them; a usage error in pantrace's voice, with the
        // parser's usage line and pointer to the help.
        switch root.exitCode(for: error) {
        case .success: return (root.fullMessage(for: error, columns: Console.textColumns) + "\n", "", 0)
        case .validationFailure: return ("", usageMessage(for: error, root: root), usage)
        default: return ("", "pantrace: error: \(error)\n", internalError)
        }
    }

    /// `pantrace: error: <the parser's message>`, then its usage line and hint.
    static func usageMessage(for error: Error, root: any ParsableCommand.Type = Pantrace.self) -> String {
        let full = root.fullMessage(for: error, columns: Console.textColumns)
        let body = full.hasPrefix("Error: ") ? String(full.dropFirst("Error: ".count)) : full
        return "pantrace: error: " + body + (body.hasSuffix("\n") ? "" : "\n")
    }

    /// Prints the report of `error` and returns its exit status.
    ///
    /// What standard output still holds is written first: when that fails, a
    /// command that had succeeded (status 0: help, a report) fails with 74;
    /// another failure keeps its own status and message.
    /// `root` is the command that parsed the line (`pantrace`, or `pantrace-lab`'s).
    package static func conclude(with error: Error, root: any ParsableCommand.Type = Pantrace.self) -> Int32 {
        var (out, err, status) = report(for: error, root: root)
        do {
            try Console.out(out)
            try Console.finish()
        } catch let failed {
            if status == 0 { (_, err, status) = report(for: failed, root: root) }
        }
        Console.errorText(err)
        return status
    }

    /// Ends the process with `status` (what `main` returns to the shell).
    package static func exitProcess(_ status: Int32) -> Never {
        exit(status)
    }
}
