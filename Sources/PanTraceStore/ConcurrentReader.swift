import PanTraceModel

/// How another thread opens a connection of its own to a store's file, to
/// read traces while a ``RunSession`` writes on the store's thread (replay:
/// docs/performance.md).
///
/// A value (the file's path, and the session it reads beside): a thread
/// opens its own ``Store`` with ``open()``, never sharing a connection.
/// Reading beside a ``RunSession`` needs the file's write-ahead log: the
/// session holds the write lock from before the reader's first read, so the
/// reader's snapshot is the session's own less what the session has written
/// — every trace it reads exists for the session, which then skips the
/// lookup that stands in for `result.trace_id`'s foreign key. Without a log
/// (a rollback journal) the session's writes would wait for the reader, so
/// ``RunSession/concurrentReader()`` gives none.
public struct ConcurrentReader: Sendable {
    /// The store's file.
    public let path: String
    /// The ``RunSession/token`` of the session read beside.
    let session: UInt64
    /// The folder `path` is in, from the task that made the reader: the
    /// thread that opens it is another.
    let files: FileContext

    /// A read-only store on the file, whose traces belong to the session read beside.
    ///
    /// - Throws: what ``Store/init(path:readOnly:busyTimeoutMilliseconds:)`` throws.
    public func open() throws -> Store {
        let store = try FileContext.$current.withValue(files) { try Store(path: path, readOnly: true) }
        store.readerOfSession = session
        return store
    }
}

extension RunSession {
    /// A reader of the store's file beside this session, or nil when the file
    /// keeps no write-ahead log (see ``ConcurrentReader``).
    public func concurrentReader() throws -> ConcurrentReader? {
        guard try store.isWriteAheadLogged() else { return nil }
        return ConcurrentReader(path: store.path, session: token, files: FileContext.current)
    }
}
