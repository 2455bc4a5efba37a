import PanTraceCore
import PanTraceModel

extension ConfigComparison {
    /// The percent map is drawn unless every trace is a sheet with detents.
    var showsPercentMap: Bool {
        sheets.isEmpty || traces > sheets.groups.reduce(0) { $0 + $1.traces }
    }

    /// The sheets' maps of the comparison's page (docs/commands.md §7.8, §7.9):
    /// per start detent and detent set (up to four), one map with config 1's
    /// regions shaded and every config's region boundaries in its own colour
    /// and dash, then one small map per config with its own regions named.
    func renderSheetMaps(_ markup: inout Markup) {
        let groups = sheets.largest(4)
        let colours = DetentColours(groups: groups)
        markup.element("h2", [("id", "sheet-maps")], "Where the sheets land under each config")
        markup.element(
            "p", [("class", "small")],
            "Each sheet at its release under config 1: its velocity across (right: moving down, towards dismissal) "
                + "and its height up (1 is the whole extent). A region is where a release lands, named by the detent "
                + "it goes to; a dot's colour is where the person meant the sheet to go, ringed when config 1 leaves "
                + "it elsewhere. The first map shades config 1's regions and draws every config's boundaries; the "
                + "small maps below it shade each config's own. Where two configs draw the same line, the lower number's "
                + "is drawn on top.")
        for (number, group) in groups.enumerated() {
            let key = "\(number + 1)"
            markup.open("figure", [("id", "sheet-map-figure-\(key)"), ("data-start", group.start)])
            let disagreeing = group.marks.reduce(0) { $0 + ($1.disagrees ? 1 : 0) }
            markup.element(
                "h3", [],
                "Sheets \(SheetMapChart.title(of: group)): \(HTMLText.count(group.marks.count)) releases, "
                    + "\(HTMLText.count(disagreeing)) not where meant under config 1")
            let range = SheetMapChart.velocityRange(of: group)
            let outlines = configs.indices.reversed().map { index in
                let style = Self.lineStyle(index)
                return SheetMapChart.Outline(
                    config: configs[index], colour: style.colour, dash: style.dash, width: 2.5, key: String(index + 1))
            }
            var chart = SheetMapChart(group: group, id: "sheet-map-\(key)", shaded: configs[0], outlines: outlines, velocities: range)
            chart.colours = colours
            chart.render(&markup)
            markup.open("ul", [("class", "legend"), ("data-boundaries", key)])
            for (index, config) in configs.enumerated() {
                let style = Self.lineStyle(index)
                markup.legendItem(
                    .line(style.colour, dashed: style.dash != nil),
                    "\(index + 1) \(config.name)" + (index == 0 ? " (shaded)" : ""), [("data-boundary", String(index + 1))])
            }
            markup.close()
            SheetMapChart.renderLegend(
                &markup, group: group, changed: group.marks.contains { $0.name != nil }, divided: true, colours: colours)
            markup.close()
            guard configs.count > 1 else { continue }
            markup.open("div", [("class", "multiples")])
            for (index, config) in configs.enumerated() {
                let style = Self.lineStyle(index)
                markup.open("figure", [("data-sheet-multiple", "\(key)-\(index + 1)")])
                var chart = SheetMapChart(
                    group: group, id: "sheet-map-\(key)-\(index + 1)", shaded: config,
                    outlines: [.init(config: config, colour: style.colour, dash: style.dash, width: 1.5, key: String(index + 1))],
                    velocities: range)
                chart.width = 520
                chart.height = 300
                chart.margins = (62, 10, 8, 44)
                chart.small = true
                chart.colours = colours
                chart.render(&markup)
                markup.element("figcaption", [], "\(index + 1) \(config.name)")
                markup.close()
            }
            markup.close()
        }
        SheetMapChart.renderLeftOut(&markup, drawn: groups.count, of: sheets.groups.count)
    }
}
