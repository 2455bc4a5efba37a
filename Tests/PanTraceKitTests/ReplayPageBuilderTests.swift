import Foundation
import PanTraceKit
import PanTraceReports
import PanTraceStore
import Testing

/// The page's data gathered from a stored replay (docs/commands.md §7.8) without a
/// browser, and the atomic write of the page.
@Suite struct ReplayPageBuilderTests {
    /// The plots are the first `limit` changes by name (byte order, as the
    /// text and JSON reports list them), read back from the store; the map
    /// holds every unchanged trace with a release, counted here from the
    /// store's own comparison of the two stored runs.
    @Test(arguments: [0, 3, 1000])
    func thePageHoldsTheFirstChangesByNameAndEveryUnchangedRelease(limit: Int) throws {
        let workspace = try Workspace()
        let store = try Store(path: workspace.db)
        _ = try Recorder(inputs: ReplayHTMLWorkflow.fixtures()).record(into: store)
        let (comparison, page, _) = try ReplayHTMLWorkflow.replay(
            ["threshold=0.3"], in: store, kind: .regress, limit: limit, to: workspace.path("page.html"))
        var unchangedWithRelease = 0
        var changed = 0
        try store.forEachComparison(baseline: comparison.baseline.run, candidate: comparison.candidate.run) { result in
            let candidate = result.candidate
            guard let baseline = result.baseline else { return }
            if baseline.decision != candidate.decision {
                changed += 1
            } else if candidate.decision != .none, candidate.reason != .cancelled {
                unchangedWithRelease += 1
            }
        }
        try #require(changed > 3, "the fixtures change more decisions than the smaller limits")
        let names = comparison.changes.map(\.name).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(page.plots.map(\.trace.name) == Array(names.prefix(limit)))
        // Kept as the replay read them: each plot is the one of the stored trace read by its name.
        for plot in page.plots {
            let stored = try #require(try store.trace(named: plot.trace.name)?.trace)
            let expected = ChangedTracePlot(plot.trace, trace: stored, baseline: page.baselineConfig, candidate: page.candidateConfig)
            #expect(plot.baseline == expected.baseline && plot.candidate == expected.candidate, "\(plot.trace.name)")
            #expect(plot.releaseTime == expected.releaseTime && plot.detents == expected.detents, "\(plot.trace.name)")
        }
        #expect(page.plots.count == min(limit, changed))
        #expect(page.releases.unchangedCount == unchangedWithRelease)
        #expect(page.baselineConfig.threshold == 0.4 && page.candidateConfig.threshold == 0.3)
        #expect(page.command == "regress" && page.limit == limit)
    }

    @Test func aWrittenFileReplacesTheOldOneWhole() throws {
        let workspace = try Workspace()
        let path = try workspace.write("old page", to: "page.html")
        try AtomicFile.write("<!DOCTYPE html>\nnew ü", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "<!DOCTYPE html>\nnew ü")
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.folder.path) == ["page.html"])
        // A new file is readable by others, as one made by `>` would be (umask 022 here: 0644).
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        let mask = umask(0)
        umask(mask)
        #expect(mode == 0o666 & ~Int(mask))
    }

    /// A write that fails leaves the target as it was and no temporary file.
    @Test func aFailedWriteLeavesNothingBehind() throws {
        let workspace = try Workspace()
        #expect(throws: FileWriteError(path: workspace.path("missing/page.html"), reason: "No such file or directory")) {
            try AtomicFile.write("page", to: workspace.path("missing/page.html"))
        }
        // A folder in the way: the rename fails after the text was written.
        let folder = workspace.path("page.html")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        #expect(throws: FileWriteError.self) { try AtomicFile.write("page", to: folder) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.folder.path) == ["page.html"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }
}
