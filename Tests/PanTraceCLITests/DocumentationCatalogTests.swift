import Foundation
import Testing

/// The DocC catalogs' examples compile: every `swift` code block of an
/// article in `Sources/*/*.docc` is, line for line (indentation aside), code of
/// one of the `*GettingStartedTests.swift` files, which the test targets
/// compile and run. The catalogs themselves are built by `scripts/docs.sh` in
/// `.ci/run`, with warnings as errors.
@Suite struct DocumentationCatalogTests {
    /// The swift code blocks of a Markdown text, each as its lines.
    static func swiftBlocks(in text: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = []
            } else if let block = current, trimmed == "```" {
                blocks.append(block)
                current = nil
            } else if current != nil {
                current?.append(trimmed)
            }
        }
        return blocks
    }

    /// Whether `block` occurs as consecutive lines of `lines`.
    static func contains(_ lines: [String], _ block: [String]) -> Bool {
        guard !block.isEmpty, block.count <= lines.count else { return block.isEmpty }
        return (0...(lines.count - block.count)).contains { start in Array(lines[start..<(start + block.count)]) == block }
    }

    @Test func everyArticlesCodeIsCompiledByATest() throws {
        let root = CommandRunner.repositoryRoot
        var examples: [String] = []
        var articles: [URL] = []
        for folder in ["Sources", "Tests"] {
            let walk = try #require(FileManager.default.enumerator(at: root.appending(path: folder), includingPropertiesForKeys: nil))
            for case let file as URL in walk {
                if file.lastPathComponent.hasSuffix("GettingStartedTests.swift") {
                    examples += try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                        .map { $0.trimmingCharacters(in: .whitespaces) }
                } else if file.pathExtension == "md", file.deletingLastPathComponent().pathExtension == "docc" {
                    articles.append(file)
                }
            }
        }
        var blocks = 0
        for article in articles {
            for block in Self.swiftBlocks(in: try String(contentsOf: article, encoding: .utf8)) {
                blocks += 1
                #expect(Self.contains(examples, block), "\(article.lastPathComponent) in \(article.deletingLastPathComponent().lastPathComponent): its code is not in a *GettingStartedTests.swift")
            }
        }
        // Six catalogs, each with a getting-started example.
        #expect(articles.count >= 12)
        #expect(blocks >= 6)
    }

    /// The library products, each with a catalog `Sources/NAME/NAME.docc`.
    static let products = ["PanTraceModel", "PanTraceCore", "PanTraceReports", "PanTraceStore", "PanTraceKit", "PanTraceCapture"]

    /// The top-level public types declared in `text`: a declaration that
    /// starts its line (a nested type is curated on its parent's page).
    static func publicTypes(in text: String) -> [String] {
        let kinds: Set<Substring> = ["struct", "enum", "class", "protocol", "actor", "typealias"]
        var names: [String] = []
        for line in text.split(separator: "\n") where line.hasPrefix("public ") || line.hasPrefix("open ") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "<" || $0 == "{" || $0 == "=" })
            guard let kind = words.firstIndex(where: { kinds.contains($0) }), kind + 1 < words.count else { continue }
            names.append(String(words[kind + 1]))
        }
        return names
    }

    @Test(arguments: products)
    func everyPublicTypeIsInATopicGroup(_ product: String) throws {
        let root = CommandRunner.repositoryRoot
        let sources = root.appending(path: "Sources/\(product)")
        let catalog = sources.appending(path: "\(product).docc")
        var listed = ""
        for file in try FileManager.default.contentsOfDirectory(at: catalog, includingPropertiesForKeys: nil) where file.pathExtension == "md" {
            listed += try String(contentsOf: file, encoding: .utf8)
        }
        let walk = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var types: [String] = []
        for case let file as URL in walk where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            // The UIKit adapter is not compiled where the catalog is built.
            if text.hasPrefix("#if canImport(UIKit)") { continue }
            types += Self.publicTypes(in: text)
        }
        #expect(!types.isEmpty)
        for name in Set(types).sorted() {
            #expect(listed.contains("``\(name)``") || listed.contains("``\(name)/"), "\(product): \(name) is in no topic group of \(product).docc")
        }
    }
}
