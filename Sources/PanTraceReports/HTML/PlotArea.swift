
/// One chart's SVG canvas: its size, the margins that hold the axes, and the
/// scales from data to pixels inside them.
struct PlotArea {
    var width: Double
    var height: Double
    var left: Double
    var right: Double
    var top: Double
    var bottom: Double
    var x: LinearScale
    var y: LinearScale
    /// The id of the clip path that keeps lines inside the plotting rectangle.
    var clipID: String

    /// A canvas of `width`×`height` px whose data rectangle spans `xDomain`
    /// and `yDomain`, widened to round ticks when `nice`.
    init(
        id: String, width: Double, height: Double, margins: (left: Double, right: Double, top: Double, bottom: Double),
        x xDomain: (Double, Double), y yDomain: (Double, Double), niceX: Bool = true, niceY: Bool = true
    ) {
        self.width = width
        self.height = height
        left = margins.left
        right = width - margins.right
        top = margins.top
        bottom = height - margins.bottom
        let x = LinearScale(xDomain.0, xDomain.1, onto: left, right)
        let y = LinearScale(yDomain.0, yDomain.1, onto: bottom, top)
        self.x = niceX ? x.nice() : x
        self.y = niceY ? y.nice() : y
        clipID = "clip-" + id
    }

    /// Opens the `<svg>` element (the caller closes it) and defines the clip path.
    func open(_ markup: inout Markup, id: String, label: String, data: [Markup.Attribute] = []) {
        markup.open(
            "svg",
            [
                ("id", id), ("class", "chart"), ("viewBox", "0 0 \(n(width)) \(n(height))"),
                ("width", n(width)), ("height", n(height)), ("role", "img"), ("aria-label", label),
            ] + data)
        markup.open("clipPath", [("id", clipID)])
        markup.empty("rect", [("x", n(left)), ("y", n(top)), ("width", n(right - left)), ("height", n(bottom - top))])
        markup.close()
    }

    /// Grid lines, both axes with their tick values, and the axis titles.
    ///
    /// An axis of counts (`xCounts`, `yCounts`) has whole ticks only: no
    /// 0.5 gestures. The vertical title stands left of the widest tick
    /// label, never on it.
    func drawAxes(
        _ markup: inout Markup, xTitle: String, yTitle: String,
        xTick: (Double) -> String = { HTMLText.number($0, digits: 3) },
        yTick: (Double) -> String = { HTMLText.number($0, digits: 3) }, xTicks: Int = 6, yTicks: Int = 5,
        xTickValues: [Double]? = nil, xCounts: Bool = false, yCounts: Bool = false
    ) {
        var xs = xTickValues ?? x.ticks(count: xTicks)
        var ys = y.ticks(count: yTicks)
        if xCounts { xs = xs.filter { $0 == $0.rounded() } }
        if yCounts { ys = ys.filter { $0 == $0.rounded() } }
        let widestTick = ys.map { Self.textWidth(yTick($0), fontSize: 11) }.max() ?? 0
        markup.open("g", [("class", "grid")])
        for value in xs { line(&markup, x(value), top, x(value), bottom) }
        for value in ys { line(&markup, left, y(value), right, y(value)) }
        markup.close()
        markup.open("g", [("class", "axis")])
        markup.empty(
            "rect",
            [("x", n(left)), ("y", n(top)), ("width", n(right - left)), ("height", n(bottom - top)), ("class", "frame")])
        for value in xs {
            line(&markup, x(value), bottom, x(value), bottom + 5)
            markup.element(
                "text", [("x", n(x(value))), ("y", n(bottom + 18)), ("text-anchor", "middle"), ("class", "tick")],
                xTick(value))
        }
        for value in ys {
            line(&markup, left - 5, y(value), left, y(value))
            markup.element(
                "text", [("x", n(left - 8)), ("y", n(y(value) + 4)), ("text-anchor", "end"), ("class", "tick")],
                yTick(value))
        }
        markup.element(
            "text", [("x", n((left + right) / 2)), ("y", n(bottom + 36)), ("text-anchor", "middle"), ("class", "label")],
            xTitle)
        let middle = (top + bottom) / 2
        // Rotated, the title's glyphs reach about 10 px left of its baseline and 3 px right.
        let titleX = max(11, min(left - 48, left - 8 - widestTick - 6))
        markup.element(
            "text",
            [
                ("x", n(titleX)), ("y", n(middle)), ("text-anchor", "middle"), ("class", "label"),
                ("transform", "rotate(-90 \(n(titleX)) \(n(middle)))"),
            ], yTitle)
        markup.close()
    }

    /// A generous estimate of the width of `text` in the page's sans-serif
    /// at `fontSize` px (digits and most letters are under 0.62 em).
    static func textWidth(_ text: String, fontSize: Double, bold: Bool = false) -> Double {
        Double(text.count) * fontSize * (bold ? 0.66 : 0.62)
    }

    /// Opens a group clipped to the plotting rectangle (the caller closes it).
    func openClipped(_ markup: inout Markup, class name: String) {
        markup.open("g", [("class", name), ("clip-path", "url(#\(clipID))")])
    }

    /// A polyline through `points` given in data coordinates.
    func polyline(_ markup: inout Markup, _ points: [(Double, Double)], _ attributes: [Markup.Attribute]) {
        var coordinates = ""
        coordinates.reserveCapacity(points.count * 12)
        for (index, point) in points.enumerated() {
            if index > 0 { coordinates += " " }
            coordinates += n(x(point.0)) + "," + n(y(point.1))
        }
        markup.empty("polyline", [("points", coordinates), ("fill", "none")] + attributes)
    }

    func line(_ markup: inout Markup, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        markup.empty("line", [("x1", n(x1)), ("y1", n(y1)), ("x2", n(x2)), ("y2", n(y2))])
    }
}

/// A pixel coordinate as compact text (one decimal is below a screen pixel).
func n(_ value: Double) -> String { HTMLText.number(value, digits: 1) }
