import Foundation
import Testing

/// A test whose timing a busy concurrency pool would break runs its jobs on
/// threads of its own: the gesture lab's suites, whose server answers within
/// timeouts (a body, an idle connection) and whose tests watch counts that
/// last only while a request arrives.
///
/// Every wait in the tests is awaited (``onOwnThread(_:)``), but the pool
/// has one thread per core (two here), and Swift Testing queues hundreds of
/// tests on it whose bodies compute for seconds without an `await`. A lab
/// test's next step, queued behind them, could wait longer than the guard's
/// body timeout: a fresh `.ci/run` answered 408 where the test expected 200.
/// With this trait the test's jobs run on a new thread each
/// (``ThreadPerJob``), never behind the pool's queue.
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
