import PanTraceReports

extension ReportWording {
    /// The reports' hints in the command line's options: `(--format json lists them all)`.
    static let commandLine = ReportWording(
        fullReport: "--format json", evidence: "--evidence", limit: "--limit", maxChanges: "--max-changes",
        setting: "--set ")
}
