import Foundation
import PanTraceKit
import PanTraceModel
import PanTraceStore
import TestFolders
import Testing

/// One bad JSON Lines input for `pantrace record --from` (docs/model.md §3, docs/commands.md §7.4).
struct BadTraceCase: CustomTestStringConvertible, Sendable {
    var label: String
    /// The file's content (the lines are joined with `\n`), or raw bytes.
    var content: Data
    /// The 1-based line the message must name.
    var line: Int
    /// The key path the message must name (`""`: the line as a whole).
    var key: String
    /// Words the reason must contain (case-insensitive), beyond file, line and key.
    var reason: String

    init(_ label: String, _ lines: [String], line: Int = 1, key: String, _ reason: String) {
        self.label = label
        self.content = Data((lines.joined(separator: "\n") + "\n").utf8)
        self.line = line
        self.key = key
        self.reason = reason
    }

    init(_ label: String, bytes: [UInt8], line: Int = 1, key: String, _ reason: String) {
        self.label = label
        self.content = Data(bytes)
        self.line = line
        self.key = key
        self.reason = reason
    }

    var testDescription: String { label }
}

/// docs/model.md §3 and docs/commands.md §7.4 in-process: every bad trace file is refused with a
/// `TraceError` (exit 65, which PanTraceCLITests' FailureMappingTests pins) whose
/// one-line message names the file, the line and the key, and the database is
/// left byte for byte as it was (bytes of a closed store: no WAL left).
@Suite struct BadTraceInputTests {
    typealias Case = BadTraceCase
    static let valid = ValidTraceLine.validLine
    static func edit(_ target: String, _ replacement: String) -> String { ValidTraceLine.edited(target, replacement) }

    static let samples3 = #"[{"t":0,"x":200,"y":100,"phase":"down"},{"t":0.05,"x":200,"y":140,"phase":"move"},{"t":0.1,"x":200,"y":180,"phase":"up"}]"#
    static func withSamples(_ samples: String) -> String { edit(samples3, samples) }

    static let cases: [Case] = [
        // JSON itself
        Case("truncated line", [String(valid.prefix(70))], key: "samples[0]", "invalid JSON"),
        Case("truncated after the last brace was lost", [String(valid.dropLast())], key: "", "invalid JSON"),
        Case("unquoted key", [edit(#""width":400"#, "width:400")], key: "", "invalid JSON"),
        Case("trailing comma", [edit(#""height":800,"#, #""height":800,,"#)], key: "", "invalid JSON"),
        Case("single quotes", [edit(#""name":"ok-1""#, #""name":'ok-1'"#)], key: "name", "invalid JSON"),
        Case("text after the object", [valid + " {}"], key: "", "after the JSON value"),
        Case("duplicate key", [edit(#""height":800"#, #""height":800,"height":801"#)], key: "height", "duplicate key"),
        Case("top level array", [#"[1, 2]"#], key: "", "expected a JSON object"),
        Case("top level string", [#""a trace""#], key: "", "expected a JSON object"),
        Case("top level number", ["42"], key: "", "expected a JSON object"),
        Case("top level null", ["null"], key: "", "expected a JSON object"),
        // Keys
        Case("missing name", [edit(#""name":"ok-1","#, "")], key: "name", "missing"),
        Case("missing width", [edit(#""width":400,"#, "")], key: "width", "missing"),
        Case("missing samples", [edit(#","samples":"# + samples3, "")], key: "samples", "missing"),
        Case("sample without t", [edit(#"{"t":0.05,"#, "{")], key: "samples[1].t", "missing"),
        Case("sample without phase", [edit(#","phase":"move""#, "")], key: "samples[1].phase", "missing"),
        Case("unknown trace key", [edit(#""height":800"#, #""height":800,"colour":"red""#)], key: "colour", "unknown key"),
        Case("misspelt trace key", [edit(#""width":400"#, #""widht":400"#)], key: "widht", "did you mean `width`"),
        Case("unknown sample key", [edit(#""phase":"move""#, #""phase":"move","pressure":0.5"#)], key: "samples[1].pressure", "unknown key"),
        // Types
        Case("string width", [edit(#""width":400"#, #""width":"400""#)], key: "width", "expected a number"),
        Case("string t", [edit(#""t":0.05"#, #""t":"0.05""#)], key: "samples[1].t", "expected a number"),
        Case("boolean height", [edit(#""height":800"#, #""height":true"#)], key: "height", "expected a number"),
        Case("number name", [edit(#""name":"ok-1""#, #""name":17"#)], key: "name", "expected a string"),
        Case("fractional touches", [edit(#""phase":"down""#, #""phase":"down","touches":1.5"#)], key: "samples[0].touches", "integer"),
        Case("string touches", [edit(#""phase":"down""#, #""phase":"down","touches":"2""#)], key: "samples[0].touches", "integer"),
        Case("zero touches", [edit(#""phase":"down""#, #""phase":"down","touches":0"#)], key: "samples[0].touches", "≥ 1"),
        Case("samples not an array", [withSamples(#"{"t":0}"#)], key: "samples", "array"),
        Case("sample not an object", [withSamples(#"[1, 2]"#)], key: "samples[0]", "sample object"),
        Case("meta not an object", [edit(#""height":800"#, #""height":800,"meta":"flick""#)], key: "meta", "object"),
        // Numbers
        Case("NaN", [edit(#""x":200,"y":140"#, #""x":NaN,"y":140"#)], key: "samples[1].x", "not a finite number"),
        Case("1e999", [edit(#""y":180"#, #""y":1e999"#)], key: "samples[2].y", "not a finite number"),
        Case("-Infinity width", [edit(#""width":400"#, #""width":-Infinity"#)], key: "width", "not a finite number"),
        Case("zero width", [edit(#""width":400"#, #""width":0"#)], key: "width", "> 0"),
        Case("negative height", [edit(#""height":800"#, #""height":-800"#)], key: "height", "> 0"),
        Case("negative scrollContent", [edit(#""height":800"#, #""height":800,"scrollContent":-1"#)], key: "scrollContent", "≥ 0"),
        // Rules
        Case("first sample not down", [edit(#""phase":"down""#, #""phase":"move""#)], key: "samples[0].phase", "first sample must be `down`"),
        Case("last sample not terminal", [edit(#""phase":"up""#, #""phase":"move""#)], key: "samples[2].phase", "last sample must be `up` or `cancel`"),
        Case("up in the middle", [edit(#""phase":"move""#, #""phase":"up""#)], key: "samples[1].phase", "must be `move`"),
        Case("down twice", [edit(#""phase":"move""#, #""phase":"down""#)], key: "samples[1].phase", "must be `move`"),
        Case("unknown phase", [edit(#""phase":"move""#, #""phase":"drag""#)], key: "samples[1].phase", "`move`"),
        Case("time backwards", [edit(#""t":0.1,"#, #""t":0.01,"#)], key: "samples[2].t", "time goes backwards"),
        Case("one sample", [withSamples(#"[{"t":0,"x":200,"y":100,"phase":"down"}]"#)], key: "samples", "at least 2"),
        Case("no samples", [withSamples("[]")], key: "samples", "at least 2"),
        Case("empty name", [ValidTraceLine.validLine(named: "")], key: "name", "1–200 characters"),
        Case("201-character name", [ValidTraceLine.validLine(named: String(repeating: "n", count: 201))], key: "name", "found 201"),
        Case("201 accented characters", [ValidTraceLine.validLine(named: String(repeating: "é", count: 201))], key: "name", "found 201"),
        Case("bad intent", [edit(#""height":800"#, #""height":800,"intent":"Finish""#)], key: "intent", "`finish` or `cancel`"),
        Case("null intent", [edit(#""height":800"#, #""height":800,"intent":null"#)], key: "intent", "`finish` or `cancel`"),
        // Whole files
        Case("duplicate names in the file", [valid, valid], line: 2, key: "name", "occurs twice"),
        Case("stored name with other content", [ValidTraceLine.edited(#""y":180"#, #""y":181"#, in: Seed.takenLine)], key: "name", "already stored with other content"),
        Case("stored name with other content after a new trace",
            [ValidTraceLine.validLine(named: "new-1"), ValidTraceLine.edited(#""width":400"#, #""width":401"#, in: Seed.takenLine)],
            line: 2, key: "name", "already stored"),
        Case("valid traces then an invalid one",
            [ValidTraceLine.validLine(named: "new-1"), ValidTraceLine.validLine(named: "new-2"), "", edit(#""width":400"#, #""width":-1"#)],
            line: 4, key: "width", "> 0"),
        Case("valid trace then a truncated line", [ValidTraceLine.validLine(named: "new-1"), #"{"name":"new-2","wid"#], line: 2, key: "", "invalid JSON"),
        Case("CRLF line endings, error on line 3",
            [ValidTraceLine.validLine(named: "new-1") + "\r", ValidTraceLine.validLine(named: "new-2") + "\r", edit(#""height":800"#, #""height":0"#) + "\r"],
            line: 3, key: "height", "> 0"),
        Case("binary garbage", bytes: [0x00, 0xFF, 0xFE, 0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x13, 0x37], key: "", "invalid JSON"),
        Case("invalid UTF-8 in a name", bytes: Array(#"{"name":"ok"#.utf8) + [0xC3, 0x28] + Array(#"","width":1}"#.utf8), key: "name", "UTF-8"),
        Case("byte order mark", bytes: [0xEF, 0xBB, 0xBF] + Array(valid.utf8) + [0x0A], key: "", "byte order mark"),
        Case("nesting 400 deep in meta",
            [edit(#""height":800"#, #""height":800,"meta":{"a":"# + String(repeating: "[", count: 400) + String(repeating: "]", count: 400) + "}")],
            key: "meta.a[0]", "nesting"),
    ]

    /// Records `inputs` into the workspace's database and returns the error.
    static func refusal(_ inputs: () throws -> [TraceInput], in workspace: Workspace, count: Int? = nil) throws -> TraceError {
        let store = try Store(path: workspace.db)
        let synthetic = count.map { SyntheticTraces(count: $0) }
        let thrown = #expect(throws: TraceError.self) { try Recorder(inputs: inputs(), synthetic: synthetic).record(into: store) }
        return try #require(thrown)
    }

    @Test(arguments: cases)
    func badTraceFileIsRefusedAndChangesNothing(_ bad: Case) throws {
        let workspace = try Workspace.seeded()
        let input = try workspace.write(bad.content, to: "in.jsonl")
        let before = try workspace.databaseBytes()
        let error = try Self.refusal({ [try TraceInput(path: input)] }, in: workspace)
        let message = "\(error)"
        let location = "\(input):\(bad.line): " + (bad.key.isEmpty ? "" : bad.key)
        #expect(message.hasPrefix(location), "\(message)")
        #expect(message.lowercased().contains(bad.reason.lowercased()), "\(message)")
        #expect(!message.contains("\n"), "one line: \(message)")
        #expect(try workspace.databaseBytes() == before)
    }

    /// Text in memory (standard input's path through the same reader) is named by its input.
    @Test func badTraceInTextNamesTheInput() throws {
        let workspace = try Workspace.seeded()
        let before = try workspace.databaseBytes()
        let text = [ValidTraceLine.validLine(named: "new-1"), Self.edit(#""t":0.1,"#, #""t":0.01,"#)].joined(separator: "\n")
        let error = try Self.refusal({ [TraceInput(text: text, name: "<stdin>")] }, in: workspace)
        #expect("\(error)".hasPrefix("<stdin>:2: samples[2].t: time goes backwards"), "\(error)")
        #expect(try workspace.databaseBytes() == before)
    }

    /// A good first file and a bad second one store nothing of either, nor the synthetic traces.
    @Test func badSecondFileStoresNothingOfTheFirst() throws {
        let workspace = try Workspace.seeded()
        let first = try workspace.write(ValidTraceLine.validLine(named: "first-file") + "\n", to: "a.jsonl")
        let second = try workspace.write(Self.edit(#""width":400"#, #""width":"wide""#) + "\n", to: "b.jsonl")
        let before = try workspace.databaseBytes()
        let error = try Self.refusal({ [try TraceInput(path: first), try TraceInput(path: second)] }, in: workspace, count: 5)
        #expect("\(error)".hasPrefix("\(second):1: width: expected a number"), "\(error)")
        #expect(try workspace.databaseBytes() == before)
    }

    /// A file that cannot be read: refused when the input is made (a missing
    /// file, before any store is opened) or read (a folder), storing nothing.
    @Test(arguments: [
        ("missing file", "missing.jsonl", "No such file or directory"),
        ("a folder", ".", "Is a directory"),
    ])
    func unreadableTraceFile(_ label: String, _ name: String, _ reason: String) throws {
        let workspace = try Workspace.seeded()
        let path = name == "." ? workspace.folder.path : workspace.path(name)
        let before = try workspace.databaseBytes()
        let thrown = #expect(throws: InputFileError.self, "\(label)") {
            let input = try TraceInput(path: path)
            let store = try Store(path: workspace.db)
            _ = try Recorder(inputs: [input]).record(into: store)
        }
        #expect(thrown.map { "\($0)" } == "cannot read \(path): \(reason)")
        #expect(try workspace.databaseBytes() == before)
    }

    /// Inputs without a trace record nothing: an empty run would only become a useless baseline.
    @Test func emptyInputRecordsNothing() throws {
        let workspace = try Workspace()
        let empty = try workspace.write("\n\n", to: "empty.jsonl")
        let error = try Self.refusal({ [try TraceInput(path: empty)] }, in: workspace)
        #expect("\(error)".contains("empty.jsonl: no traces to record"), "\(error)")
        let store = try Store(path: workspace.db)
        #expect(try store.runs().isEmpty)
    }
}
