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
            guard let regex = try? NSRegularExpression(pattern: pattern) else { return ["bad pattern \(pattern)"] }
            return matches(of: regex, in: html).map { $0[0] }
        }
    }

    /// Every match of `regex` in `text`: the whole match, then each group
    /// (empty when a group took no part). NSRegularExpression (ICU) rather
    /// than Swift's Regex: on pages of megabytes it is many times faster, and
    /// these patterns are ASCII, read the same by both.
    static func matches(of regex: NSRegularExpression, in text: String) -> [[String]] {
        let string = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: string.length)).map { match in
            (0..<match.numberOfRanges).map { index in
                let range = match.range(at: index)
                return range.location == NSNotFound ? "" : string.substring(with: range)
            }
        }
    }

    /// `attribute="key" … data-value="N">text<` pairs: key → (value, the text as a number).
    public static func numbers(_ attribute: String, in dom: String) -> [String: (value: Int, shown: Int?)] {
        guard let regex = try? NSRegularExpression(pattern: #"\#(attribute)="([^"]*)" data-value="(-?\d+)">([^<]*)<"#) else { return [:] }
        var result: [String: (Int, Int?)] = [:]
        for match in matches(of: regex, in: dom) {
            let (key, text) = (match[1], match[3])
            guard let value = Int(match[2]) else { continue }
            // The text groups thousands with thin spaces (U+2009).
            let digits = text.filter { $0 != "\u{2009}" }
            result[String(key)] = (value, Int(digits))
        }
        return result
    }

    /// Every value of `attribute` in `dom`, in document order.
    public static func values(of attribute: String, in dom: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: #"\s\#(attribute)="([^"]*)""#) else { return [] }
        return matches(of: regex, in: dom).map { $0[1] }
    }

    /// The text of the element with `id`, up to its closing tag (no nesting).
    public static func element(id: String, in dom: String) -> String? {
        guard let start = dom.range(of: "id=\"\(id)\"") else { return nil }
        return String(dom[start.lowerBound...])
    }

    /// Occurrences of `needle`, not overlapping (as `components(separatedBy:)`
    /// counts them, which a debug build of the tests made a hundred times slower
    /// on a page of megabytes): C's `strstr` over the UTF-8 bytes.
    public static func count(_ needle: String, in text: String) -> Int {
        guard !needle.isEmpty else { return 0 }
        return text.withCString { haystack in
            needle.withCString { wanted in
                let length = strlen(wanted)
                var count = 0
                var from = haystack
                while let found = strstr(from, wanted) {
                    count += 1
                    from = UnsafePointer(found) + length
                }
                return count
            }
        }
    }

    /// Decodes the entities Chromium writes when it serializes attribute values.
    public static func decodeAttribute(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&nbsp;", with: "\u{00A0}")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
