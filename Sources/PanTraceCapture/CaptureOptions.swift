import PanTraceModel

/// What a ``GestureRecorder`` records and how much (docs/capture.md).
///
/// ```swift
/// var options = CaptureOptions(namePrefix: "settings-sheet")
/// options.meta = ["screenScale": 3, "appVersion": "2.4.1"]
/// options.oneIn = 10          // record one gesture in ten
/// ```
public struct CaptureOptions: Equatable, Sendable {
    /// The start of every trace name: `<prefix>-<sequence>-<UTC time>`.
    ///
    /// 1–100 characters. Give each screen (and each device whose file you
    /// merge into one database) its own prefix: names must be unique in a
    /// database, and the sequence number restarts with each recorder.
    public var namePrefix: String
    /// The transition the container's pan drives; written to `meta.interaction`
    /// and used to read a scroll view's state along the right axis.
    public var interaction: Interaction
    /// Seconds a finished gesture is held before it is written, during which
    /// ``GestureRecorder/setIntent(_:askedThePerson:)`` may label it. Default 10; 0 writes
    /// at once.
    public var labellingWindow: Double
    /// The largest size of the file in bytes. A line that would take the file
    /// past it is not written, nor is any later line, until the file is
    /// collected (removed, replaced or truncated). Default 4 MiB: about 450
    /// one-second gestures at 120 touch events a second (9 KB each).
    public var maximumFileSize: Int
    /// Record one gesture in `oneIn` (1 = every gesture). The choice is made
    /// at the `down`: a gesture not chosen costs nothing.
    public var oneIn: Int
    /// Which gesture of every `oneIn` is recorded, in `0..<oneIn`; `nil`
    /// (the default) picks one at random when the recorder starts.
    public var samplingPhase: Int?
    /// Keys the app adds to every trace's `meta`, written in sorted order
    /// after `source` and `interaction` (which it may not use), for example
    /// the screen scale and the app version. Never put identifiers here.
    public var meta: [String: MetaValue]

    /// Options with the defaults above.
    public init(
        namePrefix: String = "capture", interaction: Interaction = .pullToDismiss,
        labellingWindow: Double = 10, maximumFileSize: Int = 4 << 20, oneIn: Int = 1,
        samplingPhase: Int? = nil, meta: [String: MetaValue] = [:]
    ) {
        self.namePrefix = namePrefix
        self.interaction = interaction
        self.labellingWindow = labellingWindow
        self.maximumFileSize = maximumFileSize
        self.oneIn = oneIn
        self.samplingPhase = samplingPhase
        self.meta = meta
    }

    /// The value of `meta.source` in every captured trace.
    public static let source = "PanTraceCapture"

    /// The longest ``namePrefix``, in Unicode scalars; with the sequence
    /// number and time stamp a name stays within docs/model.md §3's 200 characters.
    public static let maximumPrefixLength = 100

    /// Throws the first option that cannot work.
    func validate() throws(CaptureError) {
        let prefixLength = namePrefix.unicodeScalars.count
        guard (1...Self.maximumPrefixLength).contains(prefixLength) else {
            throw .invalidOption("namePrefix", reason: "must be 1–\(Self.maximumPrefixLength) characters, found \(prefixLength)")
        }
        // What a name must be (docs/model.md §3) is checked on the names it makes: a
        // prefix that no name may hold (a NUL) would drop every gesture.
        let longest = TraceName.make(prefix: namePrefix, sequence: Int.max, wallTime: 0, recorder: "00000000")
        if let issue = ExactName.issue(in: longest, maximumLength: Trace.maximumNameLength) {
            throw .invalidOption("namePrefix", reason: issue)
        }
        guard labellingWindow.isFinite, labellingWindow >= 0 else {
            throw .invalidOption("labellingWindow", reason: "must be a finite number of seconds ≥ 0, found \(labellingWindow)")
        }
        guard maximumFileSize > 0 else {
            throw .invalidOption("maximumFileSize", reason: "must be > 0 bytes, found \(maximumFileSize)")
        }
        guard oneIn >= 1 else {
            throw .invalidOption("oneIn", reason: "must be ≥ 1, found \(oneIn)")
        }
        if let samplingPhase, !(0..<oneIn).contains(samplingPhase) {
            throw .invalidOption("samplingPhase", reason: "must be in 0..<\(oneIn), found \(samplingPhase)")
        }
        // Every line must be one that `pantrace record` accepts: a trace with
        // these options' name and meta is checked now, not each gesture later.
        let down = Sample(t: 0, x: 0, y: 0, phase: .down)
        let probe = Trace(name: longest, width: 1, height: 1, meta: metaJSON(), samples: [down, Sample(t: 0, x: 0, y: 0, phase: .up)])
        do {
            try probe.validate()
        } catch {
            throw .invalidOption(error.keyPath == "name" ? "namePrefix" : "meta", reason: error.reason)
        }
        for key in ["source", "interaction"] where meta[key] != nil {
            throw .invalidOption("meta", reason: "the key `\(key)` is the recorder's own")
        }
        for (key, value) in meta {
            if case .number(let number) = value, !number.isFinite {
                throw .invalidOption("meta", reason: "`\(key)` must be a finite number, found \(number)")
            }
        }
    }

    /// The `meta` object of every trace, as JSON text (docs/model.md §3: stored verbatim).
    func metaJSON() -> String {
        var text = "{\"source\": " + JSONWriter.string(Self.source)
        text += ", \"interaction\": " + JSONWriter.string(interaction.rawValue)
        for key in meta.keys.sorted() {
            guard let value = meta[key] else { continue }
            text += ", " + JSONWriter.string(key) + ": " + value.json
        }
        return text + "}"
    }
}
