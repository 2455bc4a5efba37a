import Foundation

#if canImport(Glibc)
import Glibc
import TestFolders
#endif

/// One headless Chromium for the whole test process, driven over the
/// DevTools protocol on a pipe (`--remote-debugging-pipe`: commands in on
/// file descriptor 3, replies and events out on 4, each message ended by a
/// NUL byte). Starting the browser costs about a second of CPU time and
/// loading a page in a new tab a fraction of that, so the pages share one.
///
/// Each page gets a new tab: a fresh document, its own console, and the
/// window size given by device metrics. Tabs may load at the same time.
final class DevToolsBrowser: @unchecked Sendable {
    /// A reply that is an error, a browser that went away, or no answer in time.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let process = Process()
    private let commands = Pipe()
    private let replies = Pipe()
    /// The browser's own log (standard error), and its profile.
    let work: URL
    private let condition = NSCondition()
    private let writing = NSLock()
    private var nextID = 0
    private var results: [Int: [String: Any]] = [:]
    /// Events of each session (tab), in order of arrival.
    private var events: [String: [[String: Any]]] = [:]
    private var ended: String?
    /// What async callers wait for, asked again after every message and at
    /// the end: each resumes its caller and is removed once it finds its answer.
    private var waiters: [Int: () -> Bool] = [:]
    private var nextWaiter = 0
    /// Replies nobody waits for (``post(_:_:session:)``): dropped as they come.
    private var unawaited: Set<Int> = []

    /// The browser of this test process, started on first use (and again if it died).
    static func shared(path: String) throws -> DevToolsBrowser {
        lock.lock()
        defer { lock.unlock() }
        if let running, running.isRunning { return running }
        let browser = try DevToolsBrowser(path: path)
        if running == nil {
            // Closed with the test process, its profile removed (the pipe's end would stop it too).
            atexit { DevToolsBrowser.running?.quit() }
        }
        running = browser
        return browser
    }

    nonisolated(unsafe) private static var running: DevToolsBrowser?
    private static let lock = NSLock()

    private init(path: String) throws {
        work = try TestFolders.make("chromium")
        let log = work.appending(path: "log.txt")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        // Process sets up descriptors 0-2 only: the shell moves the pipes to 3 and 4.
        // Debian's chromium 156: --headless is the new headless mode; it needs
        // --no-sandbox as root or in containers; --enable-logging=stderr with
        // --v=0 logs what pages say as CONSOLE lines. --single-process runs
        // the renderer, GPU and network services as threads of the browser
        // instead of five processes talking over IPC: the same pages, DOM
        // and console, for about 15 % less CPU (docs/performance.md).
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", #"exec "$0" "$@" 3<&0 4>&1 </dev/null >/dev/null"#, path,
            "--headless", "--no-sandbox", "--single-process", "--disable-gpu", "--enable-logging=stderr", "--v=0",
            "--user-data-dir=\(work.appending(path: "profile").path)", "--no-first-run", "--no-default-browser-check",
            "--hide-scrollbars", "--remote-debugging-pipe",
            "--disable-extensions", "--disable-component-update", "--disable-background-networking", "--disable-default-apps",
            "--disable-sync", "--no-pings", "--mute-audio", "--disable-breakpad", "--disable-crash-reporter",
            "--disable-features=Translate,MediaRouter,OptimizationHints,AutofillServerCommunication,CertificateTransparencyComponentUpdater,DialMediaRouteProvider",
            "about:blank",
        ]
        process.standardInput = commands
        process.standardOutput = replies
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        let reader = Thread { [self] in read() }
        reader.stackSize = 1 << 20
        reader.start()
    }

    var isRunning: Bool {
        condition.lock()
        defer { condition.unlock() }
        return ended == nil && process.isRunning
    }

    /// Closes the browser and removes its profile.
    func quit() {
        if isRunning, (try? send("Browser.close", timeout: 5)) != nil { process.waitUntilExit() }
        try? FileManager.default.removeItem(at: work)
    }

    /// The lines of the browser's log so far.
    var log: String { (try? String(contentsOf: work.appending(path: "log.txt"), encoding: .utf8)) ?? "" }

    // MARK: - Messages

    /// Sends `method` (to a tab when `session` is given) and waits for its result.
    @discardableResult
    func send(_ method: String, _ parameters: [String: Any] = [:], session: String? = nil, timeout: Double = 120) throws -> [String: Any] {
        try sendAll(method, [parameters], session: session, timeout: timeout)[0]
    }

    /// Sends `method` once for each of `parameters`, in order and without
    /// waiting in between (the browser handles them in the order sent), then
    /// waits for every result: one round trip's wait for the whole list.
    @discardableResult
    func sendAll(_ method: String, _ parameters: [[String: Any]], session: String? = nil, timeout: Double = 120) throws -> [[String: Any]] {
        let first = try write(method, parameters, session: session)
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        return try (first..<first + parameters.count).map { id in
            while results[id] == nil {
                if let ended { throw Failure(description: "\(method): the browser ended (\(ended))") }
                guard condition.wait(until: deadline) else { throw Failure(description: "\(method): no reply in \(Int(timeout)) s") }
            }
            let reply = results.removeValue(forKey: id) ?? [:]
            if let error = reply["error"] as? [String: Any] {
                throw Failure(description: "\(method): \(error["message"] as? String ?? "\(error)")")
            }
            return reply["result"] as? [String: Any] ?? [:]
        }
    }

    /// Writes `method` once for each of `parameters` (one list of messages
    /// at a time on the pipe: tabs load from several tests); returns the first message's id.
    private func write(_ method: String, _ parameters: [[String: Any]], session: String?, awaited: Bool = true) throws -> Int {
        condition.lock()
        let first = nextID + 1
        nextID += parameters.count
        if !awaited { unawaited.formUnion(first..<first + parameters.count) }
        condition.unlock()
        var data = Data()
        for (offset, parameters) in parameters.enumerated() {
            var message: [String: Any] = ["id": first + offset, "method": method, "params": parameters]
            if let session { message["sessionId"] = session }
            data.append(try JSONSerialization.data(withJSONObject: message))
            data.append(0)
        }
        writing.lock()
        defer { writing.unlock() }
        try commands.fileHandleForWriting.write(contentsOf: data)
        return first
    }

    /// Sends `method` without waiting for its result.
    func post(_ method: String, _ parameters: [String: Any] = [:], session: String? = nil) throws {
        _ = try write(method, [parameters], session: session, awaited: false)
    }

    /// Sends `method` and awaits its result: nothing waits on a thread.
    @discardableResult
    func send(_ method: String, _ parameters: [String: Any] = [:], session: String? = nil, timeout: Double = 120) async throws -> [String: Any] {
        try await sendAll(method, [parameters], session: session, timeout: timeout)[0]
    }

    /// Sends `method` once for each of `parameters`, as the waiting `sendAll` does, and awaits every result.
    @discardableResult
    func sendAll(_ method: String, _ parameters: [[String: Any]], session: String? = nil, timeout: Double = 120) async throws -> [[String: Any]] {
        let first = try write(method, parameters, session: session)
        let ids = Array(first..<first + parameters.count)
        return try await answer(timeout: timeout, "\(method): no reply in \(Int(timeout)) s") { [self] in
            if let ended { return .failure(Failure(description: "\(method): the browser ended (\(ended))")) }
            guard ids.allSatisfy({ results[$0] != nil }) else { return nil }
            var replies: [[String: Any]] = []
            for id in ids {
                let reply = results.removeValue(forKey: id) ?? [:]
                if let error = reply["error"] as? [String: Any] {
                    return .failure(Failure(description: "\(method): \(error["message"] as? String ?? "\(error)")"))
                }
                replies.append(reply["result"] as? [String: Any] ?? [:])
            }
            return .success(replies)
        }
    }

    /// Awaits the event `method` in `session`: ``event(_:session:timeout:)``.
    func wait(for method: String, session: String, timeout: Double = 120) async throws -> [String: Any] {
        try await event(method, session: session, timeout: timeout)
    }

    /// Awaits the event `method` in `session`, as ``wait(for:session:timeout:)`` waits for it.
    func event(_ method: String, session: String, timeout: Double = 120) async throws -> [String: Any] {
        try await answer(timeout: timeout, "no \(method) in \(Int(timeout)) s") { [self] in
            if let event = events[session, default: []].first(where: { $0["method"] as? String == method }) {
                return .success(event["params"] as? [String: Any] ?? [:])
            }
            if let ended { return .failure(Failure(description: "waiting for \(method): the browser ended (\(ended))")) }
            return nil
        }
    }

    /// A value ``DevToolsBrowser`` hands from its reader thread to an awaiting test.
    private struct Handed<Value>: @unchecked Sendable {
        var value: Value
    }

    /// Awaits what `found` finds (asked with the lock held, now and after
    /// each message); fails after `timeout` seconds, an upper bound for a
    /// failing test, never reached by a passing one.
    private func answer<Value>(
        timeout: Double, _ late: String, _ found: @escaping () -> Result<Value, Failure>?
    ) async throws -> Value {
        let handed = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Handed<Value>, any Error>) in
            condition.lock()
            if let result = found() {
                condition.unlock()
                return continuation.resume(with: result.map { Handed(value: $0) })
            }
            nextWaiter += 1
            let id = nextWaiter
            waiters[id] = {
                guard let result = found() else { return false }
                continuation.resume(with: result.map { Handed(value: $0) })
                return true
            }
            condition.unlock()
            Task { [self] in
                try? await Task.sleep(for: .seconds(timeout))
                if giveUp(waiter: id) { continuation.resume(throwing: Failure(description: late)) }
            }
        }
        return handed.value
    }

    /// Removes the waiter `id`; true when it was still waiting.
    private func giveUp(waiter id: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return waiters.removeValue(forKey: id) != nil
    }

    /// Asks every waiter again; the lock is held.
    private func answerWaiters() {
        for (id, waiter) in waiters where waiter() { waiters[id] = nil }
    }

    /// Waits for the event `method` in `session` and returns its parameters;
    /// the events before it stay in ``events(of:)``.
    func wait(for method: String, session: String, timeout: Double = 120) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let event = events[session, default: []].first(where: { $0["method"] as? String == method }) {
                return event["params"] as? [String: Any] ?? [:]
            }
            if let ended { throw Failure(description: "waiting for \(method): the browser ended (\(ended))") }
            guard condition.wait(until: deadline) else { throw Failure(description: "no \(method) in \(Int(timeout)) s") }
        }
    }

    /// Every event of `session` so far, and forgets them.
    func takeEvents(of session: String) -> [[String: Any]] {
        condition.lock()
        defer { condition.unlock() }
        return events.removeValue(forKey: session) ?? []
    }

    /// The reader thread: NUL-separated JSON messages, replies by id, events by session.
    private func read() {
        let descriptor = replies.fileHandleForReading.fileDescriptor
        // The bytes of the message being read; a screenshot's is megabytes
        // of base64, arriving 64 KiB at a time: only new bytes are searched
        // for its end.
        var message: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var reason = "its pipe closed"
        reading: while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            var start = 0
            while let end = chunk[start..<count].firstIndex(of: 0) {
                message.append(contentsOf: chunk[start..<end])
                start = end + 1
                guard let object = try? JSONSerialization.jsonObject(with: Data(message)) as? [String: Any] else {
                    reason = "an unreadable message: \(String(decoding: message.prefix(200), as: UTF8.self))"
                    break reading
                }
                message.removeAll(keepingCapacity: true)
                condition.lock()
                if let id = object["id"] as? Int {
                    if unawaited.remove(id) == nil { results[id] = object }
                } else if let session = object["sessionId"] as? String {
                    events[session, default: []].append(object)
                }
                condition.broadcast()
                answerWaiters()
                condition.unlock()
            }
            message.append(contentsOf: chunk[start..<count])
        }
        condition.lock()
        ended = reason
        condition.broadcast()
        answerWaiters()
        condition.unlock()
    }
}
