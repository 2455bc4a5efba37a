// `import PanTrace` is enough to use the workflows: their values (`Config`,
// `Trace`, `RunComparison`, `Store` …) come from these two modules.
@_exported import PanTraceCore
@_exported import PanTraceStore
