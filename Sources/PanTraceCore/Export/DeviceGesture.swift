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

    /// The original's and the performed form's outcomes under each further
    /// config the form must decide alike under (both sides of a changed
    /// decision's flip, docs/device.md), in the order given.
    public var alsoUnder: [(original: Outcome, performed: Outcome)] = []

    /// True when the performed form decides as the original does under every
    /// config (`PanTraceModel/Outcome/decidesAlike(_:)`), and is released
    /// moving the same way along the axis (``isFaithful(original:performed:)``).
    public var faithful: Bool {
        Self.isFaithful(original: original, performed: performed)
            && alsoUnder.allSatisfy { Self.isFaithful(original: $0.original, performed: $0.performed) }
    }

    /// docs/device.md "Faithful or not": the same decision and detent, and
    /// a release velocity along the axis not of the opposite sign (a drag
    /// that lifts moving the other way tests another gesture, even when it
    /// lands at the same place).
    public static func isFaithful(original: Outcome, performed: Outcome) -> Bool {
        original.decidesAlike(performed) && !(original.velocity * performed.velocity < 0)
    }

    /// Creates a gesture from its parts.
    public init(form: Form, original: Outcome, performed: Outcome) {
        self.form = form
        self.original = original
        self.performed = performed
    }
}

extension DeviceGesture where Form == PointerActions {
    /// `trace` as W3C actions, both simulated under `config`, and under each of `others`.
    public init(actionsOf trace: Trace, under config: Config, alsoUnder others: [Config] = []) {
        let actions = PointerActions(trace)
        self.init(
            form: actions, original: Simulator.simulate(trace, under: config),
            performed: Simulator.simulate(actions.performed, under: config))
        alsoUnder = others.map { (Simulator.simulate(trace, under: $0), Simulator.simulate(actions.performed, under: $0)) }
    }
}

extension DeviceGesture where Form == StraightDrag {
    /// `trace` as one straight drag at the release velocity `config` gives
    /// it, both simulated under `config`, and under each of `others`.
    public init(dragOf trace: Trace, under config: Config, alsoUnder others: [Config] = []) {
        let original = Simulator.simulate(trace, under: config)
        let drag = StraightDrag(trace, velocity: original.velocity, interaction: config.interaction)
        let performed = drag.performed(from: trace)
        self.init(form: drag, original: original, performed: Simulator.simulate(performed, under: config))
        alsoUnder = others.map { (Simulator.simulate(trace, under: $0), Simulator.simulate(performed, under: $0)) }
    }
}
