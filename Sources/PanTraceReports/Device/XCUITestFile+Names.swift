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

    /// True when `name` can name the test class: a Swift identifier (a letter
    /// or `_`, then letters, ASCII digits and `_`) that is not a keyword.
    public static func isClassName(_ name: String) -> Bool {
        guard let first = name.first, first.isLetter || first == "_", !keywords.contains(name) else { return false }
        return name.allSatisfy { character in
            character == "_" || (character.isASCII && character.isWholeNumber)
                || (character.isLetter && character.unicodeScalars.count == 1)
        }
    }
}
