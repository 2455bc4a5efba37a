import ArgumentParser
import PanTraceCore
import PanTraceStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one place that maps errors to SPEC 7.4's exit statuses and messages.
enum Failure {
    static let usage: Int32 = 64
    static let invalidData: Int32 = 65
    static let cannotOpen: Int32 = 66
    static let internalError: Int32 = 70

    /// Errors of swift-argument-parser's own (help requested, a bad option …),
    /// which only it knows how to print.
    static func isArgumentParserError(_ error: Error) -> Bool {
        if error is ExitCode || error is ValidationError { return false }
        return String(reflecting: type(of: error)).hasPrefix("ArgumentParser.")
    }

    /// The exit status for `error`.
    static func status(of error: Error) -> Int32 {
        switch error {
        case let exit as ExitCode: exit.rawValue
        case is ValidationError, is UsageError: usage
        case is TraceError: invalidData
        case let config as ConfigError: config.isUsage ? usage : invalidData
        case is InputFileError, is OutputFileError: cannotOpen
        case let store as StoreError: status(of: store)
        default: internalError
        }
    }

    static func status(of error: StoreError) -> Int32 {
        switch error {
        case .cannotOpen, .notAPantraceDatabase, .newerSchema, .readOnly: cannotOpen
        case .traceConflict, .duplicateTrace: invalidData
        case .traceNotFound, .runNotFound: usage
        case .sqlite: internalError
        }
    }

    /// Prints `pantrace: error: …` to standard error and exits with the error's status.
    static func terminate(with error: Error) -> Never {
        if let code = error as? ExitCode { exit(code.rawValue) }
        let message: String
        switch error {
        case let validation as ValidationError: message = validation.message
        default: message = String(describing: error)
        }
        Console.error("pantrace: error: \(message)")
        if status(of: error) == usage, !(error is StoreError) {
            Console.error("(see 'pantrace help')")
        }
        exit(status(of: error))
    }
}

/// A command line that parses but asks for something impossible (exit 64).
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
