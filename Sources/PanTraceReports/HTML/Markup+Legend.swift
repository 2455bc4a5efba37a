
extension Markup {
    /// What a legend entry shows before its words.
    enum Swatch {
        /// A dot (or, for a density, a square cell) of `colour`.
        case dot(String, cell: Bool = false)
        /// A line of `colour`, dashed or solid.
        case line(String, dashed: Bool)
        /// A white diamond outlined in black: a changed trace.
        case diamond
        /// A black ring: the best candidate.
        case ring

        var attributes: [Attribute] {
            switch self {
            case .dot(let colour, let cell): [("class", cell ? "swatch cell" : "swatch"), ("style", "background:\(colour)")]
            case .line(let colour, let dashed):
                [("class", dashed ? "swatch line dashed" : "swatch line"), ("style", "border-top-color:\(colour)")]
            case .diamond: [("class", "swatch changed"), ("style", "background:#fff")]
            case .ring: [("class", "swatch"), ("style", "border:2px solid #000;background:#fff")]
            }
        }
    }

    /// One `<li>` of a `ul.legend`: the swatch, then `label`.
    mutating func legendItem(_ swatch: Swatch, _ label: String, _ attributes: [Attribute] = []) {
        open("li", attributes)
        element("span", swatch.attributes, "")
        text(label)
        close()
    }
}
