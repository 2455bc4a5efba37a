import PanTraceModel

extension DetentRule {
    /// The rule of a sheet with `detents` starting at the detent named
    /// `start` (the tallest when no detent has that name) under `config`;
    /// `nil` without detents. The release maps evaluate it over a grid of
    /// release heights and velocities (docs/commands.md §7.8).
    package init?(detents: [Detent], start: String, config: Config) {
        self.init(Trace(name: "", width: 1, height: 1, detents: detents, startDetent: start, samples: []), config: config)
    }

    /// The detents' names, lowest first; the anchors' names without dismissed.
    package var detentNames: [String] { Array(names.dropFirst()) }
}

extension Rest {
    /// Where a sheet at anchor `anchor` rests, its detents named `detentNames`
    /// lowest first: anchor 0 is dismissed, anchor `i` the `i`-th detent
    /// (docs/model.md §4.10), as ``DetentRule`` numbers them.
    package init<Names: Collection<String>>(anchor: Int, detentNames: Names) where Names.Index == Int {
        self = anchor == 0 ? .dismissed : .detent(detentNames[detentNames.startIndex + anchor - 1])
    }
}
