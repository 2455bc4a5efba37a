import Foundation

/// What the browser tests read back from a page or its dumped DOM.
public enum PageChecks {
    /// Every reference to something outside the file: `src=`/`href=` with
    /// `http:`, `https:` or a protocol-relative `//`, CSS `url(http…)`/`url(//…)`
    /// and `@import`.
    public static func externalReferences(in html: String) -> [String] {
        let patterns = [
            #"(?i)\b(?:src|href|xlink:href|action|poster|data)\s*=\s*["']?\s*(?:https?:|//)[^"'\s>]*"#,
            #"(?i)url\(\s*["']?\s*(?:https?:|//)[^)]*\)"#,
            #"(?i)@import"#,
        ]
        return patterns.flatMap { pattern -> [String] in
            guard let regex = try? Regex(pattern) else { return ["bad pattern \(pattern)"] }
            return html.matches(of: regex).map { String(html[$0.range]) }
        }
    }

    /// `attribute="key" … data-value="N">text<` pairs: key → (value, the text as a number).
    public static func numbers(_ attribute: String, in dom: String) -> [String: (value: Int, shown: Int?)] {
        guard let regex = try? Regex(#"\#(attribute)="([^"]*)" data-value="(-?\d+)">([^<]*)<"#) else { return [:] }
        var result: [String: (Int, Int?)] = [:]
        for match in dom.matches(of: regex) {
            guard let key = match.output[1].substring, let value = match.output[2].substring.flatMap({ Int($0) }),
                let text = match.output[3].substring
            else { continue }
            // The text groups thousands with thin spaces (U+2009).
            let digits = text.filter { $0 != "\u{2009}" }
            result[String(key)] = (value, Int(digits))
        }
        return result
    }

    /// Every value of `attribute` in `dom`, in document order.
    public static func values(of attribute: String, in dom: String) -> [String] {
        guard let regex = try? Regex(#"\s\#(attribute)="([^"]*)""#) else { return [] }
        return dom.matches(of: regex).compactMap { $0.output[1].substring.map(String.init) }
    }

    /// The text of the element with `id`, up to its closing tag (no nesting).
    public static func element(id: String, in dom: String) -> String? {
        guard let start = dom.range(of: "id=\"\(id)\"") else { return nil }
        return String(dom[start.lowerBound...])
    }

    /// Occurrences of `needle`.
    public static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    /// Decodes the entities Chromium writes when it serializes attribute values.
    public static func decodeAttribute(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&nbsp;", with: "\u{00A0}")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
