import PanTraceCore
import PanTraceModel

extension ReplayPage {
    /// The percent map is drawn unless every trace is a sheet with detents
    /// (those are on the sheets' maps instead).
    var showsPercentMap: Bool {
        if releases.sheets.isEmpty { return true }
        if releases.unchangedCount > 0 { return true }
        let changes = comparison.changeList
        return (0..<changes.count).contains { changes[$0].startDetent == nil }
    }

    /// Each detent's colour by its name across the page: the maps' and the plots' detent sets.
    var detentColours: DetentColours {
        DetentColours(sets: releases.sheets.largest(4).map(\.detents) + plots.compactMap(\.detents))
    }

    /// The release maps of the sheets with detents (docs/commands.md §7.8):
    /// one per detent set and start detent, up to four, the candidate's
    /// regions shaded and named, the baseline's boundaries dashed.
    func renderSheetMaps(_ markup: inout Markup) {
        let sheets = releases.sheets
        let groups = sheets.largest(4)
        let colours = detentColours
        markup.element("h2", [("id", "sheet-maps")], "Where the sheets land")
        markup.element(
            "p", [("class", "small")],
            "One map per start detent and detent set: each sheet at its release, its velocity across (right: moving "
                + "down, towards dismissal) and the sheet's height up (1 is the whole extent). The shaded regions are "
                + "where a release lands under the candidate (\(candidateConfig.name)), named by the detent it goes "
                + "to; the dashed line is where the baseline's regions meet (\(baselineConfig.name)). A dot's colour "
                + "is where the person meant the sheet to go; a ring means the candidate's result is not there.")
        var numbers: [String: Int] = [:]
        for (index, plot) in plots.enumerated() { numbers[plot.trace.name] = index + 1 }
        for (index, group) in groups.enumerated() {
            markup.open("figure", [("id", "sheet-map-figure-\(index + 1)"), ("data-start", group.start)])
            let disagreeing = group.marks.reduce(0) { $0 + ($1.disagrees ? 1 : 0) }
            markup.element(
                "h3", [],
                "Sheets \(SheetMapChart.title(of: group)): \(HTMLText.count(group.marks.count)) releases, "
                    + "\(HTMLText.count(disagreeing)) not where meant")
            var chart = SheetMapChart(
                group: group, id: "sheet-map-\(index + 1)", shaded: candidateConfig,
                outlines: [
                    .init(config: baselineConfig, colour: "#555555", dash: "7 4", width: 2.5, key: "baseline"),
                    .init(config: candidateConfig, colour: "#000000", dash: nil, width: 1.5, key: "candidate"),
                ], numbers: numbers)
            chart.colours = colours
            chart.render(&markup)
            SheetMapChart.renderLegend(&markup, group: group, changed: group.marks.contains { $0.name != nil }, colours: colours)
            markup.open("ul", [("class", "legend")])
            markup.legendItem(.line("#000", dashed: false), "candidate's region boundaries (\(candidateConfig.name))")
            markup.legendItem(.line("#555", dashed: true), "baseline's region boundaries (\(baselineConfig.name))")
            markup.close()
            markup.close()
        }
        SheetMapChart.renderLeftOut(&markup, drawn: groups.count, of: sheets.groups.count)
        if sheets.withoutRelease > 0 {
            markup.element(
                "p", [("class", "small")],
                "\(HTMLText.count(sheets.withoutRelease)) sheets without a release (decision none, or cancelled by the system) are not drawn.")
        }
        if !showsPercentMap { renderChangedList(&markup) }
    }
}

extension SheetMapChart {
    /// Says how many groups of sheets (detent set and start detent) a page leaves
    /// undrawn, when it draws `drawn` of `total` (the four with the most sheets).
    static func renderLeftOut(_ markup: inout Markup, drawn: Int, of total: Int) {
        guard total > drawn else { return }
        let rest = total - drawn
        markup.element(
            "p", [("class", "small"), ("id", "sheet-maps-more")],
            "\(rest) more detent \(rest == 1 ? "set or start detent is" : "sets or start detents are") not drawn "
                + "(the four with the most sheets are).")
    }

    /// The legend of a sheet map: the regions' colours, the intents' dots, the ring and the diamond.
    static func renderLegend(
        _ markup: inout Markup, group: SheetReleases.Group, changed: Bool, divided: Bool = false,
        colours: DetentColours = DetentColours()
    ) {
        markup.open("ul", [("class", "legend")])
        for anchor in 0...group.detents.count {
            let name = anchor == 0 ? Rest.dismissed.word : group.detents[anchor - 1].name
            let meant = anchor == 0 ? Intent.finish.rawValue : name == group.start ? "\(name) (or cancel: stay)" : name
            markup.legendItem(.dot(colours.colour(ofAnchor: anchor, in: group.detents), cell: true), "lands at \(name); a dot: meant \(meant)")
        }
        markup.legendItem(.dot(Palette.grey), "unlabelled")
        markup.legendItem(.ring, "ringed: the result is not where meant")
        if changed { markup.legendItem(.diamond, divided ? "the configs disagree on where it rests" : "changed: rests elsewhere than under the baseline") }
        markup.close()
    }
}
