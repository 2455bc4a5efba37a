import Foundation
import Testing
import TestFolders
import TraceFixtures
@testable import PanTraceModel

@Suite struct TraceReaderTests {
    @Test func readsTheSpecExample() throws {
        let entries = try TraceReader(text: TraceLines.specExample).readAll()
        let (line, trace) = try #require(entries.first)
        #expect(entries.count == 1)
        #expect(line == 1)
        let expected = Trace(
            name: "flick-0001", width: 393, height: 852, intent: .finish,
            meta: #"{"family": "flick", "seed": 7}"#, family: "flick",
            samples: [
                Sample(t: 0, x: 200, y: 300, phase: .down),
                Sample(t: 0.008, x: 200, y: 311, phase: .move),
                Sample(t: 0.016, x: 201, y: 329, phase: .move),
                Sample(t: 0.024, x: 201, y: 329, phase: .up),
            ])
        #expect(trace == expected)
    }

    @Test func appliesDefaults() throws {
        let trace = try Trace(jsonLine: TraceLines.minimal())
        #expect(trace.scrollOffset == 0)
        #expect(trace.scrollContent == 0)
        #expect(trace.intent == nil)
        #expect(trace.meta == nil)
        #expect(trace.family == nil)
        #expect(trace.samples.map(\.touches) == [1, 1])
    }

    @Test func keysMayComeInAnyOrder() throws {
        let line = #"{"samples": \#(TraceLines.twoSamples), "meta": {}, "height": 2, "name": "z", "width": 1}"#
        let trace = try Trace(jsonLine: line)
        #expect(trace.name == "z")
        #expect(trace.meta == "{}")
    }

    @Test func skipsBlankLinesAndCountsThem() throws {
        let text = "\n" + TraceLines.minimal() + "\r\n   \t\r\n\n" + TraceLines.minimal() + "\n"
        let entries = try TraceReader(text: text).readAll()
        #expect(entries.map(\.line) == [2, 5])
    }

    @Test func keepsMetaVerbatimAndFamilyOnlyWhenAString() throws {
        let meta = #"{ "family" :"drag",  "nested": {"a": [1, null, {"b": null}]}, "x": 1.50 }"#
        let trace = try Trace(jsonLine: TraceLines.minimal(#""meta": "# + meta))
        #expect(trace.meta == meta)
        #expect(trace.family == "drag")
        let numeric = try Trace(jsonLine: TraceLines.minimal(#""meta": {"family": 3}"#))
        #expect(numeric.family == nil)
    }

    @Test func acceptsEdgeValues() throws {
        let fields = #""scrollOffset": -50.5, "scrollContent": 0, "intent": "cancel""#
        let samples = TraceLines.samples(
            [("0", "down"), ("0", "move"), ("0.5", "move"), ("0.5", "cancel")],
            extra: [0: #""touches": 1.0"#, 1: #""touches": 3"#, 2: #""touches": 2e0"#])
        let trace = try Trace(jsonLine: TraceLines.minimal(fields, samples: samples))
        #expect(trace.scrollOffset == -50.5)
        #expect(trace.intent == .cancel)
        #expect(trace.samples.map(\.touches) == [1, 3, 2, 1])
        #expect(trace.samples.last?.phase == .cancel)
        let longName = String(repeating: "é", count: 200)
        #expect(try Trace(jsonLine: TraceLines.exactly(#""name": "\#(longName)", "width": 1, "height": 1"#)).name == longName)
    }

    @Test func goesOnAfterAnInvalidLine() throws {
        let reader = TraceReader(text: TraceLines.minimal() + "\n{oops}\n" + TraceLines.minimal(), file: "x.jsonl")
        #expect(try reader.next()?.line == 1)
        #expect(throws: TraceError.self) { try reader.next() }
        #expect(try reader.next()?.line == 3)
        #expect(try reader.next() == nil)
    }

    @Test func errorDescriptionNamesFileLineAndKey() throws {
        let samples = TraceLines.samples([("0", "down"), ("0.024", "move"), ("0.016", "up")])
        let text = TraceLines.minimal() + "\n\n" + TraceLines.minimal(samples: samples)
        let error = try #require(TraceLines.failure(text))
        #expect(error.description == "t.jsonl:3: samples[2].t: time goes backwards (0.016 after 0.024)")
        #expect(error.line == 3)
        #expect(error.keyPath == "samples[2].t")
        var unnamed = error
        unnamed.file = nil
        #expect(unnamed.description == "line 3: samples[2].t: time goes backwards (0.016 after 0.024)")
        #expect(unnamed.inFile("other.jsonl").description.hasPrefix("other.jsonl:3: "))
    }

    // MARK: Files

    private func temporaryFile(_ contents: [UInt8]) throws -> String {
        let path = try TestFolders.make("reader").appending(path: "traces.jsonl").path
        try Data(contents).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func streamsAFileLargerThanItsBuffer() throws {
        var text = ""
        for index in 0..<3000 {
            let name = "trace-\(index)"
            text += TraceLines.minimal().replacingOccurrences(of: #""a""#, with: "\"\(name)\"") + "\n"
            if index % 7 == 0 { text += "\n" }
        }
        text += TraceLines.minimal()  // no newline at the end
        let path = try temporaryFile(Array(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try TraceReader(path: path)
        #expect(reader.file == path)
        let entries = try reader.readAll()
        #expect(entries.count == 3001)
        #expect(entries[1000].trace.name == "trace-1000")
        #expect(entries[1000].line == 1000 + 1000 / 7 + 2)
        #expect(reader.lineNumber == text.split(separator: "\n", omittingEmptySubsequences: false).count)
    }

    @Test func reportsTheFileInErrors() throws {
        let path = try temporaryFile(Array((TraceLines.minimal() + "\n[1]\n").utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try TraceReader(path: path)
        #expect(try reader.next() != nil)
        do {
            _ = try reader.next()
            Issue.record("expected an error")
        } catch let error as TraceError {
            #expect(error.file == path)
            #expect(error.line == 2)
            #expect(error.description == "\(path):2: expected a JSON object (one trace per line), found an array")
        }
    }

    @Test func missingFileIsAnInputFileError() {
        #expect(throws: InputFileError.self) { try TraceReader(path: "/nonexistent/pantrace/traces.jsonl") }
        do {
            _ = try TraceReader(path: "/nonexistent/x.jsonl")
        } catch {
            #expect(error.description == "cannot read /nonexistent/x.jsonl: No such file or directory")
        }
    }

    @Test func aDirectoryCannotBeRead() throws {
        let reader = try TraceReader(path: TestFolders.make("reader").path)
        #expect(throws: InputFileError.self) { try reader.next() }
    }
}
