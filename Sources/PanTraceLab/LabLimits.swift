#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bounds the lab's server works under (docs/lab.md "Limits"): what one
/// request may send, how long the lab waits for it, and for the database.
///
/// Every limit answers with a status and closes the connection: a request
/// line too long 400, a header line too long, too many fields or a head too
/// long 431, a head that does not arrive in time or a body that stalls 408,
/// a body over ``body`` 413 (decided from `Content-Length`, before it is
/// read), more connections than ``connections`` 503. A store that cannot
/// get the database within ``store`` is answered 503 with nothing stored.
package struct LabLimits: Sendable {
    /// The longest request line, its line break included: 8 KiB.
    package var requestLine = 8 * 1024
    /// The longest header line, its line break included: 8 KiB.
    package var headerLine = 8 * 1024
    /// The most header fields: 100.
    package var headerFields = 100
    /// The longest head in all, its empty last line (and blank lines before it) included: 32 KiB.
    package var headBytes = 32 * 1024
    /// The largest body (`Content-Length`): 1 MiB.
    package var body = LabResponder.maximumBody
    /// From a request's first byte to the end of its head: 10 s.
    package var headTime: Duration = .seconds(10)
    /// The longest wait for the next byte of a body that is arriving: 10 s.
    package var stall: Duration = .seconds(10)
    /// A keep-alive connection waiting for its next request is closed after this: 15 s.
    package var idle: Duration = .seconds(15)
    /// The longest a reader may take to be handed a whole answer: 10 s.
    package var write: Duration = .seconds(10)
    /// A request that was arriving when the lab began to stop has this long to arrive: 2 s.
    package var stopGrace: Duration = .seconds(2)
    /// How long past the stop's grace a gesture may still wait for the database: 1.5 s.
    package var storeAfterStop: Duration = .milliseconds(1500)
    /// How long a connection idle at the stop is watched for a request already on its way: 250 ms.
    package var idleAtStop: Duration = .milliseconds(250)
    /// How long a gesture may wait for the gestures before it and for the database's lock: 3 s
    /// (``storeAfterStop`` past the stop's grace at most, once the lab stops).
    package var store: Duration = LabRecorder.storeBound
    /// The most connections at once; over it a connection gets 503 and is
    /// closed. By default what the process's descriptor limit allows (one
    /// each, 64 kept for the database, the event loops and the rest), at most 1,024.
    package var connections = LabLimits.connectionLimit()

    /// The lab's limits; change a field to test one.
    package init() {}

    /// How many connections the process can hold: one descriptor each, with
    /// 64 kept for the database, the event loops and the standard streams.
    static func connectionLimit() -> Int {
        var limit = rlimit()
        #if canImport(Glibc)
            let resource = Int32(RLIMIT_NOFILE.rawValue)
        #else
            let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return 256 }
        let descriptors = limit.rlim_cur >= rlim_t(Int32.max) ? 65536 : Int(clamping: limit.rlim_cur)
        return max(4, min(1024, descriptors - 64))
    }
}
