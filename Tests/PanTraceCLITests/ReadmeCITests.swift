import Foundation
import Testing
import TestFolders

/// The README's "Replay and regress in CI" recipe, run as written: its first
/// shell block on a developer's machine, then the `run: |` lines of its
/// GitHub Actions job on a pull request, in a git repository whose
/// `origin/main` holds the accepted config (docs/commands.md §7.3, §7.6), and the pull
/// request's `allow.txt` the changes its reviewers accepted.
@Suite struct ReadmeCITests {
    /// The README's CI section.
    static func section() throws -> String {
        let readme = try String(contentsOf: CommandRunner.repositoryRoot.appending(path: "README.md"), encoding: .utf8)
        return try #require(readme.components(separatedBy: "## Replay and regress in CI\n").dropFirst().first?
            .components(separatedBy: "\n## ").first)
    }

    /// The lines of the first ```sh block: what a developer runs.
    static func developerLines() throws -> [String] {
        let block = try #require(try section().components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        return block.split(separator: "\n").map(String.init)
    }

    /// The lines of the job's `run: |` step, unindented: what CI runs.
    static func ciLines() throws -> [String] {
        let yaml = try #require(try section().components(separatedBy: "```yaml\n").dropFirst().first?.components(separatedBy: "```").first)
        let step = try #require(yaml.components(separatedBy: "- run: |\n").dropFirst().first)
        let lines = step.split(separator: "\n").prefix { $0.hasPrefix("          ") }
        return lines.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// A repository with the corpus, `tuning.json` (the bundled baseline
    /// config), its `decisions.jsonl`, made by the developer's lines, and an
    /// empty `allow.txt`, on `main`: made once per test process, and each
    /// test works in a copy.
    static func repository() async throws -> Shell {
        let made = try await ProcessCache.shared.value(for: "readme CI repository") {
            let shell = try Shell()
            let fixtures = CommandRunner.repositoryRoot.appending(path: "Fixtures")
            try await shell.run("pantrace record --db corpus.sqlite --quiet --count 60 --seed 3 --from '\(fixtures.path)/traces/families.jsonl'")
            try await shell.run("cp '\(fixtures.path)/configs/baseline.json' tuning.json")
            try await shell.run("git init -q -b main . && git config user.email ci@example.com && git config user.name CI")
            try await shell.run(Self.developerLines().map { $0.replacingOccurrences(of: "pantrace export traces", with: "pantrace export traces --db corpus.sqlite") }
                .joined(separator: "\n"))
            try await shell.run("touch allow.txt && git add corpus.jsonl tuning.json decisions.jsonl allow.txt && git commit -q -m corpus")
            return shell.folder
        }
        let shell = try Shell()
        try await shell.run("cp -a '\(made.path)/.' .")
        return shell
    }

    /// A pull request: `tuning.json` with `settings` changed, `allow.txt`
    /// holding `allow` (when given), and — unless `stale` — `decisions.jsonl`
    /// made again by the developer's lines after the export.
    static func pullRequest(_ shell: Shell, settings: [String: Any], stale: Bool = false, allow: [String]? = nil) async throws {
        try await shell.run("git checkout -q -b change")
        let url = URL(fileURLWithPath: shell.path("tuning.json"))
        var config = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        config.merge(settings) { $1 }
        try JSONSerialization.data(withJSONObject: config, options: [.prettyPrinted, .sortedKeys]).write(to: url)
        if !stale { try await shell.run(Self.developerLines().dropFirst().joined(separator: "\n")) }
        if let allow { try Data((allow.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: shell.path("allow.txt"))) }
        try await shell.run("git commit -q -am change")
    }

    /// Each line of `decisions.jsonl` at `revision`, by trace: (intent, decision).
    static func decisions(_ shell: Shell, at revision: String) async throws -> [String: (intent: String?, decision: String)] {
        let text = try await shell.run("git show \(revision):decisions.jsonl").stdout
        var rows: [String: (intent: String?, decision: String)] = [:]
        for line in text.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let trace = try #require(object["trace"] as? String)
            rows[trace] = (object["intent"] as? String, try #require(object["decision"] as? String))
        }
        return rows
    }

    /// The job's lines in a fresh clone of the pull request's branch, as
    /// `actions/checkout` with `fetch-depth: 0` makes it (`origin/main` there);
    /// with `leftovers`, the databases of an earlier run of the lines (under
    /// `main`'s config) are there first, as when a developer runs them twice.
    static func runCI(_ shell: Shell, leftovers: Bool = false, allowing: Set<Int32> = [1]) async throws -> CommandRunner.Output {
        try await shell.run("git clone -q -b change . ci")
        if leftovers { try await shell.run("cp snapshot.sqlite ci/snapshot.sqlite && cp snapshot.sqlite ci/ci.sqlite") }
        return try await shell.run("cd ci\n" + Self.ciLines().joined(separator: "\n"), allowing: allowing)
    }

    /// The changes between `main`'s and the pull request's decisions: every
    /// changed trace, and those that are regressions against intent.
    static func changes(_ shell: Shell) async throws -> (changed: [String], regressions: [String], unchanged: [String]) {
        let before = try await Self.decisions(shell, at: "main")
        let after = try await Self.decisions(shell, at: "change")
        var changed: [String] = []
        var regressions: [String] = []
        var unchanged: [String] = []
        for (trace, old) in before.sorted(by: { $0.key < $1.key }) {
            let new = try #require(after[trace])
            guard old.decision != new.decision else {
                unchanged.append(trace)
                continue
            }
            changed.append(trace)
            if let intent = old.intent, Self.agrees(old.decision, intent), !Self.agrees(new.decision, intent) { regressions.append(trace) }
        }
        return (changed, regressions, unchanged)
    }

    /// docs/model.md §2: a result agrees with intent `finish` by finishing, with `cancel` by not finishing.
    static func agrees(_ decision: String, _ intent: String) -> Bool { (decision == "finish") == (intent == "finish") }

    /// A lower threshold: CI fails exactly on the regressions the two
    /// committed decision files show, and JUnit has one failure for each.
    @Test func aPullRequestWithRegressionsFails() async throws {
        let shell = try await Self.repository()
        try await Self.pullRequest(shell, settings: ["threshold": 0.25])
        let before = try await Self.decisions(shell, at: "main")
        #expect(before.count == (try await Self.decisions(shell, at: "change")).count && before.count >= 60)
        let changes = try await Self.changes(shell)
        let (changed, regressions) = (changes.changed.count, changes.regressions.count)
        try #require(regressions > 0 && changed > regressions, "changed \(changed), regressions \(regressions)")

        let ci = try await Self.runCI(shell)
        #expect(ci.status == 1)
        let junit = try String(contentsOfFile: shell.path("ci/pantrace.xml"), encoding: .utf8)
        #expect(junit.components(separatedBy: "<failure ").count - 1 == regressions)
        #expect(junit.components(separatedBy: "<system-out>decision changed").count - 1 == changed - regressions)
        // The suite's own <system-out> states the verdict, as every other report does.
        #expect(junit.contains(#"<property name="verdict" value="fail"/>"#))
        #expect(junit.components(separatedBy: "<testcase ").count - 1 == before.count)
        #expect(FileManager.default.fileExists(atPath: shell.path("ci/pantrace.html")))
    }

    /// A change that decides nothing differently (the animation curve)
    /// passes, with its new decisions committed; the same change with the old
    /// `decisions.jsonl` fails at the `diff` — also when the lines meet the
    /// databases of an earlier run (`export decisions` never exports the
    /// leftover run).
    @Test(arguments: [(false, false), (true, false), (false, true)])
    func aPullRequestWithoutRegressionsPassesWhenItsDecisionsAreCommitted(stale: Bool, leftovers: Bool) async throws {
        let shell = try await Self.repository()
        try await Self.pullRequest(shell, settings: ["curve": "easeOut"], stale: stale)
        let ci = try await Self.runCI(shell, leftovers: leftovers)
        #expect(ci.status == (stale ? 1 : 0), "\(ci.stderr)")
        // The curve changes the tracking error, a column of the decisions: a stale file differs.
        #expect(ci.stdout.contains("tracking_error") == stale)
    }

    /// The reviewed trade-off: the regressions listed in `allow.txt` with
    /// their reasons pass, each JUnit case saying its reason, and a listed
    /// trace that did not change is named on standard error; with one
    /// regression left out, that one fails alone.
    @Test(arguments: [true, false])
    func aPullRequestWhoseRegressionsAreAllowedPasses(everyRegression: Bool) async throws {
        let shell = try await Self.repository()
        try await Self.pullRequest(shell, settings: ["threshold": 0.25])
        let changes = try await Self.changes(shell)
        try #require(changes.regressions.count >= 2 && !changes.unchanged.isEmpty)
        let listed = everyRegression ? changes.regressions : Array(changes.regressions.dropFirst())
        let allow = ["# threshold 0.25, reviewed"] + listed.map { "\($0)  # accepted: \($0)" } + ["\(changes.unchanged[0]) # old"]
        try Data((allow.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: shell.path("allow.txt")))
        try await shell.run("git commit -q -am 'accepted changes'")

        let ci = try await Self.runCI(shell)
        #expect(ci.status == (everyRegression ? 0 : 1), "\(ci.stderr)")
        #expect(ci.stderr.contains("warning: allow.txt:\(listed.count + 2): \"\(changes.unchanged[0])\" is listed, but its decision did not change"), "\(ci.stderr)")
        let junit = try String(contentsOfFile: shell.path("ci/pantrace.xml"), encoding: .utf8)
        #expect(junit.components(separatedBy: "<failure ").count - 1 == (everyRegression ? 0 : 1))
        if !everyRegression { #expect(junit.contains("name=\"\(changes.regressions[0])\"")) }
        for (index, trace) in listed.enumerated() {
            #expect(junit.contains("<system-out>decision changed, accepted in allow.txt:\(index + 2): accepted: \(trace)\n"), "\(trace)")
        }
    }

    /// A misspelt name in `allow.txt` stops the job at `regress` (65, the file and line).
    @Test func aNameThatIsNotInTheCorpusFailsTheJob() async throws {
        let shell = try await Self.repository()
        try await Self.pullRequest(shell, settings: ["threshold": 0.25], allow: ["# reviewed", "", "slow-drag-typo # oops"])
        let ci = try await Self.runCI(shell, allowing: [65])
        #expect(ci.status == 65)
        #expect(ci.stderr.contains("pantrace: error: allow.txt:3: \"slow-drag-typo\": no stored trace has this name\n"), "\(ci.stderr)")
        #expect(!FileManager.default.fileExists(atPath: shell.path("ci/pantrace.xml")))
    }

    /// The recipe never writes a git configuration: no
    /// `git config`, and after the job the `HOME` of the shell holds none.
    @Test func theJobLeavesGitConfigurationAlone() async throws {
        #expect(!(try Self.ciLines()).contains { $0.contains("git config") })
        #expect(try Self.ciLines().contains { $0.hasPrefix("git -c safe.directory=") })
        let shell = try await Self.repository()
        try await Self.pullRequest(shell, settings: ["curve": "easeOut"])
        let ci = try await Self.runCI(shell)
        #expect(ci.status == 0, "\(ci.stderr)")
        #expect(!FileManager.default.fileExists(atPath: shell.path("home/.gitconfig")))
    }
}

/// `bash -e` in a fresh folder with the built `pantrace` first on the `PATH`
/// and a `HOME` of its own (any global git configuration would stay in it).
struct Shell {
    let folder: URL

    init() throws {
        folder = try TestFolders.make("ci")
        try FileManager.default.createDirectory(at: folder.appending(path: "home"), withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { folder.appending(path: name).path }

    /// Runs `script`; an exit status other than 0 or one of `allowing` fails the test.
    @discardableResult
    func run(_ script: String, allowing: Set<Int32> = [], sourceLocation: SourceLocation = #_sourceLocation) async throws -> CommandRunner.Output {
        // The test process's own CI, NO_COLOR and COLUMNS, as a developer's shell has them.
        let own = ProcessInfo.processInfo.environment
        let result = try await CommandRunner.spawn(
            "/bin/bash", ["-e", "-c", script], in: folder,
            environment: ["HOME": path("home"), "GIT_CONFIG_NOSYSTEM": "1", "CI": own["CI"], "NO_COLOR": own["NO_COLOR"], "COLUMNS": own["COLUMNS"]])
        #expect(
            result.status == 0 || allowing.contains(result.status), "\(script)\n\(result)\n\(result.stderr)",
            sourceLocation: sourceLocation)
        return result
    }
}
