import PanTraceCore
import PanTraceModel
import PanTraceReports
import PanTraceStore

/// Checks how often one config's decisions match what the app did
/// (docs/commands.md §7.12, `pantrace verify`), storing nothing: the store
/// is only read, so a read-only database will do.
///
/// The base config is ``config`` when it names a file, a preset or an
/// override, else the baseline run's stored config (``ConfigSource/base(in:)``,
/// as `tune` starts). The traces are read once, in chunks decided on every
/// core: a verify costs at most one replay of them (docs/performance.md).
///
/// ```swift
/// let store = try Store(path: "pantrace.sqlite", readOnly: true)
/// let report = try Verifier(config: ConfigSource(preset: "uikit-sheet")).verify(in: store)
/// print(report.verification.share ?? 0)
/// ```
public struct Verifier: Sendable {
    /// Traces decided at a time.
    static let chunkSize = 4096

    /// The base config (a file or a preset, and overrides); empty: the baseline run's.
    public var config: ConfigSource
    /// The traces to check (all, or those named or of a family); those without `observed` are left out.
    public var selection: TraceSelection

    /// A verify of the traces of `selection` under `config`.
    public init(config: ConfigSource = ConfigSource(), selection: TraceSelection = .all) {
        self.config = config
        self.selection = selection
    }

    /// Decides every selected trace with `observed` under the base config and counts.
    ///
    /// - Throws: what ``ConfigSource/base(in:)`` throws, before any trace is
    ///   read; `InvalidConfigError`; ``NothingToVerifyError`` when no
    ///   selected trace carries `observed`; `StoreError`.
    public func verify(in store: Store, progress: ((Int) -> Void)? = nil) throws -> VerificationReport {
        let (base, origin) = try config.base(in: store)
        try base.validate()
        var verification = Verification(config: base)
        var pending: [Trace] = []
        pending.reserveCapacity(Self.chunkSize)
        var read = 0
        try store.forEachTrace(selection.filter) { _, trace in
            read += 1
            guard trace.observed != nil else { return }
            pending.append(trace)
            if pending.count >= Self.chunkSize {
                verification.add(contentsOf: pending)
                pending.removeAll(keepingCapacity: true)
                progress?(read)
            }
        }
        verification.add(contentsOf: pending)
        guard verification.checked > 0 else { throw NothingToVerifyError(traces: read, selection: selection) }
        return VerificationReport(verification: verification, origin: origin)
    }
}

/// What ``Verifier/verify(in:progress:)`` found, with where its config came from.
public struct VerificationReport: Sendable {
    /// The counts, the confusion and the mismatches.
    public let verification: Verification
    /// Where the config came from.
    public let origin: ConfigOrigin

    /// Whether the share matched is below `minimum` (a verify for CI fails then).
    public func isBelow(_ minimum: Double) -> Bool {
        (verification.share ?? 0) < minimum
    }

    /// The text report; at most `limit` mismatches are listed.
    public func textReport(limit: Int = 20, wording: ReportWording = .plain) -> String {
        verification.textReport(origin: origin.description, limit: limit, wording: wording)
    }

    /// The JSON report.
    public func jsonReport() -> String { verification.jsonReport() }
}

/// No selected trace carries `observed`: there is nothing to verify (exit 65).
public struct NothingToVerifyError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The traces selected (none with `observed`).
    public var traces: Int
    /// What was selected.
    public var selection: TraceSelection

    public var description: String {
        "none of the \(traces) selected traces (\(selection)) records what the app did (`observed`): "
            + "record the app's outcome with PanTraceCapture's recorder (docs/capture.md), or from a device run of exported "
            + "gestures (docs/device.md), or try a stand-in app with synthetic traces observed under a preset (docs/synthetic.md)"
    }
}

extension VerificationReport {
    /// The HTML report (docs/commands.md §7.8, §7.12): one self-contained page.
    public func html(limit: Int = 20, wording: ReportWording = .plain) -> String {
        verification.page(origin: origin.description, limit: limit, wording: wording)
    }
}
