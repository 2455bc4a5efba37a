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
