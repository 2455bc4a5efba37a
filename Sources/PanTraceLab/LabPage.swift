import Foundation
import PanTraceModel

/// The page `GET /` serves (docs/lab.md): one self-contained HTML5 document,
/// made for phones, that asks for the session's tasks, draws the config's
/// interaction following the finger by docs/model.md §4.2–4.4 (a sheet with
/// detents by its height, §4.10), posts each gesture, and settles as the
/// server decided.
///
/// Nothing is loaded from anywhere but the document itself: its style and
/// script are inline (``style``, ``script``), and the session's data — the
/// config, the tasks in the session's order, the session's name and how many
/// gestures it stored already — is a JSON block the script reads.
package enum LabPage {
    /// The page for a session.
    ///
    /// - Parameters:
    ///   - config: the config gestures are decided under (its canonical JSON is embedded).
    ///   - tasks: the session's tasks in the order asked (repeats included).
    ///   - session: the session's name.
    ///   - stored: gestures the session stored already (a reloaded page goes on from there).
    ///   - versus: the config compared with `config` (docs/lab.md "Which felt better"), when the session compares two.
    ///   - next: then, where the session's pairs are (a reloaded page goes on from there).
    ///   - pause: how long the settled screen stays before the next task, as a
    ///     multiple of a person's pause (0.5 s after a finish, 0.3 s after a
    ///     cancel); the tests, which wait on the count of settled gestures, take 0.
    package static func html(
        config: Config, tasks: [LabTask], session: String, stored: Int, versus: Config? = nil, next: LabPairs.Next? = nil,
        pause: Double = 1
    ) -> String {
        let taskList = tasks.map { task in
            "{\"id\": \(JSONWriter.string(task.id)), \"prompt\": \(JSONWriter.string(task.prompt)), "
                + "\"intent\": \(task.intent.map { JSONWriter.string($0.rawValue) } ?? "null"), "
                + "\"scrollOffset\": \(JSONWriter.number(task.scrollOffset)), \"scrollContent\": \(JSONWriter.number(task.scrollContent)), "
                // A list, not an object: a detent named like a number keeps its place in JavaScript.
                + "\"detents\": \(task.detents.map { "[" + $0.map { "{\"name\": \(JSONWriter.string($0.name)), \"height\": \(JSONWriter.number($0.height))}" }.joined(separator: ", ") + "]" } ?? "null"), "
                + "\"detent\": \(task.startDetent.map { JSONWriter.string($0.name) } ?? "null")}"
        }
        let data = "{\"config\": \(config.canonicalJSON()), \"session\": \(JSONWriter.string(session)), \"stored\": \(stored), "
            + "\"versus\": \(versus?.canonicalJSON() ?? "null"), \"next\": \(versus == nil ? "null" : next?.json ?? "null"), "
            + "\"pause\": \(JSONWriter.number(pause)), \"tasks\": [\(taskList.joined(separator: ", "))]}"
        // `<` only occurs inside JSON strings here: escaped, no text can close the script element.
        let embedded = data.replacingOccurrences(of: "<", with: "\\u003c")
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1, minimum-scale=1, user-scalable=no, viewport-fit=cover">
            <meta name="referrer" content="no-referrer">
            <meta name="color-scheme" content="light">
            <link rel="icon" href="data:,">
            <title>pantrace lab</title>
            <style>\(style)</style>
            </head>
            <body>
            <div id="surface" data-interaction="\(config.interaction.rawValue)">
              <div id="back"><div class="bar">\(backTitle(config.interaction))</div>\(backContent(config.interaction))<div id="back-scroll" class="scroll"\(config.interaction == .pullUpPresent ? "" : " hidden")><div id="back-content" class="content"></div></div><div id="tab">\(tabText(config.interaction))</div></div>
              <div id="dim"></div>
              <div id="front"><div class="grabber"></div><div class="bar" id="front-bar">\(frontTitle(config.interaction))</div><div id="front-scroll" class="scroll"\(config.interaction == .pullUpPresent ? " hidden" : "")><div id="front-content" class="content"></div></div>\(config.interaction == .pullUpPresent ? cardContent : "")</div>
              <div id="edge" hidden><span>start here</span></div>
              <div id="marks" hidden></div>
            </div>
            <div id="hud">
              <div id="task" data-task="" data-intent="" data-detent="" data-ready="false"><span id="prompt">Loading…</span> <span id="try"></span></div>
              <div id="count"></div>
              <div id="outcome" data-trace="" data-decision="" data-reason="" data-detent="" data-agrees="" data-count="\(stored)"></div>
            </div>
            <div id="ask" data-pair="" data-ready="false" hidden>
              <div id="ask-question">Which felt better?</div>
              <div id="ask-hint">The first try or the second? Same task, two feels.</div>
              <div id="ask-buttons"><button type="button" id="prefer-first">First</button><button type="button" id="prefer-same">The same</button><button type="button" id="prefer-second">Second</button></div>
              <div id="ask-error"></div>
            </div>
            <script id="lab-data" type="application/json">\(embedded)</script>
            <script>\(script)</script>
            </body>
            </html>
            """
    }

    private static func backTitle(_ interaction: Interaction) -> String {
        switch interaction {
        case .pullToDismiss: "Home"
        case .swipeBack: "Inbox"
        case .pullUpPresent: "Messages"
        }
    }

    /// What the screen underneath shows (the list under the card is the task's scroll view, drawn by the script).
    private static func backContent(_ interaction: Interaction) -> String {
        switch interaction {
        case .pullToDismiss: "<div>" + String(repeating: "<div class=\"card\"></div>", count: 6) + "</div>"
        case .swipeBack: "<div style=\"padding-top:52px\">" + String(repeating: "<div class=\"line\"></div>", count: 16) + "</div>"
        case .pullUpPresent: ""
        }
    }

    /// The card's own content (pull-up-present): placeholder lines under its title.
    private static let cardContent = "<div style=\"padding-top:60px\">" + String(repeating: "<div class=\"line\"></div>", count: 12) + "</div>"

    private static func frontTitle(_ interaction: Interaction) -> String {
        switch interaction {
        case .pullToDismiss: "Sheet"
        case .swipeBack: "Photos"
        case .pullUpPresent: "Card"
        }
    }

    private static func tabText(_ interaction: Interaction) -> String {
        interaction == .pullUpPresent ? "▲ pull up for the card" : ""
    }
}
