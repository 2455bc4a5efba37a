import Foundation

/// Runs `body`, which blocks its thread (waiting for a child process, a
/// socket, a lock another connection holds), on a new thread, and awaits its
/// result.
///
/// The caller suspends and holds none of the concurrency pool's threads
/// (one per core), which the tests that compute and the lab's in-process
/// server need; the blocked thread is the new one's, and it ends with `body`.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        // A debug build's deep stacks: the size of the main thread's.
        thread.stackSize = 8 << 20
        thread.start()
    }
}

/// ``onOwnThread(_:)`` for a body that cannot throw.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}

extension Process {
    /// Starts the process and awaits its exit, on a thread of its own; with
    /// `output`, returns what the process wrote to that pipe, read to its end
    /// while it runs (so a large output cannot block it).
    @discardableResult
    public func runToExit(reading output: Pipe? = nil) async throws -> Data {
        try await onOwnThread { [self] in
            try run()
            let data = output?.fileHandleForReading.readDataToEndOfFile() ?? Data()
            waitUntilExit()
            return data
        }
    }
}
