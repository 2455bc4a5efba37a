
/// An HTML or SVG document built as text, one element after another, with
/// every text and attribute value escaped (``HTMLText``).
///
/// ```swift
/// var markup = Markup()
/// markup.open("p", [("class", "note")])
/// markup.text("5 < 7")
/// markup.close()
/// markup.text   // <p class="note">5 &lt; 7</p>
/// ```
public struct Markup: Sendable {
    /// One attribute: its name (written as is) and its value (escaped).
    public typealias Attribute = (name: String, value: String)

    /// The markup so far.
    public private(set) var text = ""
    private var openTags: [String] = []

    /// An empty document.
    public init() {}

    /// Whether every opened element has been closed.
    public var isBalanced: Bool { openTags.isEmpty }

    /// Opens `<tag …>`; ``close()`` ends it.
    public mutating func open(_ tag: String, _ attributes: [Attribute] = []) {
        start(tag, attributes)
        text += ">"
        openTags.append(tag)
    }

    /// Closes the innermost open element (does nothing when none is open).
    public mutating func close() {
        guard let tag = openTags.popLast() else { return }
        text += "</\(tag)>"
    }

    /// `<tag …>content</tag>`, the content escaped.
    public mutating func element(_ tag: String, _ attributes: [Attribute] = [], _ content: String) {
        start(tag, attributes)
        text += ">"
        text += HTMLText.escape(content)
        text += "</\(tag)>"
    }

    /// An element without content: `<tag …/>` in SVG, `<tag …>` for HTML's void elements.
    public mutating func empty(_ tag: String, _ attributes: [Attribute] = []) {
        start(tag, attributes)
        text += Self.htmlVoid.contains(tag) ? ">" : "/>"
    }

    /// Escaped text content.
    public mutating func text(_ content: String) {
        text += HTMLText.escape(content)
    }

    /// Markup written as is: only for text this module wrote itself (the style sheet).
    mutating func raw(_ markup: String) {
        text += markup
    }

    private static let htmlVoid: Set<String> = ["meta", "br", "hr", "img", "link", "col"]

    private mutating func start(_ tag: String, _ attributes: [Attribute]) {
        text += "<"
        text += tag
        for attribute in attributes {
            text += " "
            text += attribute.name
            text += "=\""
            text += HTMLText.escapeAttribute(attribute.value)
            text += "\""
        }
    }
}
