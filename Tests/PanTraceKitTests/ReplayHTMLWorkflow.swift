import Foundation
import PanTraceCore
import PanTraceKit
import PanTraceReports
import PanTraceStore

/// What `pantrace replay --html` does, as the HTML tests run it in-process.
enum ReplayHTMLWorkflow {
    struct ReportMissing: Error {}

    /// The bundled trace files.
    static func fixtures() throws -> [TraceInput] {
        try ["worked-examples", "families", "edge-cases"].map { try TraceInput(path: Workspace.fixture("traces/\($0).jsonl")) }
    }

    /// Replays `store` under the default config with `overrides`, gathering
    /// the page as the traces stream, and writes it to `path`; returns the
    /// comparison, the page and its HTML.
    static func replay(
        _ overrides: [String], in store: Store, kind: RunKind = .replay, limit: Int, to path: String
    ) throws -> (comparison: RunComparison, page: ReplayPage, html: String) {
        let config = try ConfigSource(overrides: overrides).resolve()
        let reporter = ReplayPageReporter(path: path, kind: kind, candidate: config, limit: limit)
        let comparison = try Replayer(config: config, kind: kind).replay(in: store, reporting: [reporter])
        let html = try String(contentsOfFile: path, encoding: .utf8)
        guard let page = reporter.page else { throw ReportMissing() }
        return (comparison, page, html)
    }

    /// docs/model.md §4.6, from a result of the JSON report: a lift after the
    /// transition started (a decision, not cancelled by the system).
    static func hasRelease(_ result: [String: Any]?) -> Bool {
        guard let result, let decision = result["decision"] as? String, let reason = result["reason"] as? String else {
            return false
        }
        return decision != "none" && reason != "cancelled"
    }
}
