/// A name (of a trace, a config, a family) as a key compared and hashed by its
/// exact sequence of Unicode scalars.
///
/// Swift's `String ==` is canonical equivalence: the NFC spelling `"é"`
/// (U+00E9) equals the NFD spelling `"e\u{301}"`, and the Kelvin sign equals
/// `K`. SQLite compares text by its bytes, so two spellings that Swift calls
/// equal are two rows in the store. Names follow the store: two names are the
/// same name only when their scalars are the same, which for valid Unicode is
/// the same as equal UTF-8 bytes. Use this type as a `Set` or `Dictionary` key
/// for names, and ``Swift/String/isScalarEqual(to:)`` for one comparison.
///
/// ```swift
/// ExactName("\u{E9}") == ExactName("e\u{301}")  // false
/// "\u{E9}" == "e\u{301}"                         // true (canonical equivalence)
/// ```
public struct ExactName: Hashable, Sendable, CustomStringConvertible {
    /// The name's text, exactly as given.
    public let text: String

    /// The name `text`, compared by its scalars.
    public init(_ text: String) {
        self.text = text
    }

    /// The name's text.
    public var description: String { text }

    /// Equal when the two texts are the same Unicode scalars.
    public static func == (a: ExactName, b: ExactName) -> Bool {
        a.text.isScalarEqual(to: b.text)
    }

    /// Hashes the UTF-8 bytes, so that equal names hash equally.
    public func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { bytes in
            hasher.combine(bytes.count)
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        }
    }
}

extension ExactName {
    /// Why `text` cannot be a name of at most `maximumLength` characters, or
    /// `nil` when it can: docs/model.md §3 and docs/configs.md allow 1–200 (traces) or 1–100 (configs)
    /// characters, counted as Unicode scalars.
    ///
    /// NUL (U+0000) is refused: C strings, SQLite's text functions and
    /// terminals cut a name at it, so it could not be stored or shown whole.
    /// Every other character is allowed, controls included (a tab, an ESC, a
    /// line break): they are stored exactly and escaped wherever a name is
    /// printed for a person (`TerminalText.escaped(_:)` of PanTraceReports).
    public static func issue(in text: String, maximumLength: Int) -> String? {
        let length = text.unicodeScalars.count
        guard (1...maximumLength).contains(length) else {
            return "must be 1–\(maximumLength) characters, found \(length)"
        }
        if text.utf8.contains(0) {
            return "must not contain NUL (U+0000), found one at character \(nulPosition(in: text))"
        }
        return nil
    }

    /// The 1-based position, in scalars, of the first NUL.
    private static func nulPosition(in text: String) -> Int {
        var position = 1
        for scalar in text.unicodeScalars {
            if scalar == "\u{0}" { break }
            position += 1
        }
        return position
    }
}

extension String {
    /// True when the two strings are the same sequence of Unicode scalars
    /// (equal UTF-8 bytes), unlike `==`, which is canonical equivalence
    /// (`"\u{E9}" == "e\u{301}"` is true, `"\u{E9}".isScalarEqual(to: "e\u{301}")`
    /// is false). Names are compared this way everywhere (see ``ExactName``).
    public func isScalarEqual(to other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        // Native strings hold their UTF-8 contiguously: equal bytes, equal scalars.
        let bytesEqual = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { theirs in mine.elementsEqual(theirs) }
        }
        if let bytesEqual = bytesEqual ?? nil { return bytesEqual }
        // Scalar-equal strings are canonically equivalent, so `==` (a byte
        // comparison for ASCII) rules out almost every unequal pair first.
        guard self == other else { return false }
        return utf8.elementsEqual(other.utf8)
    }
}
