import PanTraceModel

/// The changed traces of a ``RunComparison``, kept compactly: memory per change
/// is a fixed record and the bytes of the trace's name.
///
/// A replay keeps every change for the JSON report (about a tenth of a
/// corpus when a threshold moves), so what each one costs decides how
/// replay's memory grows with the corpus (docs/performance.md). Instead of
/// a ``ComparedTrace`` per change (two `String`s and their allocations), the
/// names are appended to one byte buffer, families are interned (there are
/// a few of them), and ``ComparedTrace`` values are made on demand.
public struct ChangeList: Sendable {
    private struct Entry: Sendable {
        var nameStart: Int
        var nameEnd: Int
        /// Index in `families`, -1 for none.
        var family: Int32
        var intent: Intent?
        var startDetent: String?
        var baseline: ResultSummary?
        var candidate: ResultSummary
    }

    private var names: [UInt8] = []
    private var families: [String] = []
    /// Keyed by scalars: the NFC and NFD spellings of a family are two families.
    private var familyIndex: [ExactName: Int32] = [:]
    private var entries: [Entry] = []

    /// An empty list.
    public init() {}

    /// The number of changes.
    public var count: Int { entries.count }

    /// Whether there are none.
    public var isEmpty: Bool { entries.isEmpty }

    /// Appends `trace`.
    public mutating func append(_ trace: ComparedTrace) {
        let start = names.count
        names.append(contentsOf: trace.name.utf8)
        var family: Int32 = -1
        if let name = trace.family {
            if let known = familyIndex[ExactName(name)] {
                family = known
            } else {
                family = Int32(truncatingIfNeeded: families.count)
                families.append(name)
                familyIndex[ExactName(name)] = family
            }
        }
        entries.append(
            Entry(
                nameStart: start, nameEnd: names.count, family: family, intent: trace.intent,
                startDetent: trace.startDetent, baseline: trace.baseline, candidate: trace.candidate))
    }

    /// The change at `index` (0 ..< ``count``, in the order they were appended).
    public subscript(index: Int) -> ComparedTrace {
        let entry = entries[index]
        return ComparedTrace(
            name: String(decoding: names[entry.nameStart..<entry.nameEnd], as: UTF8.self),
            family: entry.family >= 0 ? families[Int(entry.family)] : nil, intent: entry.intent,
            startDetent: entry.startDetent, baseline: entry.baseline, candidate: entry.candidate)
    }

    /// The name of the change at `index`.
    public func name(at index: Int) -> String {
        let entry = entries[index]
        return String(decoding: names[entry.nameStart..<entry.nameEnd], as: UTF8.self)
    }

    /// Every change, in the order they were appended.
    public var all: [ComparedTrace] { (0..<count).map { self[$0] } }

    /// The indexes of the changes ordered by trace name (byte order; names are unique).
    public func indexesByName() -> [Int] {
        names.withUnsafeBufferPointer { bytes in
            (0..<entries.count).sorted { a, b in
                let first = entries[a]
                let second = entries[b]
                return UnsafeBufferPointer(rebasing: bytes[first.nameStart..<first.nameEnd])
                    .lexicographicallyPrecedes(UnsafeBufferPointer(rebasing: bytes[second.nameStart..<second.nameEnd]))
            }
        }
    }
}
