extension XCUITestFile {
    /// The test methods' names: `test` and the trace name's letters and digits
    /// (any other character `_`), made unique with `_2`, `_3` … in the order
    /// the traces come (by name).
    public struct MethodNames: Sendable {
        private var used: Set<String> = []
        /// For a name taken, the first suffix not tried yet.
        private var nextSuffix: [String: Int] = [:]

        /// An empty set of names.
        public init() {}

        /// The method name for the trace named `trace`, unique among those given before.
        ///
        /// Each name's next suffix is remembered, so that many traces whose
        /// names sanitise alike take linear time, not quadratic: a suffix is
        /// only ever tried again after it was taken.
        public mutating func unique(for trace: String) -> String {
            let base = Self.name(for: trace)
            var name = base
            if used.contains(name) {
                var suffix = nextSuffix[base, default: 2]
                repeat {
                    name = base + "_" + String(suffix)
                    suffix += 1
                } while used.contains(name)
                nextSuffix[base] = suffix
            }
            used.insert(name)
            return name
        }

        /// `test` followed by `trace`'s ASCII letters and digits, any other character `_`.
        public static func name(for trace: String) -> String {
            var name = "test"
            for character in trace {
                let ascii = character.asciiValue ?? 0
                let keeps = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(ascii)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(ascii)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(ascii)
                name.append(keeps ? character : "_")
            }
            return name
        }
    }

    /// Swift's keywords that may not name a type without backticks.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch",
        "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super",
        "throws", "true", "try", "_", "Type", "Protocol",
    ]

    /// True when `name` can name the test class: a Swift identifier that is
    /// not a keyword, by the grammar of The Swift Programming Language
    /// ("Lexical Structure", Identifiers): an identifier head, then identifier
    /// characters, checked scalar by scalar.
    public static func isClassName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, isIdentifierHead(first.value), !keywords.contains(name) else { return false }
        return name.unicodeScalars.dropFirst().allSatisfy { isIdentifierCharacter($0.value) }
    }

    /// The scalar ranges of the grammar's *identifier-head* (beside `A`–`Z`, `a`–`z` and `_`).
    static let identifierHeadRanges: [ClosedRange<UInt32>] = [
        0xA8...0xA8, 0xAA...0xAA, 0xAD...0xAD, 0xAF...0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE, 0xC0...0xD6,
        0xD8...0xF6, 0xF8...0xFF, 0x100...0x2FF, 0x370...0x167F, 0x1681...0x180D, 0x180F...0x1DBF, 0x1E00...0x1FFF,
        0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040, 0x2054...0x2054, 0x2060...0x206F, 0x2070...0x20CF,
        0x2100...0x218F, 0x2460...0x24FF, 0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF, 0x3004...0x3007,
        0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF, 0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE1F,
        0xFE30...0xFE44, 0xFE47...0xFFFD, 0x10000...0x1FFFD, 0x20000...0x2FFFD, 0x30000...0x3FFFD, 0x40000...0x4FFFD,
        0x50000...0x5FFFD, 0x60000...0x6FFFD, 0x70000...0x7FFFD, 0x80000...0x8FFFD, 0x90000...0x9FFFD,
        0xA0000...0xAFFFD, 0xB0000...0xBFFFD, 0xC0000...0xCFFFD, 0xD0000...0xDFFFD, 0xE0000...0xEFFFD,
    ]

    /// The ranges *identifier-character* adds to the head's (beside `0`–`9`): combining marks.
    static let identifierCharacterRanges: [ClosedRange<UInt32>] = [0x300...0x36F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F]

    static func isIdentifierHead(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x41...0x5A, 0x61...0x7A, 0x5F: return true
        case 0..<0x80: return false
        default: return identifierHeadRanges.contains { $0.contains(scalar) }
        }
    }

    static func isIdentifierCharacter(_ scalar: UInt32) -> Bool {
        (0x30...0x39).contains(scalar) || isIdentifierHead(scalar) || identifierCharacterRanges.contains { $0.contains(scalar) }
    }
}
