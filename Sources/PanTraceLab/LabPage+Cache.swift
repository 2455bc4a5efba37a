import Foundation

extension LabPage {
    /// The page of a session, made once for each count of stored gestures:
    /// a reload between two gestures is served as made, whatever the length
    /// of the task list (docs/lab.md).
    public final class Cache: @unchecked Sendable {
        private let make: @Sendable (Int) -> String
        private let lock = NSLock()
        private var made: (stored: Int, page: String)?

        /// A cache of the pages `make` makes for a count of stored gestures.
        public init(make: @escaping @Sendable (_ stored: Int) -> String) {
            self.make = make
        }

        /// The page when `stored` gestures are stored.
        public func page(stored: Int) -> String {
            lock.lock()
            defer { lock.unlock() }
            if let made, made.stored == stored { return made.page }
            let page = make(stored)
            made = (stored, page)
            return page
        }
    }
}
