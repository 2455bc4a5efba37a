import Foundation
import PropertyBased
import PanTraceKit
import PanTraceCore
import PanTraceModel
import PanTraceLab
import PanTraceStore
import SQLiteTestSupport
import Testing

/// docs/lab.md's refusals and storing, through the responder in this process:
/// the token, the two routes, the limit, `record`'s checks, one committed run.
@Suite struct LabResponderTests {
    /// Nothing in the database: no trace, no run (the file may not even hold tables yet).
    static func expectNothingStored(_ lab: LabFixture, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try lab.store.traceCount() == 0, sourceLocation: sourceLocation)
        #expect(try lab.store.runs().isEmpty, sourceLocation: sourceLocation)
    }

    @Test func everyRequestWithoutTheTokenIsRefusedAndChangesNothing() throws {
        let lab = try LabFixture()
        let gesture = Array(Gestures.drag(from: 100, to: 500).utf8)
        let other = LabToken(high: 1, low: 2).text
        for (method, path) in [("GET", "/"), ("POST", "/gestures"), ("GET", "/gestures"), ("GET", "/favicon.ico"), ("DELETE", "/")] {
            for (query, header) in [(nil, nil), (other, nil), (nil, other), ("", ""), (String(lab.token.text.dropLast()), nil), (lab.token.text.uppercased(), nil)] {
                let response = lab.responder.respond(
                    to: .init(method: method, path: path, queryToken: query, headerToken: header, body: gesture))
                #expect(response.status == 403, "\(method) \(path) with \(query ?? "-")/\(header ?? "-")")
            }
        }
        try Self.expectNothingStored(lab)
    }

    @Test func theTokenIsAccepted128BitsAsAQueryOrAHeader() throws {
        let lab = try LabFixture()
        #expect(lab.token.text.count == 32 && lab.token.text.allSatisfy(\.isHexDigit))
        #expect(LabToken() != LabToken(), "a new token at every start")
        let page = lab.responder.respond(to: .init(method: "GET", path: "/", queryToken: lab.token.text))
        #expect(page.status == 200 && page.contentType.hasPrefix("text/html"))
        let viaHeader = lab.responder.respond(to: .init(method: "GET", path: "/", headerToken: lab.token.text))
        #expect(viaHeader.status == 200)
        let posted = lab.responder.respond(
            to: .init(method: "POST", path: "/gestures", queryToken: lab.token.text, body: Array(Gestures.drag(from: 100, to: 500).utf8)))
        #expect(posted.status == 200)
    }

    @Test func onlyTheTwoRoutesExist() throws {
        let lab = try LabFixture()
        let token = lab.token.text
        let gesture = Array(Gestures.drag(from: 100, to: 500).utf8)
        for path in ["/index.html", "/gestures/", "/gesture", "/api", "//"] {
            #expect(lab.responder.respond(to: .init(method: "GET", path: path, queryToken: token)).status == 404, "\(path)")
        }
        let wrongMethods = [("POST", "/"), ("PUT", "/"), ("HEAD", "/"), ("GET", "/gestures"), ("PUT", "/gestures"), ("DELETE", "/gestures"), ("OPTIONS", "/gestures")]
        for (method, path) in wrongMethods {
            let response = lab.responder.respond(to: .init(method: method, path: path, queryToken: token, body: gesture))
            #expect(response.status == 405, "\(method) \(path)")
            #expect(response.allow == (path == "/" ? "GET" : "POST"))
        }
        try Self.expectNothingStored(lab)
    }

    @Test func aBodyOverOneMebibyteIs413AndChangesNothing() throws {
        let lab = try LabFixture()
        let response = lab.responder.respond(to: .init(method: "POST", path: "/gestures", headerToken: lab.token.text, body: nil))
        #expect(response.status == 413)
        try Self.expectNothingStored(lab)
        #expect(LabResponder.maximumBody == 1_048_576)
    }

    /// Each refused gesture gets `record`'s message for the same line: the key path and the reason.
    @Test(arguments: [
        (#"{"width": 400, "height": 800, "samples": [{"t": 0, "x": 1, "y": 1, "phase": "down"}]}"#, "samples"),
        (#"{"width": -4, "height": 800, "samples": [{"t": 0, "x": 1, "y": 1, "phase": "down"}, {"t": 0.1, "x": 1, "y": 1, "phase": "up"}]}"#, "width"),
        (#"{"width": 400, "height": 800, "samples": [{"t": 0.2, "x": 1, "y": 1, "phase": "down"}, {"t": 0.1, "x": 1, "y": 1, "phase": "up"}]}"#, "samples[1].t"),
        (#"{"width": 400, "height": 800, "colour": 3, "samples": [{"t": 0, "x": 1, "y": 1, "phase": "down"}, {"t": 0.1, "x": 1, "y": 1, "phase": "up"}]}"#, "colour"),
        (#"{"width": 400, "height": 800, "samples": [{"t": 0, "x": 1, "y": 1, "phase": "down"}, {"t": 0.1, "x": 1, "phase": "up"}]}"#, "samples[1].y"),
        (#"{"width": 400, "height": 800, "samples": [{"t": 0, "x": 1, "y": 1, "phase": "down"}, {"t": 0.1, "x": 1, "y": 1, "phase": "lift"}]}"#, "samples[1].phase"),
    ])
    func anInvalidGestureGetsRecordsMessageAndIsNotStored(body: String, key: String) throws {
        let lab = try LabFixture()
        let response = lab.post(body)
        #expect(response.status == 400)
        let message = String(decoding: response.body, as: UTF8.self)
        // What record says of the same trace given a name.
        let named = body.replacingOccurrences(of: "{\"width\"", with: "{\"name\": \"x\", \"width\"")
        var recordSays = ""
        do { _ = try Trace(jsonLine: named) } catch { recordSays = error.reason }
        #expect(!recordSays.isEmpty)
        #expect(message.contains(JSONWriter.string("\(key): \(recordSays)").dropFirst().dropLast()), "\(message)")
        try Self.expectNothingStored(lab)
    }

    @Test func gesturesOfOneSessionAreCommittedInOneRunWithRecordsResults() throws {
        let lab = try LabFixture()
        let bodies = [
            Gestures.drag(from: 100, to: 500, task: "close"),
            Gestures.drag(from: 100, to: 180, task: "peek"),
            Gestures.drag(from: 100, to: 220, steps: 6, dt: 0.008, task: "flick"),
        ]
        for (index, body) in bodies.enumerated() {
            let response = lab.post(body)
            #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
            let name = "lab-\(lab.recorder.session)-\(index + 1)"
            // Committed: a connection of its own reads it as soon as the answer exists.
            let trace = try #require(try lab.storedTrace(name))
            // Read with the package's parser: Foundation's on Linux does not round-trip every double.
            let answer = try JSONParser.parse(response.body)
            let outcome = Simulator.simulate(trace, under: lab.config)
            #expect(answer["trace"]?.string == name)
            #expect(answer["decision"]?.string == outcome.decision.rawValue)
            #expect(answer["reason"]?.string == outcome.reason.rawValue)
            #expect(answer["percent"]?.number?.value == outcome.percent)
            #expect(answer["velocity"]?.number?.value == outcome.velocity)
            #expect(answer["settle"]?.number?.value == outcome.settle)
            #expect(answer["count"]?.number?.integerValue == index + 1)
        }
        #expect(try lab.database.integer("SELECT count(*) FROM run") == 1)
        #expect(try lab.database.integer("SELECT trace_count FROM run") == 3)
        #expect(try lab.database.integer("SELECT count(*) FROM decisions") == 3)
        // The intents are the tasks': close and flick mean finish, peek cancel.
        #expect(try lab.database.rows("SELECT trace, intent FROM decisions ORDER BY trace").map { $0[1] } == [.text("finish"), .text("cancel"), .text("finish")])
        // The run is an ordinary run: replay reads it and changes nothing.
        let run = try #require(lab.recorder.summary.run)
        #expect(try lab.store.configOfRun(run)?.name == lab.config.name)
        let replay = try Replayer(config: lab.config).replay(in: lab.store)
        #expect(replay.changed == 0 && replay.traces == 3)
    }

    @Test func theStoredMetaHasTheLabsKeysAndThePagesOwn() throws {
        let lab = try LabFixture()
        let body = Gestures.drag(from: 100, to: 500, task: "peek")
            .replacingOccurrences(of: "\"devicePixelRatio\": 3}", with: "\"devicePixelRatio\": 3, \"session\": \"forged\", \"userAgent\": \"Phone/1.0\"}")
        #expect(lab.post(body).status == 200)
        let trace = try #require(try lab.storedTrace("lab-\(lab.recorder.session)-1"))
        let meta = try #require(try JSONSerialization.jsonObject(with: Data((trace.meta ?? "").utf8)) as? [String: Any])
        #expect(meta["source"] as? String == "lab")
        #expect(meta["session"] as? String == lab.recorder.session, "the server's session, not the posted one")
        #expect(meta["task"] as? String == "peek")
        #expect(meta["prompt"] as? String == lab.tasks.first { $0.id == "peek" }?.prompt)
        #expect(meta["pointerType"] as? String == "touch")
        #expect(meta["devicePixelRatio"] as? Int == 3)
        #expect(meta["userAgent"] as? String == "Phone/1.0")
        #expect(trace.intent == .cancel)
        // The person was asked: the label is theirs, as stored and as the decisions view shows it.
        #expect(trace.intentSource == .person)
        #expect(try lab.database.names("SELECT intent_source FROM trace WHERE name = 'lab-\(lab.recorder.session)-1'") == ["person"])
        // Without one from the page, the request's User-Agent.
        #expect(lab.post(Gestures.drag(from: 100, to: 500, task: "close")).status == 200)
        let second = try #require(try lab.storedTrace("lab-\(lab.recorder.session)-2"))
        #expect(second.meta?.contains("\"userAgent\": \"tests\"") == true)
    }

    @Test func aTaskTheSessionDoesNotHaveOrAnIntentAgainstItsTaskIsRefused() throws {
        let lab = try LabFixture()
        let unknown = lab.post(Gestures.drag(from: 100, to: 500, task: "juggle"))
        #expect(unknown.status == 400)
        #expect(String(decoding: unknown.body, as: UTF8.self).contains("meta.task"))
        let against = lab.post(Gestures.drag(from: 100, to: 500, task: "peek", extra: "\"intent\": \"finish\", "))
        #expect(against.status == 400)
        #expect(String(decoding: against.body, as: UTF8.self).contains("intent: the task"))
        try Self.expectNothingStored(lab)
        // A client without a task keeps its own intent (docs/lab.md).
        #expect(lab.post(Gestures.drag(from: 100, to: 500, task: nil, extra: "\"intent\": \"cancel\", ")).status == 200)
        #expect(try lab.storedTrace("lab-\(lab.recorder.session)-1")?.intent == .cancel)
    }

    @Test func thePageIsOneSelfContainedDocumentWithTheSessionsTasks() throws {
        let lab = try LabFixture()
        let response = lab.responder.respond(to: .init(method: "GET", path: "/", queryToken: lab.token.text))
        let html = String(decoding: response.body, as: UTF8.self)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("name=\"viewport\"") && html.contains("user-scalable=no") && html.contains("touch-action:none"))
        // Nothing to load but itself: the one reference is the empty icon (no request for /favicon.ico).
        #expect(!html.contains("src=") && !html.contains("@import") && !html.contains("url("))
        #expect(html.components(separatedBy: "href=").count == 2 && html.contains("<link rel=\"icon\" href=\"data:,\">"))
        #expect(!html.lowercased().contains("http://") && !html.lowercased().contains("https://"))
        for task in lab.tasks { #expect(html.contains(JSONWriter.string(task.id))) }
        // A prompt that tries to close the script stays text.
        let hostile = LabTask(id: "x", prompt: "</script><script>alert(1)</script>", intent: nil, repeatCount: 1)
        let page = LabPage.html(config: Config(), tasks: [hostile], session: "s", stored: 0)
        #expect(!page.contains("</script><script>alert"))
    }

    /// Whatever valid drag is posted, the stored samples are the posted ones, bit for bit,
    /// and the answer is the simulation's result of the stored trace.
    @Test func anyPostedDragIsStoredSampleForSampleWithItsSimulatedResult() async throws {
        let lab = try LabFixture()
        let stored = Counter()
        await propertyCheck(count: 60, input: Gen.int(in: 1...40), Gen.double(in: 0.001...0.03), Gen.double(in: -30...30), Gen.double(in: -30...30)) { steps, dt, dx, dy in
            var samples: [Sample] = [Sample(t: 0, x: 195.5, y: 300.25, phase: .down)]
            for step in 1...steps {
                samples.append(Sample(t: Double(step) * dt, x: 195.5 + dx * Double(step), y: 300.25 + dy * Double(step), phase: .move))
            }
            samples.append(Sample(t: Double(steps) * dt + 0.002, x: samples[steps].x, y: samples[steps].y, phase: .up))
            let posted = Trace(name: "ignored", width: 390, height: 844, samples: samples)
            // The page's body: the JSON line without its name.
            let body = posted.jsonLine().replacingOccurrences(of: "\"name\": \"ignored\", ", with: "")
            let response = lab.post(body)
            #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
            stored.add()
            guard let trace = try? lab.storedTrace("lab-\(lab.recorder.session)-\(stored.value)") else {
                Issue.record("not stored")
                return
            }
            #expect(trace.samples == samples)
            let answer = try? JSONParser.parse(response.body)
            let outcome = Simulator.simulate(trace, under: lab.config)
            #expect(answer?["decision"]?.string == outcome.decision.rawValue && answer?["percent"]?.number?.value == outcome.percent)
        }
        #expect(stored.value >= 60)
        #expect(try lab.database.integer("SELECT trace_count FROM run") == stored.value)
    }
}

extension LabResponderTests {
    /// Invalid UTF-8 in a body is reported at its own byte, as record reports it.
    @Test(arguments: [0, 1, 7])
    func invalidUTF8IsReportedAtItsByte(extra: Int) throws {
        let lab = try LabFixture()
        let before = "{\"width\": 400, \"height\": 800, \"meta\": {\"task\": \"é" + String(repeating: "é", count: extra)
        let body = Array(before.utf8) + [0xFF] + Array("\"}, \"samples\": []}".utf8)
        let response = lab.responder.respond(to: .init(method: "POST", path: "/gestures", headerToken: lab.token.text, body: body))
        #expect(response.status == 400)
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(text.contains("(column \(before.utf8.count + 1))"), "\(text)")
        #expect(try lab.store.traceCount() == 0)
    }

    /// After its run is deleted (`runs --delete`), the lab's next gesture
    /// goes into a new run, and the summary names only runs that exist.
    @Test func aRunDeletedUnderTheLabIsFollowedByANewOne() throws {
        let lab = try LabFixture()
        #expect(lab.post(Gestures.drag(from: 100, to: 500)).status == 200)
        let first = try #require(lab.recorder.summary.run)
        try Store(path: lab.databasePath).deleteRun(first)
        let response = lab.post(Gestures.drag(from: 100, to: 500))
        #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
        let second = try #require(lab.recorder.summary.run)
        #expect(second != first)
        #expect(try lab.database.integer("SELECT count(*) FROM run") == 1)
        let summary = lab.recorder.summaryText
        #expect(summary.contains("1 gesture stored in run \(second) ") && summary.contains("1 gesture went into run \(first), deleted since"), "\(summary)")
    }

    /// A gesture that cannot get the database within its bound is 503 with
    /// `retry`, nothing stored; the page is made once per count of gestures.
    @Test func aStoreOverItsBoundIs503AndThePageIsMadeOncePerCount() throws {
        let lab = try LabFixture()
        let other = try Store(path: lab.databasePath)
        let writing = try other.beginRun(.record, config: Config())
        var request = LabResponder.Request(
            method: "POST", path: "/gestures", headerToken: lab.token.text, body: Array(Gestures.drag(from: 100, to: 500).utf8))
        let deadline = ContinuousClock.now + .milliseconds(50)
        request.storeDeadline = { deadline }
        let refused = lab.responder.respond(to: request)
        #expect(refused.status == 503 && String(decoding: refused.body, as: UTF8.self).contains("\"retry\": true"))
        writing.rollback()
        other.close()
        #expect(try lab.store.traceCount() == 0)

        let made = Counter()
        let cache = LabPage.Cache { stored in
            made.add()
            return "page \(stored)"
        }
        #expect(cache.page(stored: 0) == "page 0" && cache.page(stored: 0) == "page 0" && made.value == 1)
        #expect(cache.page(stored: 1) == "page 1" && made.value == 2)
    }
}

/// A count shared with a property check's closure.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
    func add() {
        lock.lock()
        count += 1
        lock.unlock()
    }
}
