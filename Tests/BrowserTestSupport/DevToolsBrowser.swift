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
    /// The tests awaiting a reply (by its id) or an event (a session's method): the reader resumes them.
    private var replyWaiters: [Int: CheckedContinuation<Message, any Error>] = [:]
    private var eventWaiters: [UUID: (session: String, method: String, continuation: CheckedContinuation<Message, any Error>)] = [:]
    private var ended: String?

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

    /// A message as JSON gives it back, handed from the reader thread to the test that awaits it.
    struct Message: @unchecked Sendable {
        var value: [String: Any]
    }

    /// Sends `method` (to a tab when `session` is given) and awaits its
    /// result, which the reader thread hands over: the test holds no thread
    /// meanwhile. (The synchronous `send` below waits on its thread: the
    /// lab's phone tab.)
    @discardableResult
    func send(_ method: String, _ parameters: [String: Any] = [:], session: String? = nil, timeout: Double = 120) async throws -> [String: Any] {
        let id = try write(method, [parameters], session: session).lowerBound
        let reply = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Message, any Error>) in
            condition.withLock {
                if let reply = results.removeValue(forKey: id) { return continuation.resume(returning: Message(value: reply)) }
                if let ended { return continuation.resume(throwing: Failure(description: "\(method): the browser ended (\(ended))")) }
                replyWaiters[id] = continuation
            }
            // An upper bound for a reply that never comes (a failing test), not a wait a busy machine trips.
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [self] in
                condition.withLock { replyWaiters.removeValue(forKey: id) }?
                    .resume(throwing: Failure(description: "\(method): no reply in \(Int(timeout)) s"))
            }
        }
        return try Self.result(of: reply.value, method)
    }

    /// Awaits the event `method` in `session` and returns its parameters;
    /// the events before it stay in ``takeEvents(of:)``.
    func wait(for method: String, session: String, timeout: Double = 120) async throws -> [String: Any] {
        let key = UUID()
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Message, any Error>) in
            condition.withLock {
                if let event = events[session, default: []].first(where: { $0["method"] as? String == method }) {
                    return continuation.resume(returning: Message(value: event["params"] as? [String: Any] ?? [:]))
                }
                if let ended { return continuation.resume(throwing: Failure(description: "waiting for \(method): the browser ended (\(ended))")) }
                eventWaiters[key] = (session, method, continuation)
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [self] in
                condition.withLock { eventWaiters.removeValue(forKey: key) }?.continuation
                    .resume(throwing: Failure(description: "no \(method) in \(Int(timeout)) s"))
            }
        }.value
    }

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
        let ids = try write(method, parameters, session: session)
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        return try ids.map { id in
            while results[id] == nil {
                if let ended { throw Failure(description: "\(method): the browser ended (\(ended))") }
                guard condition.wait(until: deadline) else { throw Failure(description: "\(method): no reply in \(Int(timeout)) s") }
            }
            return try Self.result(of: results.removeValue(forKey: id) ?? [:], method)
        }
    }

    /// Writes `method` once for each of `parameters` and returns their ids.
    private func write(_ method: String, _ parameters: [[String: Any]], session: String?) throws -> Range<Int> {
        let first = condition.withLock {
            nextID += parameters.count
            return nextID - parameters.count + 1
        }
        var data = Data()
        for (offset, parameters) in parameters.enumerated() {
            var message: [String: Any] = ["id": first + offset, "method": method, "params": parameters]
            if let session { message["sessionId"] = session }
            data.append(try JSONSerialization.data(withJSONObject: message))
            data.append(0)
        }
        // Tabs load from several tests at once: one list of messages at a time on the pipe.
        try writing.withLock { try commands.fileHandleForWriting.write(contentsOf: data) }
        return first..<first + parameters.count
    }

    /// A reply's result, or its error thrown.
    private static func result(of reply: [String: Any], _ method: String) throws -> [String: Any] {
        if let error = reply["error"] as? [String: Any] {
            throw Failure(description: "\(method): \(error["message"] as? String ?? "\(error)")")
        }
        return reply["result"] as? [String: Any] ?? [:]
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
                var resumed: [(CheckedContinuation<Message, any Error>, Message)] = []
                if let id = object["id"] as? Int {
                    if let waiter = replyWaiters.removeValue(forKey: id) { resumed.append((waiter, Message(value: object))) } else { results[id] = object }
                } else if let session = object["sessionId"] as? String {
                    events[session, default: []].append(object)
                    for (key, waiter) in eventWaiters where waiter.session == session && waiter.method == object["method"] as? String {
                        eventWaiters[key] = nil
                        resumed.append((waiter.continuation, Message(value: object["params"] as? [String: Any] ?? [:])))
                    }
                }
                condition.broadcast()
                condition.unlock()
                for (continuation, message) in resumed { continuation.resume(returning: message) }
            }
            message.append(contentsOf: chunk[start..<count])
        }
        condition.lock()
        ended = reason
        let waiting = replyWaiters.values.map { $0 } + eventWaiters.values.map(\.continuation)
        (replyWaiters, eventWaiters) = ([:], [:])
        condition.broadcast()
        condition.unlock()
        for continuation in waiting { continuation.resume(throwing: Failure(description: "the browser ended (\(reason))")) }
    }
}
