/// A height a sheet rests at (docs/model.md §4.10): a name and a fraction of the extent.
public struct Detent: Hashable, Sendable {
    /// 1–40 characters, never `finish` or `cancel`.
    public var name: String
    /// A fraction of the extent, measured up from the bottom: finite, > 0 and ≤ 1.
    public var height: Double

    public init(name: String, height: Double) {
        self.name = name
        self.height = height
    }

    /// The most detents a trace may list.
    public static let maximumCount = 8
    /// The longest detent name, in Unicode scalars.
    public static let maximumNameLength = 40
}

extension Trace {
    /// The start detent (``startDetent``, else the tallest); `nil` without detents.
    public var startingDetent: Detent? {
        guard let detents, !detents.isEmpty else { return nil }
        if let startDetent, let named = detents.first(where: { $0.name.isScalarEqual(to: startDetent) }) { return named }
        return detents.max { $0.height < $1.height }
    }

    /// The detents as the JSON text of the trace's `detents` object (`{"medium": 0.5, "large": 1}`),
    /// as stored in `trace.detents`; `nil` without detents.
    public var detentsJSON: String? {
        detents.map(Self.detentsJSON)
    }

    /// `detents` as the JSON text of a `detents` object, in their order.
    public static func detentsJSON(_ detents: [Detent]) -> String {
        "{" + detents.map { JSONWriter.string($0.name) + ": " + JSONWriter.number($0.height) }
            .joined(separator: ", ") + "}"
    }
}
