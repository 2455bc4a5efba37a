import PanTraceCore
import PanTraceModel

/// A detent's colour by its name, the same on every chart of a page: the
/// names of every detent set the page draws, lowest first (ties by name),
/// take the colours in order, so that `medium` is one colour wherever it
/// appears and `half` of another set is not coloured as `medium` for sharing its rank.
struct DetentColours {
    private var byName: [String: String] = [:]

    /// No names: every detent is coloured by its rank in its own set.
    init() {}

    /// The colours of the detents of `sets`.
    init(sets: [[Detent]]) {
        var lowest: [String: Double] = [:]
        for detents in sets {
            for detent in detents { lowest[detent.name] = min(lowest[detent.name] ?? detent.height, detent.height) }
        }
        let names = lowest.keys.sorted { a, b in
            let (ha, hb) = (lowest[a] ?? 0, lowest[b] ?? 0)
            return ha != hb ? ha < hb : Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
        }
        for (index, name) in names.enumerated() {
            byName[name] = SheetMapChart.detentColours[index % SheetMapChart.detentColours.count]
        }
    }

    /// The colours of the detents of `groups`.
    init(groups: [SheetReleases.Group]) {
        self.init(sets: groups.map(\.detents))
    }

    /// The colour of `name`, the detent of rank `rank` (from 0, lowest first) in its own set.
    func colour(of name: String, rank: Int) -> String {
        byName[name] ?? SheetMapChart.colour(of: rank + 1)
    }

    /// The colour of anchor `anchor` of a set of `detents` (lowest first): 0 dismissed.
    func colour(ofAnchor anchor: Int, in detents: [Detent]) -> String {
        guard anchor > 0, detents.indices.contains(anchor - 1) else { return SheetMapChart.colour(of: anchor) }
        return colour(of: detents[anchor - 1].name, rank: anchor - 1)
    }
}
