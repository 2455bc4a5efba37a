import Foundation
import PanTraceCore
import PanTraceModel
import PanTraceLab
import PanTraceStore
import Testing

/// A lab session with a sheet that rests at detents (docs/lab.md "A sheet with detents"):
/// `--detents` read and refused by docs/model.md §3's rules, task files with
/// `detents` and `detent`, the built-in detent tasks, and gestures stored
/// with the task's detents, start and intent, answered with the decided
/// detent and the agreement measured from the task's start.
@Suite struct LabDetentTests {
    static let sheet = [Detent(name: "medium", height: 0.5), Detent(name: "large", height: 1)]

    @Test func detentsAreReadAsNamesAndFractions() throws {
        #expect(try LabDetents.parse("medium=0.5,large=1") == Self.sheet)
        #expect(try LabDetents.parse(" medium = 0.5 , large=1 ") == Self.sheet)
        #expect(try LabDetents.parse("peek=.25") == [Detent(name: "peek", height: 0.25)])
    }

    /// Every rule of a trace's `detents` refuses a `--detents` value, naming the entry at fault.
    @Test(arguments: [
        ("", nil, "needs at least one detent"),
        ("medium", "medium", "NAME=HEIGHT"),
        ("medium=0.5,", "", "NAME=HEIGHT"),
        ("medium=half", "medium=half", "must be a number > 0 and ≤ 1"),
        ("medium=nan", "medium=nan", "must be a number > 0 and ≤ 1"),
        ("medium=+0.5", "medium=+0.5", "must be a number > 0 and ≤ 1"),
        ("medium=0", "medium=0", "> 0 and ≤ 1"),
        ("large=1.5", "large=1.5", "> 0 and ≤ 1"),
        ("medium=-0.5", "medium=-0.5", "> 0 and ≤ 1"),
        ("medium=0.5,medium=1", "medium=0.5", "named twice"),
        ("a=0.5,b=0.5", "b=0.5", "no two heights may be equal"),
        ("finish=0.5", "finish=0.5", "intent word"),
        ("=0.5", "=0.5", "a detent's name"),
        ("a=0.1,b=0.2,c=0.3,d=0.4,e=0.5,f=0.6,g=0.7,h=0.8,i=0.9", nil, "1–8 detents"),
        (String(repeating: "x", count: 41) + "=0.5", String(repeating: "x", count: 41) + "=0.5", "a detent's name"),
    ] as [(String, String?, String)])
    func aBadDetentListIsRefusedNamingTheEntry(text: String, entry: String?, reason: String) {
        #expect {
            _ = try LabDetents.parse(text)
        } throws: { error in
            guard let error = error as? LabDetents.Invalid else { return false }
            return error.entry == entry && error.reason.contains(reason)
        }
    }

    @Test func theBuiltInDetentTasksDropExpandFlickAndClose() {
        let tasks = LabDetents.builtInTasks(for: Self.sheet, repeatCount: 2)
        #expect(tasks.map(\.id) == ["drop", "expand", "flick-down", "close-from-large"])
        #expect(tasks.map(\.intent) == [Intent(word: "medium"), Intent(word: "large"), Intent(word: "medium"), .finish])
        #expect(tasks.map(\.detent) == ["large", "medium", "large", "large"])
        #expect(tasks.allSatisfy { $0.detents == Self.sheet && $0.repeatCount == 2 })
        // One detent: only closing it makes sense.
        #expect(LabDetents.builtInTasks(for: [Detent(name: "full", height: 1)]).map(\.id) == ["close-from-full"])
        // The session's detents go to every task without its own, starting at the tallest.
        let given = LabDetents.apply(Self.sheet, to: LabTask.builtIn(for: .pullToDismiss) + [tasks[1]])
        #expect(given.allSatisfy { $0.detents == Self.sheet })
        #expect(given.map(\.startDetent?.name) == Array(repeating: "large", count: 6) + ["medium"])
        // docs/lab.md's table shows them as asked.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let docs = (try? String(contentsOf: root.appending(path: "docs/lab.md"), encoding: .utf8)) ?? ""
        for task in LabDetents.builtInTasks(for: Self.sheet) {
            #expect(docs.contains("| `\(task.id)` | \(task.prompt) |"), "docs/lab.md lists \(task.id)")
        }
    }

    @Test func aTaskFileMayGiveDetentsAStartAndAnIntentNamingADetent() throws {
        let text = """
            [{"id": "drop", "prompt": "Drop it.", "intent": "medium", "detents": {"medium": 0.5, "large": 1}},
             {"id": "up", "prompt": "Expand it.", "intent": "large", "detent": "medium"}]
            """
        let tasks = try LabTask.list(json: Array(text.utf8), file: "tasks.json", sessionDetents: [Detent(name: "medium", height: 0.4), Detent(name: "large", height: 1)])
        #expect(tasks[0].detents == Self.sheet && tasks[0].detent == nil && tasks[0].startDetent?.name == "large")
        #expect(tasks[0].intent == Intent(word: "medium"))
        // The second has the session's detents (given by the command), and starts where it says.
        #expect(tasks[1].detents == nil && tasks[1].detent == "medium" && tasks[1].intent == Intent(word: "large"))
    }

    /// A bad `detents`, `detent` or detent intent names its file, line and key (exit 65).
    @Test(arguments: [
        ("[{\"id\": \"a\", \"prompt\": \"p\",\n \"detents\": {\"medium\": 0.5, \"large\": 2}}]", 2, "[0].detents.large", "> 0 and ≤ 1"),
        ("[{\"id\": \"a\", \"prompt\": \"p\",\n \"detents\": [0.5, 1]}]", 2, "[0].detents", "must be an object of detent names and heights"),
        ("[{\"id\": \"a\", \"prompt\": \"p\",\n \"detents\": {\"medium\": \"half\"}}]", 2, "[0].detents.medium", "must be a height"),
        ("[{\"id\": \"a\", \"prompt\": \"p\",\n \"detents\": {}}]", 2, "[0].detents", "1–8 detents"),
        ("[{\"id\": \"a\", \"prompt\": \"p\", \"detents\": {\"medium\": 0.5, \"large\": 1},\n \"detent\": \"small\"}]", 2, "[0].detent", "\"small\" is not one of the detents (`medium`, `large`)"),
        ("[{\"id\": \"a\", \"prompt\": \"p\",\n \"detent\": \"medium\"}]", 2, "[0].detent", "allowed only with detents"),
        ("[{\"id\": \"a\", \"prompt\": \"p\", \"detents\": {\"medium\": 0.5, \"large\": 1},\n \"intent\": \"small\"}]", 2, "[0].intent", "a detent's name (`medium`, `large`) or null"),
        ("[{\"id\": \"a\", \"prompt\": \"p\",\n \"intent\": \"medium\"}]", 2, "[0].intent", "an intent only for a task with detents"),
        ("[{\"id\": \"a\", \"prompt\": \"p\",\n \"detent\": 1, \"detents\": {\"large\": 1}}]", 2, "[0].detent", "must be the name of one of the task's detents"),
    ])
    func aBadDetentInATaskFileNamesTheLineAndTheKey(text: String, line: Int, key: String, reason: String) {
        LabTaskTests.expectRefused(text, line: line, key: key, reason: reason)
    }

    /// Three gestures on a 400 × 800 sheet (medium 0.5, large 1) under the default
    /// `threshold` rule (0.4 of the way between neighbouring anchors), each
    /// starting 10 pt or more from its down so that the origin is the first move's place:
    /// - from medium, down 28 pt past the origin: h = 0.5 − 28/800 = 0.465,
    ///   progress 0.035/0.5 = 0.07 → stays at medium, meant (`cancel` from medium);
    /// - from large, down 360 pt: h = 0.55, progress 0.45/0.5 = 0.9 → medium, meant;
    /// - from large, down 576 pt: h = 1 − 576/800 = 0.28, in [0, 0.5] from 0.5,
    ///   progress 0.22/0.5 = 0.44 → dismissed, against the intent `medium`.
    @Test func gesturesAreStoredWithTheTasksDetentsStartAndIntentAndAnsweredWithTheDetent() throws {
        let tasks = LabDetents.apply(Self.sheet, to: [
            LabTask(id: "peek-medium", prompt: "Pull a little.", intent: .cancel, repeatCount: 1, detent: "medium"),
        ] + LabDetents.builtInTasks(for: Self.sheet, repeatCount: 1))
        let lab = try LabFixture(tasks: tasks)
        let cases: [(body: String, intent: Intent, start: String, decision: Decision, detent: String?, agreement: String)] = [
            (Gestures.drag(from: 500, to: 540, task: "peek-medium"), .cancel, "medium", .cancel, "medium", "agree"),
            (Gestures.drag(from: 100, to: 500, task: "drop"), Intent(word: "medium"), "large", .cancel, "medium", "agree"),
            (Gestures.drag(from: 100, to: 740, task: "drop"), Intent(word: "medium"), "large", .finish, nil, "accidental"),
        ]
        for (index, expected) in cases.enumerated() {
            let response = lab.post(expected.body)
            let text = String(decoding: response.body, as: UTF8.self)
            #expect(response.status == 200, "\(text)")
            let trace = try #require(try lab.storedTrace("lab-\(lab.recorder.session)-\(index + 1)"))
            #expect(trace.detents == Self.sheet && trace.startDetent == expected.start)
            #expect(trace.intent == expected.intent && trace.intentSource == .person)
            let run = try #require(lab.recorder.summary.run)
            let stored = try #require(try lab.store.result(ofRun: run, traceName: trace.name)).outcome
            #expect(stored.decision == expected.decision)
            #expect(text.contains("\"detent\": \(expected.detent.map { "\"\($0)\"" } ?? "null")"), "\(text)")
            #expect(text.contains("\"agreement\": \"\(expected.agreement)\""), "\(text)")
        }
    }

    @Test func postedDetentsMustBeTheTasks() throws {
        let lab = try LabFixture(tasks: LabDetents.builtInTasks(for: Self.sheet, repeatCount: 1))
        let same = lab.post(Gestures.drag(from: 100, to: 500, task: "drop", extra: "\"detents\": {\"large\": 1, \"medium\": 0.5}, \"detent\": \"large\", "))
        #expect(same.status == 200, "\(String(decoding: same.body, as: UTF8.self))")
        for (extra, key) in [
            ("\"detents\": {\"medium\": 0.4, \"large\": 1}, ", "detents: the task \"drop\" has the detents {\"medium\": 0.5, \"large\": 1}"),
            ("\"detent\": \"medium\", ", "detent: the task \"drop\" starts at \"large\""),
        ] {
            let refused = lab.post(Gestures.drag(from: 100, to: 500, task: "drop", extra: extra))
            #expect(refused.status == 400)
            let message = String(decoding: refused.body, as: UTF8.self).replacingOccurrences(of: "\\\"", with: "\"")
            #expect(message.contains(key), "\(message)")
        }
        #expect(try lab.store.traceCount() == 1)
    }

    /// The page carries each task's detents and start, and `#task`/`#outcome` their `data-detent`.
    @Test func thePageCarriesTheDetents() throws {
        let tasks = LabDetents.builtInTasks(for: Self.sheet, repeatCount: 1)
        let html = LabPage.html(config: Config(), tasks: tasks, session: "s", stored: 0)
        #expect(html.contains("\"detents\": [{\"name\": \"medium\", \"height\": 0.5}, {\"name\": \"large\", \"height\": 1}], \"detent\": \"medium\""))
        #expect(html.contains("<div id=\"task\" data-task=\"\" data-intent=\"\" data-detent=\"\""))
        #expect(html.contains("data-detent=\"\" data-agrees"))
    }
}
