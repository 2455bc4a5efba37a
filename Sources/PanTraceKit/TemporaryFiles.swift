#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files of the ``AtomicFile``s not yet committed, which a
/// signal handler removes on the way out (docs/safety.md: SIGINT or SIGTERM
/// during `regress --junit`, `tune --html` or `tune --best-config` leaves no
/// `.NAME.XXXXXX` file beside the output).
///
/// The list is a fixed array of C strings that ``removeAll()`` reads without
/// allocating or locking, as a signal handler must: registering copies the
/// path with `strdup` and never frees it (a slot is only emptied), so that a
/// handler running on another thread never reads freed memory.
public enum TemporaryFiles {
    /// How many uncommitted files can be removed on a signal at once; more are still removed when they go away normally.
    static let capacity = 64
    nonisolated(unsafe) static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()

    /// The signals after which the files are removed (then the signal's own action runs).
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Removes the registered files on SIGINT, SIGTERM and SIGHUP, then ends
    /// the process by the signal as it would have ended without the handler.
    /// A signal the process was started ignoring (`nohup`, a background job)
    /// stays ignored. Call it once, early (the command line's `main` does).
    public static func removeOnSignals() {
        _ = slots
        for number in signals {
            let previous = signal(number) { received in
                TemporaryFiles.removeAll()
                signal(received, SIG_DFL)
                raise(received)
            }
            if isIgnore(previous) { signal(number, SIG_IGN) }
        }
    }

    /// Whether a disposition `signal` returned is `SIG_IGN`.
    private static func isIgnore<Handler>(_ handler: Handler) -> Bool {
        MemoryLayout<Handler>.size == MemoryLayout<Int>.size
            && unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Unlinks every registered file (async-signal-safe: `unlink` only).
    public static func removeAll() {
        for index in 0..<capacity {
            if let path = slots[index] { unlink(path) }
        }
    }

    /// Taken to register and unregister: output files of commands run side
    /// by side in one process (the command line in-process) never share a slot.
    /// The handler reads without it.
    nonisolated(unsafe) static let registering: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        return mutex
    }()

    /// Registers `path`; returns its slot, `nil` when every slot is taken.
    static func register(_ path: String) -> Int? {
        guard let copy = strdup(path) else { return nil }
        pthread_mutex_lock(registering)
        defer { pthread_mutex_unlock(registering) }
        for index in 0..<capacity where slots[index] == nil {
            slots[index] = copy
            return index
        }
        return nil
    }

    /// Empties `slot` (its copy of the path stays allocated, see the type's note).
    static func unregister(_ slot: Int?) {
        guard let slot else { return }
        pthread_mutex_lock(registering)
        defer { pthread_mutex_unlock(registering) }
        slots[slot] = nil
    }

    /// Runs `body` with SIGINT, SIGTERM and SIGHUP held back, so that a file
    /// is never created without being registered, or renamed while registered.
    static func withSignalsBlocked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        for number in signals { sigaddset(&blocked, number) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }
}
