/// How a report names what its reader can ask for next: more rows, which
/// labels count, how many traces are drawn, how many changes pass.
///
/// A library never speaks a command line's options: ``plain`` says these in
/// plain words, and a command passes its own (PanTraceCommands passes
/// `--format json`, `--evidence`, `--limit` and `--max-changes`).
///
/// ```swift
/// print(comparison.textReport(limit: 10, wording: .plain))
/// // … and 12 more (the JSON report lists them all)
/// ```
public struct ReportWording: Sendable, Hashable {
    /// What lists every row: `the JSON report`.
    public var fullReport: String
    /// What chooses the intent sources whose labels count: `the evidence filter`.
    public var evidence: String
    /// What caps the traces a page draws: `the limit`.
    public var limit: String
    /// What sets the most changes a regression lets pass: `the change limit`.
    public var maxChanges: String
    /// What leads a setting a reader may override (a preset's variants,
    /// `dismissible=true`): nothing in plain words.
    public var setting: String

    /// Wording with these names.
    public init(fullReport: String, evidence: String, limit: String, maxChanges: String, setting: String = "") {
        self.fullReport = fullReport
        self.evidence = evidence
        self.limit = limit
        self.maxChanges = maxChanges
        self.setting = setting
    }

    /// Plain words, for any caller that is not a command line.
    public static let plain = ReportWording(
        fullReport: "the JSON report", evidence: "the evidence filter", limit: "the limit", maxChanges: "the change limit")
}
