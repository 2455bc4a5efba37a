import ArgumentParser
import Dispatch
import Foundation
import PanTraceKit
import PanTraceModel
import PanTraceLab
import PanTraceCommands
import ServiceLifecycle

/// `pantrace lab` (docs/lab.md): serve the gesture lab's page and store
/// every gesture made on it, with its task's intent and its result.
///
/// Its own executable, `pantrace-lab`, which `pantrace lab` execs: the
/// server brings Foundation, which no other command loads.
@main
struct LabCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pantrace lab",
        abstract: "Serve a page that collects real, labelled gestures from a phone's browser.",
        discussion: """
            The page asks for small tasks whose intent is known (close the sheet, pull it
            a little and let it go back, scroll the list …), follows the finger as the
            config says, settles as pantrace decides and says why. Every gesture is stored
            as a trace with its task's intent and its result, committed before the page
            is answered, in one run per session.

            The first line of standard output is the page's URL with its token (a new
            token at every start; a request without it gets 403); then one line per
            stored gesture. Ctrl-C or SIGTERM stops it: the summary goes to standard
            error, and it exits 0. It exits 69 when it cannot listen on the address.

            On a phone, on the same network as this machine:
              pantrace lab --host 0.0.0.0 --db lab.sqlite
              (open the printed URL on the phone; then, with the gestures stored)
              pantrace tune --db lab.sqlite --sweep threshold=0.2:0.6:0.05

            --tasks FILE: a JSON array of {"id", "prompt", "intent", "scrollOffset",
            "scrollContent", "detents", "detent", "repeat"} in place of the built-in
            tasks (docs/lab.md).

            A sheet with detents: --detents medium=0.5,large=1 gives every task a sheet
            resting at those heights (fractions of the extent), starting at the tallest,
            and adds the tasks drop it to medium, expand it, flick it down to medium and
            close it from large; the page draws the sheet at the task's detent and
            settles it where pantrace decided:
              pantrace lab --preset uikit-sheet --detents medium=0.5,large=1

            Which felt better: with --versus-preset NAME or --versus-config FILE, every
            task is done twice in a row, blind, once under the lab's own config (A, with
            --set) and once under the other (B), in an order drawn per pair; then the page
            asks which felt better. Each gesture goes to its config's run, each answer to
            the table preference; 'pantrace preferences' reports them:
              pantrace lab --preset seed --versus-preset panmodal --db ab.sqlite
              pantrace preferences --db ab.sqlite
            """,
        version: Pantrace.configuration.version)

    @OptionGroup var store: StoreOptions
    @OptionGroup var configOptions: ConfigOptions

    @Option(name: .long, help: ArgumentHelp("The address to listen on: 127.0.0.1 (this machine only), a LAN address, or 0.0.0.0 (every address).", valueName: "addr"))
    var host = "127.0.0.1"

    @Option(name: .long, help: ArgumentHelp("The port; 0 takes a free one.", valueName: "n"))
    var port = 8080

    @Option(name: .long, help: ArgumentHelp("A JSON task list in place of the built-in tasks (docs/lab.md).", valueName: "file"))
    var tasks: String?

    @Option(
        name: .customLong("versus-preset"),
        help: ArgumentHelp("Compare with this preset (config B): each task done under both, blind, then 'Which felt better?'.", valueName: "name"))
    var versusPreset: String?

    @Option(
        name: .customLong("versus-config"),
        help: ArgumentHelp("Compare with this config file (config B), as --versus-preset.", valueName: "file"))
    var versusConfig: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A sheet with detents for every task, as NAME=HEIGHT,… (fractions of the extent), starting at the tallest; adds the detent tasks.",
            valueName: "name=h,…"))
    var detents: String?

    @Option(name: .customLong("repeat"), help: ArgumentHelp("How many times each task is asked (a task's own 'repeat' wins).", valueName: "n"))
    var repeatCount = LabTask.defaultRepeat

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0–65535, not \(port)") }
        guard (1...1000).contains(repeatCount) else { throw ValidationError("--repeat must be 1–1000, not \(repeatCount)") }
        guard !host.isEmpty else { throw ValidationError("--host needs an address") }
        if versusPreset != nil, versusConfig != nil {
            throw ValidationError("--versus-preset and --versus-config both name config B: give one")
        }
        _ = try sessionDetents()
    }

    /// The session's detents (`--detents`), checked by docs/model.md §3's rules.
    func sessionDetents() throws -> [Detent]? {
        guard let detents else { return nil }
        do {
            return try LabDetents.parse(detents)
        } catch {
            throw ValidationError("--detents \(detents): \(error)")
        }
    }

    /// Config B, when the session compares two; its interaction must be config A's (one scene, blind).
    func versus(against config: Config) throws -> Config? {
        guard versusPreset != nil || versusConfig != nil else { return nil }
        let versus: Config
        do {
            versus = try ConfigSource(file: versusConfig, preset: versusPreset).resolve()
        } catch let error as PresetError {
            // The preset's own words name a preset; here it came from --versus-preset.
            throw ValidationError("--versus-" + error.description)
        }
        guard versus.interaction == config.interaction else {
            let option = versusPreset.map { "--versus-preset \($0)" } ?? "--versus-config \(versusConfig ?? "")"
            throw ValidationError(
                "\(option) is \(versus.interaction.rawValue) and the lab's config is \(config.interaction.rawValue): "
                    + "a blind pair needs one interaction (the page would tell them apart)")
        }
        return versus
    }

    func run() throws {
        let config = try configOptions.resolve()
        let versus = try versus(against: config)
        let detents = try sessionDetents()
        // docs/model.md §4.10: only a pull-to-dismiss sheet rests at detents; any other would store notApplicable only.
        if detents != nil, config.interaction != .pullToDismiss {
            throw ValidationError(
                "--detents needs a pull-to-dismiss sheet; the lab's config is \(config.interaction.rawValue), under which a sheet's detents decide nothing")
        }
        let builtIn = LabTask.builtIn(for: config.interaction, repeatCount: repeatCount)
            + (detents.map { LabDetents.builtInTasks(for: $0, repeatCount: repeatCount) } ?? [])
        let list = LabDetents.apply(
            detents, to: try tasks.map { try LabTask.list(path: $0, defaultRepeat: repeatCount, sessionDetents: detents, sessionDetentsName: "--detents") } ?? builtIn)
        let store = try self.store.open()
        // docs/lab.md: what cannot work is refused before listening (66), not answered 500 gesture after gesture.
        do {
            try store.requireWritable()
        } catch {
            store.close()
            throw error
        }
        let session = LabRecorder.newSessionName()
        var generator = SystemRandomNumberGenerator()
        let order = list.shuffledRounds(using: &generator)
        let recorder = LabRecorder(store: store, config: config, versus: versus, tasks: list, session: session)
        // docs/lab.md "Which felt better": both runs are made as the session starts, A's first.
        do {
            try recorder.beginPairedRuns()
        } catch {
            store.close()
            throw error
        }
        let printer = LinePrinter()
        // The page is made once per count of stored gestures (and, comparing two
        // configs, per next step of the pairs, which it carries), not at every GET /.
        let page = LabPage.Cache { stored, next in
            LabPage.html(config: config, tasks: order, session: session, stored: stored, versus: versus, next: next)
        }
        let responder = LabResponder(
            token: LabToken(), recorder: recorder,
            page: { page.page(stored: recorder.summary.count, next: recorder.next) },
            onStored: { stored in
                let outcome = stored.outcome
                let pair = stored.slot.map { "  pair \($0.pair) \($0.isFirst ? "first" : "second") (\($0.side.rawValue.uppercased()))" } ?? ""
                // Task ids come from the task file: escaped for the terminal (docs/safety.md).
                // A sheet with detents: where it rests (docs/model.md §4.10).
                let rest = outcome.decision == .finish ? "" : outcome.detent.map { "  at \($0)" } ?? ""
                _ = printer.line(Console.terminalSafe("\(stored.name)  \(stored.task?.id ?? "-")  \(outcome.decision.rawValue)/\(outcome.reason.rawValue)\(rest)\(pair)"))
            },
            onAnswered: { pair, preference in
                _ = printer.line(Console.terminalSafe("pair \(pair)  \(preference.task)  preferred: \(preference.choice == .same ? "the same" : preference.choice.rawValue.uppercased())"))
            })

        let server = LabServer(host: host, port: port, responder: responder)
        // docs/lab.md: SIGINT and SIGTERM stop it gracefully, within 5 s in every case
        // (the group cancels what is left after 4.5 s; the server then resets its connections).
        var configuration = ServiceGroupConfiguration(
            services: [.init(service: server)], gracefulShutdownSignals: [.sigterm, .sigint], logger: LabServer.logger)
        configuration.maximumGracefulShutdownDuration = .milliseconds(4500)
        let group = ServiceGroup(configuration: configuration)
        // The signals are the group's once it runs (until then they end the process).
        let running = Task.detached { try await group.run() }
        let listening: Int
        do {
            listening = try Blocking.await { try await server.listeningPort() }
        } catch var error as LabServer.CannotListen {
            _ = try? Blocking.await { try await running.value }
            // The new database of a lab that never listened is removed now.
            store.close()
            if error.hostIsNotAnAddress { error.reason = "--host takes an IP address (127.0.0.1, 0.0.0.0, a LAN address, ::1)" }
            Console.error("pantrace: error: \(error)")
            throw ExitCode(69)
        }

        // The URL is the one line a person needs: when it cannot be written, the lab stops (74).
        for (index, url) in server.urls(port: listening).enumerated() {
            guard !printer.line(index == 0 ? url : "also: \(url)") else { continue }
            Blocking.await { await group.triggerGracefulShutdown() }
            _ = try? Blocking.await { try await running.value }
            store.close()
            try Console.finish()
            throw ExitCode(74)
        }
        // docs/lab.md: until a signal; then the stop in its order, within 5 s in all.
        do {
            try Blocking.await { try await running.value }
        } catch {
            store.close()
            throw error
        }
        let summary = recorder.summaryText
        store.close()
        Console.errorText(summary + "\n")
    }

    /// Parses the command line as `pantrace lab`, runs it, and exits with
    /// the status docs/commands.md §7.4 gives its outcome.
    static func main() {
        Console.prepare()
        do {
            var command = try parseAsRoot(Array(CommandLine.arguments.dropFirst()))
            try RepeatedOption.check(Array(CommandLine.arguments.dropFirst()))
            try command.run()
            // Every gesture is in the database: a reader of standard output that
            // went away meanwhile does not make the session a failure.
            try? Console.finish()
            ExitStatus.exitProcess(0)
        } catch {
            ExitStatus.exitProcess(ExitStatus.conclude(with: error, root: LabCommand.self))
        }
    }
}

/// Lines on standard output, one at a time from the server's tasks, each flushed at once.
private final class LinePrinter: @unchecked Sendable {
    private let lock = NSLock()

    /// Writes `text` and a line break; false when standard output failed.
    /// A reader that went away does not stop the lab: the database is what counts.
    @discardableResult
    func line(_ text: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        do {
            try Console.out(text + "\n")
            try Console.output.flush()
            return true
        } catch {
            return false
        }
    }
}

/// Waits on the calling thread (the main thread, never one of the
/// concurrency pool's) for an async body.
private enum Blocking {
    final class Box<T>: @unchecked Sendable { var result: Result<T, Error>? }

    static func await<T>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let box = Box<T>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
            done.signal()
        }
        done.wait()
        guard let result = box.result else { throw CancellationError() }
        return try result.get()
    }

    static func await(_ body: @escaping @Sendable () async -> Void) {
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            await body()
            done.signal()
        }
        done.wait()
    }
}
