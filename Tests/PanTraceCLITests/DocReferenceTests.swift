import Foundation
import Testing

/// Every reference to a section of the repository's docs resolves: a
/// `docs/NAME.md` followed by section numbers (`§4.6`, `§7.3, §7.4`,
/// `§4.2–4.4`) names a heading of that document that starts with each number,
/// and one followed by a quoted title names text the document has. Read in
/// the comments and strings of Sources and Tests and in the help texts
/// (the golden files of ``HelpTests``).
@Suite struct DocReferenceTests {
    /// One citation: a document's name, the section numbers after it, and a quoted title if one follows.
    struct Citation: Equatable {
        var name: String
        var sections: [String] = []
        var title: String?
    }

    /// The citations of `docs/NAME.md` in `line`: `§4.6`, `§7.3, §7.4`, `§4.2 and §4.3`,
    /// `§4.2–4.4` (both ends), then optionally `, "Title"` or `"Title"`.
    static func citations(in line: String) -> [Citation] {
        let scalars = Array(line.unicodeScalars)
        var citations: [Citation] = []
        var index = 0
        func take(_ text: String) -> Bool {
            let pattern = Array(text.unicodeScalars)
            guard index + pattern.count <= scalars.count, Array(scalars[index..<(index + pattern.count)]) == pattern else { return false }
            index += pattern.count
            return true
        }
        func number() -> String? {
            var digits = ""
            while index < scalars.count, scalars[index].properties.numericType != nil || scalars[index] == "." {
                digits.unicodeScalars.append(scalars[index])
                index += 1
            }
            while digits.hasSuffix(".") {
                digits.removeLast()
                index -= 1
            }
            return digits.isEmpty ? nil : digits
        }
        while index < scalars.count {
            // Only where a citation can begin: `take` compares arrays, slow in a debug build.
            guard scalars[index] == "d", take("docs/") else {
                index += 1
                continue
            }
            var name = ""
            while index < scalars.count, ("a"..."z").contains(scalars[index]) || scalars[index] == "-" {
                name.unicodeScalars.append(scalars[index])
                index += 1
            }
            guard !name.isEmpty, take(".md") else { continue }
            var citation = Citation(name: name)
            var mark = index
            if take(" §"), let first = number() {
                citation.sections.append(first)
                while true {
                    mark = index
                    if take("–") || take("-") {
                        _ = take("§")
                        if let end = number() {
                            citation.sections.append(end)
                            continue
                        }
                    }
                    index = mark
                    if take(", §") || take(" and §") || take(", and §"), let next = number() {
                        citation.sections.append(next)
                        continue
                    }
                    index = mark
                    break
                }
            } else {
                index = mark
            }
            mark = index
            _ = take(",")
            if take(" \"") || take(" “") {
                var title = ""
                while index < scalars.count, scalars[index] != "\"", scalars[index] != "”" {
                    title.unicodeScalars.append(scalars[index])
                    index += 1
                }
                if index < scalars.count, !title.isEmpty { citation.title = title }
            }
            if citation.title == nil { index = mark }
            citations.append(citation)
        }
        return citations
    }

    /// The files read: every Swift file of Sources and Tests, and the help golden files.
    static func citingFiles() throws -> [URL] {
        let root = CommandRunner.repositoryRoot
        var files: [URL] = []
        for folder in ["Sources", "Tests"] {
            let walk = try #require(FileManager.default.enumerator(at: root.appending(path: folder), includingPropertiesForKeys: nil))
            for case let file as URL in walk
            // This file's examples of citations are not citations.
            where (file.pathExtension == "swift" && file.lastPathComponent != "DocReferenceTests.swift")
                || (file.lastPathComponent.hasPrefix("help.") && file.pathExtension == "txt") {
                files.append(file)
            }
        }
        return files
    }

    /// The section numbers of a document's headings (`## §4.6 Decision` gives `4.6`).
    static func sections(of text: String) -> Set<String> {
        var sections: Set<String> = []
        for line in text.split(separator: "\n") where line.hasPrefix("#") {
            let words = line.split(separator: " ", maxSplits: 2)
            if words.count >= 2, words[0].allSatisfy({ $0 == "#" }), words[1].hasPrefix("§") {
                sections.insert(String(words[1].dropFirst()))
            }
        }
        return sections
    }

    /// Whether `line` holds `docs/`: a byte scan, so that the regular expressions see only the lines that cite.
    static func mentionsDocs(_ line: ArraySlice<UInt8>) -> Bool {
        let pattern = Array("docs/".utf8)
        guard line.count >= pattern.count else { return false }
        var index = line.startIndex
        while index <= line.endIndex - pattern.count {
            if line[index] == pattern[0], line[index..<(index + pattern.count)].elementsEqual(pattern) { return true }
            index += 1
        }
        return false
    }

    @Test func everySectionAndTitleReferenceResolves() throws {
        let docs = CommandRunner.repositoryRoot.appending(path: "docs")
        var texts: [String: String] = [:]
        func text(of name: String) -> String? {
            if let text = texts[name] { return text }
            let text = try? String(contentsOf: docs.appending(path: "\(name).md"), encoding: .utf8)
            texts[name] = text
            return text
        }
        var headingsOf: [String: Set<String>] = [:]
        var checked = 0
        for file in try Self.citingFiles() {
            let bytes = Array(try Data(contentsOf: file))
            for (index, lineBytes) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
            where Self.mentionsDocs(lineBytes) {
                let place = "\(file.lastPathComponent):\(index + 1)"
                for citation in Self.citations(in: String(decoding: lineBytes, as: UTF8.self)) {
                    guard let doc = text(of: citation.name) else {
                        Issue.record("\(place): docs/\(citation.name).md does not exist")
                        continue
                    }
                    let headings = headingsOf[citation.name] ?? Self.sections(of: doc)
                    headingsOf[citation.name] = headings
                    for section in citation.sections {
                        checked += 1
                        #expect(headings.contains(section), "\(place): docs/\(citation.name).md has no heading §\(section)")
                    }
                    if let title = citation.title {
                        checked += 1
                        #expect(doc.contains(title), "\(place): docs/\(citation.name).md has no \"\(title)\"")
                    }
                }
            }
        }
        // The code cites hundreds of sections: a regular expression that stopped matching would pass vacuously.
        #expect(checked > 300)
    }

    @Test func citationsAreReadAsTheCodeWritesThem() {
        #expect(Self.citations(in: "// docs/model.md §4.6: the rule") == [Citation(name: "model", sections: ["4.6"])])
        #expect(
            Self.citations(in: "(docs/commands.md §7.3, §7.4, and docs/model.md §4.2–4.4.)")
                == [Citation(name: "commands", sections: ["7.3", "7.4"]), Citation(name: "model", sections: ["4.2", "4.4"])])
        #expect(Self.citations(in: "docs/model.md §4.1 and §4.2") == [Citation(name: "model", sections: ["4.1", "4.2"])])
        #expect(
            Self.citations(in: #"(docs/configs.md "How sure") and docs/safety.md, "Numbers are what they say""#)
                == [Citation(name: "configs", title: "How sure"), Citation(name: "safety", title: "Numbers are what they say")])
        #expect(Self.citations(in: "docs/sqlite.md §6 \"x") == [Citation(name: "sqlite", sections: ["6"])])
    }

    @Test func headingsAreReadWithTheirNumbers() {
        let doc = "# Title\n## §4 Notation\n## §4.10 Detents\ntext §9\n### §7.2 `pantrace replay`\n"
        #expect(Self.sections(of: doc) == ["4", "4.10", "7.2"])
    }
}
