import ArgumentParser

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Pantrace {
    /// `pantrace lab` (docs/lab.md): runs `pantrace-lab`, built beside
    /// `pantrace`, with the same arguments (by exec: the same process, its
    /// signals and exit status).
    ///
    /// The lab's HTTP server (Hummingbird on SwiftNIO) brings Foundation with it; kept in
    /// an executable of its own, it is loaded only by the lab, and every
    /// other command starts as fast as before (docs/performance.md).
    struct LabLauncher: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lab",
            abstract: "Serve a page that collects real, labelled gestures from a phone's browser.",
            discussion: "See 'pantrace lab --help'.",
            helpNames: [])

        @Argument(parsing: .captureForPassthrough)
        var arguments: [String] = []

        func run() throws {
            // Another program takes the process over: never the process of a caller running commands in-process.
            guard Console.current.ownsProcess else {
                throw ValidationError("pantrace lab becomes pantrace-lab (exec): run it as a program, not in-process")
            }
            guard let program = Self.labProgram() else {
                throw ValidationError(
                    "pantrace-lab is not beside pantrace: build it with 'swift build' (or 'swift build --product pantrace-lab')")
            }
            try Console.finish()
            let argv = ([program] + arguments).map { strdup($0) } + [nil]
            execv(program, argv)
            // Only on failure.
            let reason = String(cString: strerror(errno))
            argv.forEach { free($0) }
            throw ValidationError("cannot run \(program): \(reason)")
        }

        /// `pantrace-lab` in the folder of the running `pantrace`.
        static func labProgram() -> String? {
            guard let own = executablePath() else { return nil }
            let folder = own.lastIndex(of: "/").map { String(own[..<$0]) } ?? "."
            let candidate = folder + "/pantrace-lab"
            return access(candidate, X_OK) == 0 ? candidate : nil
        }

        /// The running executable's path (symbolic links resolved on Linux).
        static func executablePath() -> String? {
            #if os(Linux)
            var buffer = [CChar](repeating: 0, count: 4096)
            let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            guard count > 0 else { return nil }
            return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            #elseif canImport(Darwin)
            var size: UInt32 = 4096
            var buffer = [CChar](repeating: 0, count: Int(size))
            guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
            return String(cString: buffer)
            #else
            return CommandLine.arguments.first
            #endif
        }
    }
}
