import PanTraceCore
import PanTraceModel

/// The release map of one detent set and start detent (docs/commands.md
/// §7.8): release velocity across, release height up (docs/model.md §4.10),
/// each anchor's region shaded in its colour and named (where a release
/// there lands under ``shaded``), other configs' region boundaries drawn
/// over it, and every release a dot in the colour of the anchor meant,
/// ringed when its result disagrees with the intent.
///
/// The regions are ``SheetRegionGrid``: the simulation's own ``DetentRule``
/// evaluated at every cell, never a formula of the page's own.
struct SheetMapChart {
    /// A config whose region boundaries are drawn.
    struct Outline {
        var config: Config
        var colour: String
        var dash: String?
        var width: Double
        /// `data-boundary` of the path.
        var key: String
    }

    let group: SheetReleases.Group
    let id: String
    /// The config whose regions are shaded and named.
    let shaded: Config
    /// The boundaries drawn over the shading, in order (the last on top).
    let outlines: [Outline]
    /// Marked trace name → its number on the page (replay: the plots').
    var numbers: [String: Int] = [:]
    var width = 1040.0
    var height = 500.0
    var margins: (left: Double, right: Double, top: Double, bottom: Double) = (78, 24, 16, 54)
    /// Small maps leave out the dots' names and the detents' words.
    var small = false
    /// The velocity range, when several maps share one.
    var velocities: ClosedRange<Double>?
    /// Each detent's colour by its name, the same across the page.
    var colours = DetentColours()

    /// The colours of the anchors: dismissed as a finish, the detents from the lowest.
    static let detentColours = [
        Palette.bluishGreen, Palette.vermillion, Palette.orange, Palette.reddishPurple, Palette.skyBlue, "#8C564B",
        "#7F7F7F", "#000000",
    ]

    /// The colour of anchor `index` (0 dismissed).
    static func colour(of anchor: Int) -> String {
        anchor == 0 ? Palette.blue : detentColours[(anchor - 1) % detentColours.count]
    }

    /// The colour of a release's intent: the anchor meant, grey without one.
    static func colour(meant: UInt8) -> String {
        meant == SheetReleases.Mark.unlabelled ? Palette.grey : colour(of: Int(meant))
    }

    /// `start large (medium 0.5, large 1)`.
    static func title(of group: SheetReleases.Group) -> String {
        "from \(group.start) (detents " + group.detents.map { "\($0.name) \(HTMLText.number($0.height, digits: 3))" }
            .joined(separator: ", ") + ")"
    }

    /// The velocities every release of `group` spans, and at least ±300 pt/s, padded.
    static func velocityRange(of group: SheetReleases.Group) -> ClosedRange<Double> {
        var low = -300.0
        var high = 300.0
        for mark in group.marks {
            low = min(low, Double(mark.velocity))
            high = max(high, Double(mark.velocity))
        }
        let pad = (high - low) * 0.04
        return (low - pad)...(high + pad)
    }

    private func heightRange() -> ClosedRange<Double> {
        var low = 0.0
        var high = group.detents.last?.height ?? 1
        for mark in group.marks {
            low = min(low, Double(mark.height))
            high = max(high, Double(mark.height))
        }
        let pad = max((high - low) * 0.05, 0.02)
        return (low - pad)...(high + pad)
    }

    /// The colour of anchor `anchor` of ``group`` (0 dismissed), by its detent's name.
    func anchorColour(_ anchor: Int) -> String { colours.colour(ofAnchor: anchor, in: group.detents) }

    /// The colour of a release's intent: the anchor meant, grey without one.
    func meantColour(_ meant: UInt8) -> String {
        meant == SheetReleases.Mark.unlabelled ? Palette.grey : anchorColour(Int(meant))
    }

    func render(_ markup: inout Markup) {
        let range = velocities ?? Self.velocityRange(of: group)
        let heights = heightRange()
        let area = PlotArea(
            id: id, width: width, height: height, margins: margins, x: (range.lowerBound, range.upperBound),
            y: (heights.lowerBound, heights.upperBound), niceX: false, niceY: false)
        let disagreeing = group.marks.reduce(0) { $0 + ($1.disagrees ? 1 : 0) }
        area.open(
            &markup, id: id,
            label: "Release map of the sheets \(Self.title(of: group)): release height and velocity, where each lands",
            data: [
                ("data-start", group.start), ("data-releases", String(group.marks.count)),
                ("data-disagree", String(disagreeing)), ("data-regions", shaded.name),
            ])
        area.drawAxes(
            &markup,
            xTitle: small ? "release velocity (pt/s), down →" : "release velocity (pt/s): ← upwards · downwards, towards dismissal →",
            yTitle: small ? "height" : "release height (of the extent)",
            xTick: { HTMLText.number($0, digits: 0) }, yTick: { HTMLText.number($0, digits: 2) },
            xTicks: small ? 4 : 8, yTicks: small ? 4 : 6)
        let columns = max(1, Int((area.right - area.left) / 4))
        let rows = max(1, Int((area.bottom - area.top) / 3))
        let extent = group.mostCommonExtent(under: shaded) ?? 1
        let grid = SheetRegionGrid(
            config: shaded, detents: group.detents, start: group.start, extent: extent, velocities: range,
            heights: heights, columns: columns, rows: rows)
        area.openClipped(&markup, class: "regions")
        if let grid { drawRegions(&markup, area, grid) }
        markup.close()
        var placed: [Box] = []
        drawDetents(&markup, area, &placed)
        area.openClipped(&markup, class: "marks")
        for outline in outlines {
            let extent = group.mostCommonExtent(under: outline.config) ?? 1
            // The shaded config's grid serves its own outline.
            guard
                let other = outline.config == shaded
                    ? grid
                    : SheetRegionGrid(
                        config: outline.config, detents: group.detents, start: group.start, extent: extent,
                        velocities: range, heights: heights, columns: columns, rows: rows)
            else { continue }
            var attributes: [Markup.Attribute] = [
                ("d", Self.boundaryPath(other, area)), ("fill", "none"), ("stroke", outline.colour),
                ("stroke-width", n(outline.width)), ("stroke-linejoin", "round"), ("class", "region-boundary"),
                ("data-boundary", outline.key),
            ]
            if let dash = outline.dash { attributes.append(("stroke-dasharray", dash)) }
            markup.empty("path", attributes)
        }
        drawMarks(&markup, area)
        markup.close()
        if !small { drawNumbers(&markup, area, &placed) }
        if !small {
            // The names keep off the marks that stand out: the diamonds and the rings.
            let standing = group.marks.filter { $0.name != nil || $0.disagrees }
            if standing.count <= 2000 {
                for mark in standing {
                    let (x, y) = (area.x(Double(mark.velocity)), area.y(Double(mark.height)))
                    placed.append(Box(x: x - 8, y: y - 8, width: 16, height: 16))
                }
            }
        }
        if let grid {
            drawRegionNames(&markup, area, grid, &placed)
        } else {
            // docs/model.md §4.10: a sheet follows only a pull-to-dismiss.
            markup.element(
                "text",
                [("x", n((area.left + area.right) / 2)), ("y", n((area.top + area.bottom) / 2)), ("text-anchor", "middle"),
                 ("class", "label"), ("data-not-applicable", shaded.interaction.rawValue)],
                small ? "no sheet under \(shaded.interaction.rawValue)" : "\(shaded.name) runs \(shaded.interaction.rawValue): a sheet is not simulated")
        }
        markup.close()
    }

    // MARK: Regions

    private func cellRect(_ area: PlotArea, _ grid: SheetRegionGrid, column: Int, row: Int) -> (x: Double, y: Double, w: Double, h: Double) {
        let w = (area.right - area.left) / Double(grid.columns)
        let h = (area.bottom - area.top) / Double(grid.rows)
        return (area.left + Double(column) * w, area.bottom - Double(row + 1) * h, w, h)
    }

    /// One path per anchor of its cells, a rectangle per run of a row.
    private func drawRegions(_ markup: inout Markup, _ area: PlotArea, _ grid: SheetRegionGrid) {
        var paths = [String](repeating: "", count: grid.anchorHeights.count)
        let w = (area.right - area.left) / Double(grid.columns)
        let h = (area.bottom - area.top) / Double(grid.rows)
        for row in 0..<grid.rows {
            var column = 0
            while column < grid.columns {
                let anchor = grid[column, row]
                var end = column + 1
                while end < grid.columns, grid[end, row] == anchor { end += 1 }
                let x = area.left + Double(column) * w
                let y = area.bottom - Double(row + 1) * h
                // A hair wider and taller, so that no seam shows between rows.
                paths[anchor] += "M\(n(x)) \(n(y))h\(n(Double(end - column) * w + 0.3))v\(n(h + 0.3))h-\(n(Double(end - column) * w + 0.3))z"
                column = end
            }
        }
        for (anchor, path) in paths.enumerated() where !path.isEmpty {
            markup.open("path", [
                ("d", path), ("fill", anchorColour(anchor)), ("fill-opacity", "0.2"), ("class", "region"),
                ("data-anchor", grid.name(of: anchor)),
            ])
            markup.element("title", [], "released here, the sheet goes to \(grid.name(of: anchor)) under \(shaded.name)")
            markup.close()
        }
    }

    /// Where the regions of `grid` meet (``SheetRegionGrid/boundarySegments()``), as one path.
    static func boundaryPath(_ grid: SheetRegionGrid, _ area: PlotArea) -> String {
        var path = ""
        var last: (Double, Double)?
        for (a, b) in grid.boundarySegments() {
            let (ax, ay, bx, by) = (area.x(a.0), area.y(a.1), area.x(b.0), area.y(b.1))
            if let last, abs(last.0 - ax) < 0.05, abs(last.1 - ay) < 0.05 {
                path += "L\(n(bx)) \(n(by))"
            } else {
                path += "M\(n(ax)) \(n(ay))L\(n(bx)) \(n(by))"
            }
            last = (bx, by)
        }
        return path
    }

    // MARK: Detents and names

    struct Box {
        var x: Double
        var y: Double
        var width: Double
        var height: Double

        func overlaps(_ other: Box) -> Bool {
            x < other.x + other.width + 2 && other.x < x + width + 2 && y < other.y + other.height + 2
                && other.y < y + height + 2
        }
    }

    /// A dashed line at each detent's height, named at the left edge.
    private func drawDetents(_ markup: inout Markup, _ area: PlotArea, _ placed: inout [Box]) {
        markup.open("g", [("class", "detents")])
        for (index, detent) in group.detents.enumerated() {
            let y = area.y(detent.height)
            guard y >= area.top - 0.5, y <= area.bottom + 0.5 else { continue }
            markup.empty("line", [
                ("x1", n(area.left)), ("y1", n(y)), ("x2", n(area.right)), ("y2", n(y)), ("stroke", anchorColour(index + 1)),
                ("stroke-width", "1.5"), ("stroke-dasharray", "2 3"), ("data-detent", detent.name),
            ])
            let label = detent.name + (detent.name == group.start ? " (start)" : "")
            let box = Box(x: area.left + 4, y: y - 15, width: PlotArea.textWidth(label, fontSize: 11, bold: true), height: 13)
            guard !small || detent.name == group.start else { continue }
            placed.append(box)
            markup.element(
                "text", [("x", n(box.x)), ("y", n(y - 4)), ("class", "mark-label"), ("style", "fill:\(anchorColour(index + 1))")],
                label)
        }
        let zero = area.y(0)
        if zero >= area.top, zero <= area.bottom {
            markup.empty("line", [
                ("x1", n(area.left)), ("y1", n(zero)), ("x2", n(area.right)), ("y2", n(zero)), ("stroke", "#777"),
                ("stroke-width", "1"),
            ])
        }
        let v0 = area.x(0)
        if v0 >= area.left, v0 <= area.right {
            markup.empty("line", [("x1", n(v0)), ("y1", n(area.top)), ("x2", n(v0)), ("y2", n(area.bottom)), ("stroke", "#bbb")])
        }
        markup.close()
    }

    /// Each anchor's name where its region is widest (the cell farthest from
    /// another anchor's), moved to the next farthest cell while it would
    /// overlap a word already placed.
    private func drawRegionNames(_ markup: inout Markup, _ area: PlotArea, _ grid: SheetRegionGrid, _ placed: inout [Box]) {
        let w = (area.right - area.left) / Double(grid.columns)
        let h = (area.bottom - area.top) / Double(grid.rows)
        // Chamfer distance (px) from each cell to the nearest cell of another anchor or the edge.
        let count = grid.columns * grid.rows
        var distance = [Double](repeating: .infinity, count: count)
        let diagonal = (w * w + h * h).squareRoot()
        func at(_ c: Int, _ r: Int) -> Int { r * grid.columns + c }
        for r in 0..<grid.rows {
            for c in 0..<grid.columns {
                let a = grid[c, r]
                let edge = c == 0 || r == 0 || c == grid.columns - 1 || r == grid.rows - 1
                let differs =
                    (c > 0 && grid[c - 1, r] != a) || (r > 0 && grid[c, r - 1] != a)
                    || (c + 1 < grid.columns && grid[c + 1, r] != a) || (r + 1 < grid.rows && grid[c, r + 1] != a)
                if edge || differs { distance[at(c, r)] = min(w, h) / 2 }
            }
        }
        for r in 0..<grid.rows {
            for c in 0..<grid.columns {
                var d = distance[at(c, r)]
                if c > 0 { d = min(d, distance[at(c - 1, r)] + w) }
                if r > 0 { d = min(d, distance[at(c, r - 1)] + h) }
                if c > 0, r > 0 { d = min(d, distance[at(c - 1, r - 1)] + diagonal) }
                if c + 1 < grid.columns, r > 0 { d = min(d, distance[at(c + 1, r - 1)] + diagonal) }
                distance[at(c, r)] = d
            }
        }
        for r in stride(from: grid.rows - 1, through: 0, by: -1) {
            for c in stride(from: grid.columns - 1, through: 0, by: -1) {
                var d = distance[at(c, r)]
                if c + 1 < grid.columns { d = min(d, distance[at(c + 1, r)] + w) }
                if r + 1 < grid.rows { d = min(d, distance[at(c, r + 1)] + h) }
                if c + 1 < grid.columns, r + 1 < grid.rows { d = min(d, distance[at(c + 1, r + 1)] + diagonal) }
                if c > 0, r + 1 < grid.rows { d = min(d, distance[at(c - 1, r + 1)] + diagonal) }
                distance[at(c, r)] = d
            }
        }
        let fontSize = small ? 12.0 : 15.0
        markup.open("g", [("class", "region-names")])
        for anchor in grid.anchorHeights.indices {
            // The cells deep enough for half a name first, the deepest first (all of them when none is).
            var cells = (0..<count).filter { Int(grid.anchors[$0]) == anchor }
            let deep = cells.filter { distance[$0] >= fontSize * 0.6 }
            if !deep.isEmpty { cells = deep }
            cells.sort { distance[$0] > distance[$1] }
            guard !cells.isEmpty else { continue }
            let label = "→ " + grid.name(of: anchor)
            let width = PlotArea.textWidth(label, fontSize: fontSize, bold: true)
            for cell in cells.prefix(600) {
                let (c, r) = (cell % grid.columns, cell / grid.columns)
                let centre = cellRect(area, grid, column: c, row: r)
                let box = Box(
                    x: centre.x + centre.w / 2 - width / 2, y: centre.y + centre.h / 2 - fontSize * 0.7, width: width,
                    height: fontSize * 1.1)
                guard box.x >= area.left + 2, box.x + box.width <= area.right - 2, box.y >= area.top + 2,
                    box.y + box.height <= area.bottom - 2, !placed.contains(where: { $0.overlaps(box) })
                else { continue }
                placed.append(box)
                markup.element(
                    "text",
                    [
                        ("x", n(box.x + width / 2)), ("y", n(box.y + fontSize * 0.85)), ("text-anchor", "middle"),
                        ("class", "region-name"), ("data-anchor", grid.name(of: anchor)),
                        ("style", "font-size:\(Int(fontSize))px;font-weight:700;fill:\(anchorColour(anchor));paint-order:stroke;stroke:#fff;stroke-width:4px"),
                    ], label)
                break
            }
        }
        markup.close()
    }

    // MARK: Releases

    private func drawMarks(_ markup: inout Markup, _ area: PlotArea) {
        let marks = group.marks
        let radius = small ? 3.0 : 5.0
        var colours: [UInt8] = []
        for mark in marks where !colours.contains(mark.meant) { colours.append(mark.meant) }
        for meant in colours.sorted() {
            var path = ""
            for mark in marks where mark.meant == meant && (small || mark.name == nil) {
                path += "M" + n(area.x(Double(mark.velocity))) + " " + n(area.y(Double(mark.height))) + "h0"
            }
            guard !path.isEmpty else { continue }
            let intent = meant == SheetReleases.Mark.unlabelled ? "unlabelled" : anchorName(Int(meant))
            markup.open("path", [
                ("d", path), ("stroke", meantColour(meant)), ("stroke-width", n(radius)), ("stroke-linecap", "round"),
                ("stroke-opacity", "0.8"), ("class", "release"), ("data-meant", intent),
            ])
            markup.element("title", [], "meant \(intent)")
            markup.close()
        }
        // A small map shows another config's regions: config 1's rings and diamonds would mislead there.
        guard !small else { return }
        var rings = ""
        for mark in marks where mark.disagrees {
            let (x, y) = (area.x(Double(mark.velocity)), area.y(Double(mark.height)))
            let r = radius + 2.5
            rings += "M\(n(x - r)) \(n(y))a\(n(r)) \(n(r)) 0 1 0 \(n(2 * r)) 0a\(n(r)) \(n(r)) 0 1 0-\(n(2 * r)) 0"
        }
        if !rings.isEmpty {
            markup.open("path", [("d", rings), ("fill", "none"), ("stroke", "#000"), ("stroke-width", "1.5"), ("class", "disagrees")])
            markup.element("title", [], "ringed: the result does not rest where the person meant")
            markup.close()
        }
        markup.open("g", [("class", "changed"), ("stroke", "#000"), ("stroke-width", "1.5")])
        for mark in marks {
            guard let name = mark.name else { continue }
            let (x, y) = (area.x(Double(mark.velocity)), area.y(Double(mark.height)))
            let s = radius + 1
            markup.open("path", [
                ("d", "M\(n(x)) \(n(y - s))l\(n(s)) \(n(s))-\(n(s)) \(n(s))-\(n(s))-\(n(s))z"),
                ("fill", meantColour(mark.meant)), ("data-trace", name),
            ])
            let meant = mark.meant == SheetReleases.Mark.unlabelled ? "unlabelled" : anchorName(Int(mark.meant))
            markup.element(
                "title", [],
                (numbers[name].map { "\($0). " } ?? "") + "\(name): meant \(meant), rests at \(anchorName(Int(mark.rests))); "
                    + "height \(HTMLText.number(Double(mark.height), digits: 3)), \(HTMLText.number(Double(mark.velocity), digits: 1)) pt/s")
            markup.close()
        }
        markup.close()
    }

    /// Where anchor `anchor` rests (``SheetReleases/Mark/rests``), or what an intent
    /// meaning it is called (``SheetReleases/Mark/meant``): `dismissed` for `finish`.
    private func anchorName(_ anchor: Int) -> String {
        Rest(anchor: anchor, detentNames: group.detents.lazy.map(\.name)).word
    }

    /// The plots' numbers beside their diamonds, where they overlap no word.
    private func drawNumbers(_ markup: inout Markup, _ area: PlotArea, _ placed: inout [Box]) {
        guard !numbers.isEmpty else { return }
        markup.open("g", [("class", "mark-numbers")])
        for mark in group.marks {
            guard let name = mark.name, let number = numbers[name] else { continue }
            let (x, y) = (area.x(Double(mark.velocity)), area.y(Double(mark.height)))
            let label = String(number)
            let width = PlotArea.textWidth(label, fontSize: 11, bold: true)
            for (dx, dy) in [(8.0, -14.0), (-8 - width, -14), (8, 2), (-8 - width, 2)] {
                let box = Box(x: x + dx, y: y + dy, width: width, height: 12)
                guard box.x >= area.left, box.x + box.width <= area.right, box.y >= area.top,
                    box.y + box.height <= area.bottom, !placed.contains(where: { $0.overlaps(box) })
                else { continue }
                placed.append(box)
                markup.element("text", [("x", n(box.x)), ("y", n(box.y + 10)), ("class", "mark-label")], label)
                break
            }
        }
        markup.close()
    }
}
