// `import PanTraceKit` is enough to use the workflows: their values (`Config`,
// `Trace`, `RunComparison`, `Store`, the reports …) come from these modules.
@_exported import PanTraceCore
@_exported import PanTraceModel
@_exported import PanTraceReports
@_exported import PanTraceStore
