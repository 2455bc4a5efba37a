import Foundation

extension LabPage {
    /// The page of a session, made once for each count of stored gestures
    /// and, in a session that compares two configs, each next step of its
    /// pairs: a reload between two gestures (or answers) is served as made,
    /// whatever the length of the task list (docs/lab.md). One page is made
    /// at a time; a request meanwhile waits for it rather than making another.
    package final class Cache: @unchecked Sendable {
        private let make: @Sendable (Int, LabPairs.Next?) -> String
        private let lock = NSLock()
        private var made: (stored: Int, next: LabPairs.Next?, page: String)?

        /// A cache of the pages `make` makes for a count of stored gestures.
        package convenience init(make: @escaping @Sendable (_ stored: Int) -> String) {
            self.init(makeWithNext: { stored, _ in make(stored) })
        }

        /// A cache of the pages `make` makes for a count of stored gestures and what the pairs do next.
        package init(makeWithNext make: @escaping @Sendable (_ stored: Int, _ next: LabPairs.Next?) -> String) {
            self.make = make
        }

        /// The page when `stored` gestures are stored and the pairs do `next`.
        package func page(stored: Int, next: LabPairs.Next? = nil) -> String {
            lock.lock()
            defer { lock.unlock() }
            if let made, made.stored == stored, made.next == next { return made.page }
            let page = make(stored, next)
            made = (stored, next, page)
            return page
        }
    }
}
