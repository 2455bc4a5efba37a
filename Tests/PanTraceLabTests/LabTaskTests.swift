import Foundation
import PanTraceCore
import PanTraceModel
import PanTraceLab
import PropertyBased
import Testing

/// The lab's tasks (docs/lab.md): the built-in list, the per-session order,
/// and `--tasks FILE` checked as a config is.
@Suite struct LabTaskTests {
    @Test(arguments: Interaction.allCases)
    func theBuiltInListAsksTheSixTasksWithTheirIntents(interaction: Interaction) {
        let tasks = LabTask.builtIn(for: interaction)
        #expect(tasks.map(\.id) == ["close", "flick", "peek", "change-mind", "scroll", "scroll-then-close"])
        #expect(tasks.map(\.intent) == [.finish, .finish, .cancel, .cancel, .cancel, .finish])
        #expect(tasks.allSatisfy { $0.repeatCount == 3 && !$0.prompt.isEmpty })
        // The two scroll tasks start with the list scrolled away from its edge.
        for task in tasks where task.id.hasPrefix("scroll") {
            #expect(task.scrollContent > 0 && task.scrollOffset > 0)
        }
        #expect(Set(tasks.map(\.prompt)).count == 6)
    }

    @Test func eachTaskIsAskedItsRepeatCountInAnOrderOfItsOwnPerSession() async {
        await propertyCheck(count: 100, input: Gen.int(in: 1...5), Gen<UInt64>.uint64(), Gen<UInt64>.uint64()) { repeatCount, first, second in
            let tasks = LabTask.builtIn(for: .pullToDismiss, repeatCount: repeatCount)
            var one = SeededGenerator(seed: first)
            var two = SeededGenerator(seed: second)
            let order = tasks.shuffledRounds(using: &one)
            #expect(order.count == 6 * repeatCount)
            for task in tasks { #expect(order.filter { $0 == task }.count == repeatCount) }
            if first != second, repeatCount > 1 {
                // Two sessions rarely ask in the same order (18! orders or more).
                #expect(order != tasks.shuffledRounds(using: &two) || repeatCount == 1)
            }
        }
    }

    @Test func aTaskFileIsReadWithItsDefaults() throws {
        let text = """
            [{"id": "dismiss", "prompt": "Close it.", "intent": "finish"},
             {"id": "browse", "prompt": "Just scroll.", "intent": null, "scrollOffset": 250, "scrollContent": 3000, "repeat": 5}]
            """
        let tasks = try LabTask.list(json: Array(text.utf8), file: "tasks.json", defaultRepeat: 2)
        #expect(tasks == [
            LabTask(id: "dismiss", prompt: "Close it.", intent: .finish, repeatCount: 2),
            LabTask(id: "browse", prompt: "Just scroll.", intent: nil, scrollOffset: 250, scrollContent: 3000, repeatCount: 5),
        ])
    }

    /// Every bad file names its line and key, as a config's error does (exit 65).
    @Test(arguments: [
        ("{\"id\": \"a\"}", 1, "", "a task list must be a JSON array"),
        ("[]", 1, "", "the task list is empty"),
        ("[\n{\"id\": \"a\", \"prompt\": \"p\"},\n{\"id\": \"b\", \"promt\": \"p\"}]", 3, "[1].promt", "did you mean `prompt`"),
        ("[\n{\"id\": \"a\", \"prompt\": \"p\",\n \"intent\": \"close\"}]", 3, "[0].intent", "must be \"finish\", \"cancel\" or null"),
        ("[{\"prompt\": \"p\"}]", 1, "[0].id", "missing"),
        ("[{\"id\": \"a\", \"prompt\": \"p\"}, {\"id\": \"a\", \"prompt\": \"q\"}]", 1, "[1].id", "another task has the id"),
        ("[{\"id\": \"a\", \"prompt\": \"p\", \"repeat\": 0}]", 1, "[0].repeat", "an integer from 1 to 1000"),
        ("[{\"id\": \"a\", \"prompt\": \"p\", \"repeat\": 2.5}]", 1, "[0].repeat", "an integer from 1 to 1000"),
        ("[{\"id\": \"a\", \"prompt\": \"p\", \"scrollContent\": -1}]", 1, "[0].scrollContent", "a number ≥ 0"),
        ("[{\"id\": \"a\", \"prompt\": \"\"}]", 1, "[0].prompt", "1–500 characters"),
        ("[\"close\"]", 1, "[0]", "a task must be an object"),
        ("[{\"id\": \"a\",, }]", 1, "[0]", "invalid JSON"),
    ])
    func aBadTaskFileNamesTheLineAndTheKey(text: String, line: Int, key: String, reason: String) {
        Self.expectRefused(text, line: line, key: key, reason: reason)
    }

    /// `text`, read as the task file `tasks.json`, is refused as invalid data naming `line`, `key` and `reason`.
    static func expectRefused(
        _ text: String, line: Int, key: String, reason: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(sourceLocation: sourceLocation) {
            _ = try LabTask.list(json: Array(text.utf8), file: "tasks.json")
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.kind == .invalidData && error.file == "tasks.json" && error.line == line && error.key == key
                && error.reason.contains(reason) && error.description.hasPrefix("tasks.json:\(line): ")
        }
    }
}

/// SplitMix64, for the property test's two sessions.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

}

extension LabTaskTests {
    /// A task list whose expanded list (repeats added up) is over 10,000 is
    /// refused (65 naming the limit): the page carries the whole list.
    @Test func aTaskListAskingForTooManyGesturesIsRefusedNamingTheLimit() throws {
        let tasks = (0..<11).map { "{\"id\": \"t\($0)\", \"prompt\": \"p\", \"repeat\": 1000}" }
        #expect {
            _ = try LabTask.list(json: Array("[\(tasks.joined(separator: ", "))]".utf8), file: "tasks.json")
        } throws: { error in
            "\(error)".contains("11000 gestures") && "\(error)".contains("at most 10000")
        }
        let fits = try LabTask.list(json: Array("[\(tasks.dropLast().joined(separator: ", "))]".utf8), file: "tasks.json")
        #expect(fits.count == 10)
    }
}
