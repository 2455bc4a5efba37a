import Foundation
import PanTraceKit
import PanTraceModel
import PanTraceStore
import TestFolders
import Testing

/// `export traces` as a library workflow (docs/commands.md §7.6): `record --from` of the
/// export stores the very traces that were stored, and their export is the
/// same text again; sorted by name; `--trace`/`--family` as in replay.
@Suite struct ExportTracesTests {
    static let samples =
        #""samples":[{"t":0,"x":200,"y":100,"phase":"down"},{"t":0.05,"x":200,"y":140,"phase":"move"},{"t":0.1,"x":200,"y":180,"phase":"up"}]"#

    /// Names that are awkward as text: escapes, non-ASCII, and "café" in NFC
    /// and in NFD, which are two names (the store compares bytes).
    static let awkwardNames = [
        "quote\"d", "back\\slash", "line\nbreak", "tab\there", "caf\u{E9}", "cafe\u{301}", "Zebra", "apple",
        "日本語 swipe", "🙂", "with space / slash",
    ]

    /// A trace whose numbers and meta are awkward as text, as a person would write it.
    static let numbersLine =
        #"{"name":"numbers","width":393.00000000000006,"height":852,"scrollOffset":-0.5,"scrollContent":2000.25,"intent":"cancel","#
        + #""meta":{"note":"a\"b\\c\u00e9 é","n":[1,2.5e-7,-0,1E+2],"nested":{"deep":[{}]}},"samples":["#
        + #"{"t":0,"x":-0,"y":0.1,"phase":"down","touches":2},{"t":5e-324,"x":1e-7,"y":0.30000000000000004,"phase":"move"},"#
        + #"{"t":0.1,"x":123456789.12345679,"y":1e21,"phase":"move"},{"t":0.1,"x":3,"y":1e21,"phase":"up"}]}"#

    static var awkwardLines: String {
        (awkwardNames.enumerated().map { index, name in
            #"{"name":\#(ValidTraceLine.jsonString(name)),"width":400,"height":800,"intent":"\#(index % 2 == 0 ? "finish" : "cancel")","#
                + (index % 3 == 0 ? "" : #""intentSource":"\#(index % 3 == 1 ? "inferred" : "person")","#)
                + #""meta":{"family":"awkward","i":\#(index)},\#(samples)}"#
        } + [numbersLine]).joined(separator: "\n") + "\n"
    }

    /// Every bundled trace fixture, the awkward traces and 40 synthetic ones,
    /// recorded as run 1 (once per test process, then copied).
    static func corpus(_ workspace: Workspace) throws -> Store {
        let folder = Workspace.fixture("traces")
        let fixtures = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".jsonl") }.sorted()
        try #require(fixtures.count >= 3)
        return try workspace.recorded("export traces: \(fixtures), awkward, count=40 seed=11") { store in
            _ = try Recorder(
                inputs: try fixtures.map { try TraceInput(path: folder + "/" + $0) } + [TraceInput(text: awkwardLines, name: "awkward.jsonl")],
                synthetic: SyntheticTraces(count: 40, seed: 11)
            ).record(into: store)
        }
    }

    static func export(_ store: Store, _ selection: TraceSelection = .all) throws -> String {
        var text = ""
        try Exporter.exportTraces(selection: selection, in: store) { text += $0 }
        return text
    }

    /// The stored traces by name (copies: the store reuses its sample buffer).
    static func stored(_ store: Store) throws -> [Trace] {
        var traces: [Trace] = []
        try store.forEachTrace(orderedBy: .name) { _, trace in traces.append(trace) }
        return traces
    }

    /// Every number of a trace bit for bit (`==` takes -0 for 0).
    static func bits(_ trace: Trace) -> [UInt64] {
        [trace.width, trace.height, trace.scrollOffset, trace.scrollContent].map(\.bitPattern)
            + trace.samples.flatMap { [$0.t.bitPattern, $0.x.bitPattern, $0.y.bitPattern, UInt64($0.touches)] }
    }

    static func names(in export: String) throws -> [String] {
        try export.split(separator: "\n").map { try Trace(jsonLine: String($0)).name }
    }

    static func byteSorted(_ names: some Sequence<String>) -> [[UInt8]] {
        names.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    @Test func recordingTheExportStoresTheSameTraces() throws {
        let workspace = try Workspace()
        let original = try Self.corpus(workspace)
        let text = try Self.export(original)
        #expect(text.hasSuffix("\n") && !text.contains("\r"))
        let copy = try Store(path: workspace.path("copy.sqlite"))
        _ = try Recorder(inputs: [TraceInput(text: text, name: "export.jsonl")]).record(into: copy)

        let before = try Self.stored(original)
        let after = try Self.stored(copy)
        #expect(before.count == (try original.traceCount()))
        #expect(after.count == before.count)
        for (stored, recorded) in zip(before, after) {
            // Names, samples, size, scroll view, intent, meta and family, the texts by their bytes.
            #expect(stored == recorded, "\(stored.name)")
            #expect(Self.bits(stored) == Self.bits(recorded), "\(stored.name)")
        }
        // Where each label came from survives too (docs/model.md "Evidence").
        #expect(Set(after.compactMap(\.labelSource)) == Set(IntentSource.allCases))
        #expect(after.map(\.labelSource) == before.map(\.labelSource))
        // The export of the copy is the same text, byte for byte.
        #expect(try Self.export(copy) == text)
    }

    @Test func numbersAndMetaSurviveAsWritten() throws {
        let workspace = try Workspace()
        let original = try Self.corpus(workspace)
        let copy = try Store(path: workspace.path("copy.sqlite"))
        _ = try Recorder(inputs: [TraceInput(text: try Self.export(original), name: "export.jsonl")]).record(into: copy)
        let numbers = try #require(try copy.trace(named: "numbers")?.trace)
        #expect(numbers.width == 393.00000000000006 && numbers.scrollOffset == -0.5 && numbers.scrollContent == 2000.25)
        #expect(numbers.samples.map(\.t) == [0, .leastNonzeroMagnitude, 0.1, 0.1])
        #expect(numbers.samples[0].x.sign == .minus && numbers.samples[0].x == 0)
        #expect(numbers.samples.map(\.y) == [0.1, 0.1 + 0.2, 1e21, 1e21])
        #expect(numbers.samples[2].x == 123456789.12345679)
        #expect(numbers.samples.map(\.touches) == [2, 1, 1, 1])
        #expect(numbers.intent == .cancel)
        #expect(numbers.meta.map { Array($0.utf8) } == Array(#"{"note":"a\"b\\c\u00e9 é","n":[1,2.5e-7,-0,1E+2],"nested":{"deep":[{}]}}"#.utf8))
    }

    @Test func tracesComeSortedByTheirNamesBytes() throws {
        let workspace = try Workspace()
        let names = try Self.names(in: try Self.export(try Self.corpus(workspace)))
        #expect(names.map { Array($0.utf8) } == Self.byteSorted(names))
        // Distinct by bytes: every name once, both spellings of "café" included.
        #expect(Set(names.map { Array($0.utf8) }).count == names.count)
        for name in Self.awkwardNames {
            #expect(names.contains { Array($0.utf8) == Array(name.utf8) }, "\(name)")
        }
        let zebra = try #require(names.firstIndex(of: "Zebra"))
        let apple = try #require(names.firstIndex(of: "apple"))
        #expect(zebra < apple)
    }

    /// docs/commands.md §7.2's selection: the union of the named traces and the families,
    /// a name that is not stored is an error, as in replay.
    @Test func theSelectionIsTheUnionAndAMissingNameIsAnError() throws {
        let workspace = try Workspace()
        let store = try Self.corpus(workspace)
        let selection = TraceSelection(names: ["numbers", "caf\u{E9}", "spec-4.9-1-slow-drag"], families: ["awkward"])
        let expected = try Self.stored(store).filter { $0.family == "awkward" || ["numbers", "spec-4.9-1-slow-drag"].contains($0.name) }
        let exported = try Self.names(in: try Self.export(store, selection))
        #expect(exported.map { Array($0.utf8) } == expected.map { Array($0.name.utf8) })
        #expect(exported.count == Self.awkwardNames.count + 2)

        var written = 0
        #expect(throws: StoreError.traceNotFound(name: "nope")) {
            try Exporter.exportTraces(selection: TraceSelection(names: ["numbers", "nope"]), in: store) { _ in written += 1 }
        }
        #expect(written == 0)
        let nothing = TraceSelection(families: ["nope"])
        #expect(throws: WorkflowError.nothingToExport(nothing)) { try Self.export(store, nothing) }
        #expect("\(WorkflowError.nothingToExport(nothing))" == "no stored trace matches family nope: nothing to export")
    }

    @Test func anEmptyStoreExportsNothing() throws {
        let workspace = try Workspace()
        let store = try Store(path: workspace.db)
        #expect(try Exporter.exportTraces(in: store) { _ in Issue.record("a line from an empty store") } == 0)
    }
}
