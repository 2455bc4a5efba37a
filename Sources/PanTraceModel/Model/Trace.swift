/// The touch input of one gesture plus the screen it happened on (docs/model.md §3).
///
/// A `Trace` value is not validated by construction: ``Trace/validate()``
/// checks every rule of docs/model.md §3, and the JSON Lines reader only returns valid
/// traces.
///
/// Two traces are equal when every field is; the texts (`name`, `meta`,
/// `family`) are compared by their Unicode scalars, as the store compares
/// them (``ExactName``), not by Swift's canonical equivalence.
public struct Trace: Equatable, Hashable, Sendable {
    /// Unique within a database, 1–200 characters.
    public var name: String
    /// Container width in points.
    public var width: Double
    /// Container height in points.
    public var height: Double
    /// The embedded scroll view's content offset along the interaction axis.
    public var scrollOffset: Double
    /// The scroll view's content length along the axis; 0 means no scroll view.
    public var scrollContent: Double
    public var intent: Intent?
    /// The heights the sheet can rest at (docs/model.md §4.10), in the order
    /// the trace lists them; `nil` for a trace without detents.
    public var detents: [Detent]?
    /// The name of the detent the sheet rests at when the gesture begins;
    /// `nil` without detents (the reader sets it to the tallest when the
    /// trace does not say).
    public var startDetent: String?
    /// Where ``intent`` came from; only with an intent (``validate()``).
    /// `nil` with an intent means ``IntentSource/person``, the default of
    /// the trace format: ``labelSource`` is the source to use.
    public var intentSource: IntentSource?
    /// What the real app did with the gesture (docs/model.md "What the app did"); `nil` when not recorded.
    public var observed: Observed?
    /// Who reported ``observed``; only with it (``validate()``). `nil` with
    /// an observed outcome means ``ObservedSource/app``: ``observationSource``
    /// is the source to use.
    public var observedSource: ObservedSource?
    /// The JSON text of the trace's `meta` object, verbatim; `nil` when absent.
    public var meta: String?
    /// `meta.family` when it is a string (what a selection by family matches).
    public var family: String?
    public var samples: [Sample]

    public init(
        name: String, width: Double, height: Double,
        scrollOffset: Double = 0, scrollContent: Double = 0,
        intent: Intent? = nil, intentSource: IntentSource? = nil, meta: String? = nil, family: String? = nil,
        detents: [Detent]? = nil, startDetent: String? = nil, observed: Observed? = nil,
        observedSource: ObservedSource? = nil, samples: [Sample]
    ) {
        self.observed = observed
        self.observedSource = observedSource
        self.detents = detents
        self.startDetent = startDetent
        self.name = name
        self.width = width
        self.height = height
        self.scrollOffset = scrollOffset
        self.scrollContent = scrollContent
        self.intent = intent
        self.intentSource = intentSource
        self.meta = meta
        self.family = family
        self.samples = samples
    }
}

extension Trace {
    /// Where the intent came from: ``intentSource``, or ``IntentSource/person``
    /// for an intent without one (the trace format's default); `nil` without an intent.
    @inline(__always)
    public var labelSource: IntentSource? {
        intent == nil ? nil : intentSource ?? .person
    }

    /// Every field equal, the texts by their Unicode scalars (``ExactName``).
    public static func == (a: Trace, b: Trace) -> Bool {
        ExactName(a.name) == ExactName(b.name) && a.width == b.width && a.height == b.height
            && a.scrollOffset == b.scrollOffset && a.scrollContent == b.scrollContent && a.intent == b.intent
            && a.labelSource == b.labelSource && a.detents == b.detents
            && a.observed == b.observed && a.observationSource == b.observationSource
            && a.startDetent.map(ExactName.init) == b.startDetent.map(ExactName.init)
            && a.meta.map(ExactName.init) == b.meta.map(ExactName.init)
            && a.family.map(ExactName.init) == b.family.map(ExactName.init) && a.samples == b.samples
    }

    /// Hashes every field `==` compares, the texts by their bytes.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ExactName(name))
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(scrollOffset)
        hasher.combine(scrollContent)
        hasher.combine(intent)
        hasher.combine(labelSource)
        hasher.combine(detents)
        hasher.combine(observed)
        hasher.combine(observationSource)
        hasher.combine(startDetent.map(ExactName.init))
        hasher.combine(meta.map(ExactName.init))
        hasher.combine(family.map(ExactName.init))
        hasher.combine(samples)
    }
}
