import Foundation
import PanTraceCore
import PanTraceModel
import PanTraceLab
import Testing

/// A detent's name is any name docs/model.md §3 allows, `__proto__` included:
/// the page sends it as a key of `detents` like any other (docs/lab.md).
@Suite struct LabDetentNameTests {
    /// The first `node` on the PATH, if any.
    static let node: String? = {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(folder)/node"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }()

    /// The page's own function that builds `detents`, cut from the page served.
    static func detentsFunction() throws -> String {
        let page = LabPage.html(config: Config(), tasks: LabTask.builtIn(for: .pullToDismiss, repeatCount: 1), session: "s", stored: 0)
        let start = try #require(page.range(of: "function detentsObject("))
        // The function ends at the first `}` as indented as its first line.
        let lineStart = page[..<start.lowerBound].lastIndex(of: "\n").map { page.index(after: $0) } ?? page.startIndex
        let indent = String(page[lineStart..<start.lowerBound])
        let end = try #require(page.range(of: "\n" + indent + "}\n", range: start.upperBound..<page.endIndex))
        return String(page[start.lowerBound..<end.upperBound])
    }

    @Test func theDetentsOfAGestureKeepANamedProto() throws {
        guard let node = Self.node else { try Test.cancel("skipped: no node on the PATH") }
        let script = try Self.detentsFunction() + """
            process.stdout.write(JSON.stringify(detentsObject([{name: "__proto__", height: 0.5}, {name: "constructor", height: 0.75},
              {name: "large", height: 1}])));
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: node)
        process.arguments = ["-e", script]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let detents = String(decoding: data, as: UTF8.self)
        #expect(detents == #"{"__proto__":0.5,"constructor":0.75,"large":1}"#, "\(errorText) in \(script)")

        // The server takes such a gesture: stored, resting at a detent of that name.
        let lab = try LabFixture()
        let posted = lab.post(Gestures.drag(from: 100, to: 130, task: nil, extra: "\"detents\": \(detents), \"detent\": \"large\", "))
        #expect(posted.status == 200, "\(String(decoding: posted.body, as: UTF8.self))")
        let trace = try #require(try lab.storedTrace("lab-\(lab.recorder.session)-1"))
        #expect(trace.detents?.map(\.name).contains("__proto__") == true)
    }
}
