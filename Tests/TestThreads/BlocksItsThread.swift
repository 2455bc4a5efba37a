import Foundation
import Testing

/// A test that blocks its thread — waiting for a `pantrace` child, the
/// test browser or another connection's lock — runs on threads of its own
/// instead of Swift Testing's cooperative pool.
///
/// The pool has one thread per core (two here), and on Linux its threads
/// are also the ones libdispatch hands its global queues. A synchronous wait
/// holds its thread: when both wait on children that sleep, the machine
/// idles, and every other test waits for a thread. With this trait the
/// test's body runs on a new thread per job (``ThreadPerJob``), and the pool
/// stays free for the tests that compute. Every suite that runs the binary
/// carries it, and the tests elsewhere that wait; a test that computes
/// gains nothing from a thread of its own, and one that awaits (the lab's
/// tests: their server runs on NIO's event loops, their browser is awaited)
/// needs none.
///
/// On a suite, it applies to each of its tests and their cases.
public struct BlocksItsThread: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            try await withTaskExecutorPreference(ThreadPerJob.shared) {
                // A preference applies from the task's next enqueue, and the
                // test would start on the pool thread that called this: one
                // yield enqueues it, on a thread of its own.
                await Task.yield()
                try await function()
            }
        } else {
            // Task executors came with Swift 6's runtime: an older Apple
            // system runs the test on the pool, as without the trait.
            try await function()
        }
    }
}

extension Trait where Self == BlocksItsThread {
    /// The test waits on something outside the process: see ``BlocksItsThread``.
    public static var blocksItsThread: Self { BlocksItsThread() }
}

/// A task executor that runs every job it is given on a new thread.
///
/// The jobs of a test marked ``BlocksItsThread`` are few (its body, and each
/// resumption after an `await`), so a thread each costs little, and no job
/// ever waits for another to give a thread back.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public final class ThreadPerJob: TaskExecutor {
    public static let shared = ThreadPerJob()

    /// A debug build's deep test stacks: the size of the main thread's.
    static let stackSize = 8 << 20

    /// The name of each thread, as a debugger or `perf` shows it.
    public static let threadName = "blocksItsThread"

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        let thread = Thread {
            // Named from inside: on Linux a new thread starts with its
            // creator's name (a pool thread's), and a name given before
            // `start()` does not reach it.
            Thread.current.name = Self.threadName
            job.runSynchronously(on: executor)
        }
        thread.stackSize = Self.stackSize
        thread.start()
    }
}
