import PanTraceModel

/// A trace in a form a device performs, with what the simulation decides for
/// the original and for that form under one config (docs/device.md "Faithful
/// or not").
///
/// ```swift
/// let gesture = DeviceGesture(actionsOf: trace, under: config)
/// gesture.faithful   // the rounded times decide as the original does
/// ```
public struct DeviceGesture<Form: Sendable>: Sendable {
    /// What the device performs: ``PointerActions`` or a ``StraightDrag``.
    public var form: Form
    /// The original trace's outcome under the config.
    public var original: Outcome
    /// The outcome of the trace as `form` performs it, under the same config.
    public var performed: Outcome

    /// True when the performed form decides as the original does (`PanTraceModel/Outcome/decidesAlike(_:)`).
    public var faithful: Bool { original.decidesAlike(performed) }

    /// Creates a gesture from its parts.
    public init(form: Form, original: Outcome, performed: Outcome) {
        self.form = form
        self.original = original
        self.performed = performed
    }
}

extension DeviceGesture where Form == PointerActions {
    /// `trace` as W3C actions, both simulated under `config`.
    public init(actionsOf trace: Trace, under config: Config) {
        let actions = PointerActions(trace)
        self.init(
            form: actions, original: Simulator.simulate(trace, under: config),
            performed: Simulator.simulate(actions.performed, under: config))
    }
}

extension DeviceGesture where Form == StraightDrag {
    /// `trace` as one straight drag at the release velocity `config` gives it, both simulated under `config`.
    public init(dragOf trace: Trace, under config: Config) {
        let original = Simulator.simulate(trace, under: config)
        let drag = StraightDrag(trace, velocity: original.velocity, interaction: config.interaction)
        self.init(form: drag, original: original, performed: Simulator.simulate(drag.performed(from: trace), under: config))
    }
}
