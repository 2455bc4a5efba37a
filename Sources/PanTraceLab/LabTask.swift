import PanTraceModel

/// One thing the lab asks a person to do, whose intent is known (docs/lab.md).
///
/// A gesture made for a task is stored with the task's `intent`, and its
/// screen is set up as the task says: the embedded scroll view's content
/// length and its offset, measured as a trace's `scrollOffset` and
/// `scrollContent` (docs/model.md §3), and for a sheet with detents, the
/// detents and the one it starts at (docs/model.md §4.10).
package struct LabTask: Sendable, Hashable {
    /// Short and unique in a task list; stored as `meta.task`.
    package var id: String
    /// What the page asks, in words for the person; stored as `meta.prompt`.
    package var prompt: String
    /// What the person means by the gesture, `nil` for a task without one.
    package var intent: Intent?
    /// The scroll view's offset when the task starts (points, from the edge the interaction pulls away from).
    package var scrollOffset: Double
    /// The scroll view's content length (points); 0 = no scroll view.
    package var scrollContent: Double
    /// How many times the task is asked in a session.
    package var repeatCount: Int
    /// The heights the sheet rests at, for a sheet with detents (docs/model.md §4.10); `nil` without.
    package var detents: [Detent]?
    /// The name of the detent the sheet starts at; `nil` for the tallest.
    package var detent: String?

    /// A task; `repeatCount` is how often a session asks it.
    package init(
        id: String, prompt: String, intent: Intent?, scrollOffset: Double = 0, scrollContent: Double = 0, repeatCount: Int = 3,
        detents: [Detent]? = nil, detent: String? = nil
    ) {
        self.detents = detents
        self.detent = detent
        self.id = id
        self.prompt = prompt
        self.intent = intent
        self.scrollOffset = scrollOffset
        self.scrollContent = scrollContent
        self.repeatCount = repeatCount
    }

    /// The detent the sheet starts at: ``detent``, else the tallest; `nil` without detents.
    package var startDetent: Detent? {
        guard let detents, !detents.isEmpty else { return nil }
        if let detent, let named = detents.first(where: { $0.name.isScalarEqual(to: detent) }) { return named }
        return detents.max { $0.height < $1.height }
    }

    /// How often each built-in task is asked (`pantrace lab --repeat`).
    package static let defaultRepeat = 3

    /// The content length of the built-in tasks' scroll view: a list of 40 rows of 50 pt.
    package static let builtInContent: Double = 2000

    /// The built-in tasks for `interaction`, each asked `repeatCount` times (docs/lab.md).
    ///
    /// Close it, close it with a flick, pull a little and let go, start and
    /// change your mind, scroll the scrolled-down content without closing,
    /// and scroll to the edge then go on to close. The words follow the
    /// interaction: a sheet pulled down, a screen swiped back, a card pulled up.
    /// The first four have no scroll view (the gesture alone is asked); the
    /// last two a list of ``builtInContent`` scrolled 600 and 300 pt from its edge.
    package static func builtIn(for interaction: Interaction, repeatCount: Int = defaultRepeat) -> [LabTask] {
        let words = Words(interaction)
        let content = builtInContent
        return [
            LabTask(id: "close", prompt: "\(words.close): \(words.drag) and let go.", intent: .finish,
                repeatCount: repeatCount),
            LabTask(id: "flick", prompt: "\(words.close) with a quick flick \(words.direction).", intent: .finish,
                repeatCount: repeatCount),
            LabTask(id: "peek", prompt: "\(words.pull) a little, and let it go back.", intent: .cancel,
                repeatCount: repeatCount),
            LabTask(id: "change-mind", prompt: "Start to \(words.closeVerb), then change your mind: go back and let go.",
                intent: .cancel, repeatCount: repeatCount),
            LabTask(id: "scroll", prompt: "The \(words.list) is scrolled away from \(words.edge): scroll it, without \(words.closing).",
                intent: .cancel, scrollOffset: 600, scrollContent: content, repeatCount: repeatCount),
            LabTask(id: "scroll-then-close", prompt: "Scroll the \(words.list) \(words.toEdge), and go on pulling to \(words.closeVerb).",
                intent: .finish, scrollOffset: 300, scrollContent: content, repeatCount: repeatCount),
        ]
    }

    /// The words of the prompts for one interaction.
    private struct Words {
        var close, closeVerb, closing, drag, pull, direction, list, toEdge, edge: String

        init(_ interaction: Interaction) {
            switch interaction {
            case .pullToDismiss:
                (close, closeVerb, closing) = ("Close the sheet", "close it", "closing the sheet")
                (drag, pull, direction) = ("drag it down", "Pull the sheet down", "down")
                (list, toEdge, edge) = ("list", "to the top", "its top")
            case .swipeBack:
                (close, closeVerb, closing) = ("Go back", "go back", "going back")
                (drag, pull, direction) = ("swipe the screen to the right", "Swipe the screen right", "to the right")
                (list, toEdge, edge) = ("photo strip", "to its first photo", "its first photo")
            case .pullUpPresent:
                (close, closeVerb, closing) = ("Open the card", "open it", "opening the card")
                (drag, pull, direction) = ("pull it up", "Pull the card up", "up")
                (list, toEdge, edge) = ("list", "to the bottom", "its bottom")
            }
        }
    }
}

extension Array where Element == LabTask {
    /// Every task repeated its ``LabTask/repeatCount`` times, in an order
    /// shuffled by `generator` (a new order per lab session).
    package func shuffledRounds(using generator: inout some RandomNumberGenerator) -> [LabTask] {
        flatMap { task in Array(repeating: task, count: task.repeatCount) }.shuffled(using: &generator)
    }
}
