/// A buffer written by concurrent iterations at disjoint indexes.
struct SendableBuffer<Element>: @unchecked Sendable {
    let base: UnsafeMutableBufferPointer<Element>
    init(_ base: UnsafeMutableBufferPointer<Element>) { self.base = base }
}
