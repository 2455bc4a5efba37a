/// One step of the way from a document's root to a value: an object key or an array index.
public enum JSONPathComponent: Equatable, Hashable, Sendable {
    case key(String)
    case index(Int)
}

extension [JSONPathComponent] {
    /// The path as the error messages write it: `samples[3].t`, `meta.expected`,
    /// or the empty string for the root.
    ///
    /// A path deeper than 12 steps (nesting a message cannot usefully show) keeps
    /// its first 8 and last 2 steps around `…`: `meta[0][0][0][0][0][0][0]…[0][0]`.
    public var keyPath: String {
        guard count <= 12 else {
            return Array(prefix(8)).keyPath + "…" + Array(suffix(2)).keyPath
        }
        var text = ""
        for component in self {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += key
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }
}

/// Why a byte buffer is not one valid JSON document.
///
/// `offset` is the 0-based byte offset in the parser's input where the problem
/// was found; `path` locates the value that was being parsed (`samples[2].t`
/// for `"t": 1e999` inside the third sample), empty for problems at the root or
/// in an object key.
public struct JSONError: Error, Equatable, CustomStringConvertible, Sendable {
    /// 0-based byte offset in the parser's input.
    public var offset: Int
    /// The value being parsed when the problem was found.
    public var path: [JSONPathComponent]
    /// What is wrong, for a person (`not a finite number (it overflows a double)`).
    public var reason: String

    /// An error at `offset`, inside the value at `path`.
    public init(offset: Int, path: [JSONPathComponent] = [], reason: String) {
        self.offset = offset
        self.path = path
        self.reason = reason
    }

    /// 1-based column of the problem: the byte offset plus one (bytes, not characters).
    public var column: Int { offset + 1 }

    /// For example `samples[2].t: not a finite number (column 45)`.
    public var description: String {
        let location = path.keyPath
        return (location.isEmpty ? "" : location + ": ") + "\(reason) (column \(column))"
    }
}
