// An app imports PanTraceCapture alone: the values it hands the recorder
// (`Intent`, `Interaction`, `Trace` …) come from the model.
@_exported import PanTraceModel
