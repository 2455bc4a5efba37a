import Foundation
import PanTraceModel

/// What the lab answers to each request (docs/lab.md), apart from the HTTP
/// library: the token, the two routes (three when the session compares two
/// configs: `POST /preferences`, ``answer(body:)``), the body limit, and storing.
///
/// The checks come in this order, and a refused request changes nothing:
/// no token (403), an unknown path (404), another method (405), a body over
/// ``maximumBody`` (413), a gesture that breaks docs/model.md §3 (400 with
/// `record`'s message). No response carries a CORS header. A gesture that
/// cannot be stored within its bound gets 503 with `"retry": true`, and
/// nothing is stored; any answer but 200 means nothing was stored.
package struct LabResponder: Sendable {
    /// A request as the responder needs it.
    package struct Request: Sendable {
        /// `GET`, `POST`, …
        package var method: String
        /// The path without the query (`/`, `/gestures`).
        package var path: String
        /// The `token` query parameter, when given.
        package var queryToken: String?
        /// The `X-Pantrace-Token` header, when given.
        package var headerToken: String?
        /// The `User-Agent` header.
        package var userAgent: String?
        /// The body, or `nil` when it was longer than ``LabResponder/maximumBody`` (not read past that).
        package var body: [UInt8]?
        /// When storing must have succeeded by: a gesture still waiting for
        /// the database then is refused with 503 and nothing is stored
        /// (``LabRecorder/store(body:userAgent:deadline:)``); `nil` waits as
        /// long as the store does. Asked again while the gesture waits, so
        /// that a stop that begins meanwhile shortens the wait.
        package var storeDeadline: (@Sendable () -> ContinuousClock.Instant)?

        package init(method: String, path: String, queryToken: String? = nil, headerToken: String? = nil, userAgent: String? = nil, body: [UInt8]? = []) {
            self.method = method
            self.path = path
            self.queryToken = queryToken
            self.headerToken = headerToken
            self.userAgent = userAgent
            self.body = body
        }

        /// A request for `target` as sent (`/gestures?token=…`): its path, and
        /// its `token` query parameter; the header fields' values without the
        /// spaces and tabs around them (RFC 9110 §5.5).
        package init(method: String, target: String, headerToken: String?, userAgent: String?, body: [UInt8]?) {
            let components = URLComponents(string: target)
            func trimmed(_ value: String?) -> String? {
                value?.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
            }
            self.init(
                method: method, path: components?.path ?? target, queryToken: components?.queryItems?.first { $0.name == "token" }?.value,
                headerToken: trimmed(headerToken), userAgent: trimmed(userAgent), body: body)
        }
    }

    /// The header a page's posts carry the token in.
    static let tokenHeader = "X-Pantrace-Token"

    /// An answer: a status, its content type and body.
    package struct Response: Sendable, Equatable {
        package var status: Int
        package var contentType: String
        package var body: [UInt8]
        /// The methods a 405 names in `Allow`.
        package var allow: String?

        static func json(_ status: Int, _ text: String) -> Response {
            Response(status: status, contentType: "application/json; charset=utf-8", body: Array(text.utf8))
        }

        static func error(_ status: Int, _ message: String) -> Response {
            json(status, "{\"error\": \(JSONWriter.string(message))}")
        }

        /// The header fields of the answer as it goes on the wire (docs/lab.md):
        /// its type, no caching, no sniffing, no referrer, and a policy that lets
        /// the page load nothing but itself; `closing` adds `Connection: close`.
        /// `Content-Length` is the server's to add.
        func fields(closing: Bool) -> [(String, String)] {
            var fields = [
                ("Content-Type", contentType),
                ("Cache-Control", "no-store"),
                ("X-Content-Type-Options", "nosniff"),
                // The token is in the page's URL: never sent on to another site.
                ("Referrer-Policy", "no-referrer"),
                // docs/lab.md: the page loads nothing but itself and talks only to this server.
                (
                    "Content-Security-Policy",
                    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
                ),
            ]
            if let allow { fields.append(("Allow", allow)) }
            if status == 503 { fields.append(("Retry-After", "1")) }
            if closing { fields.append(("Connection", "close")) }
            return fields
        }
    }

    /// The largest body accepted: 1 MiB.
    package static let maximumBody = 1 << 20

    /// The token every request must carry.
    package let token: LabToken
    /// Stores the gestures.
    package let recorder: LabRecorder
    /// The page `GET /` serves, made at each request (it says how many gestures are stored).
    package let page: @Sendable () -> String
    /// Called after each stored gesture (the command prints a line).
    package let onStored: @Sendable (LabRecorder.Stored) -> Void
    /// Called after each stored answer to "Which felt better?" (the command prints a line).
    package let onAnswered: @Sendable (Int, Preference) -> Void

    package init(
        token: LabToken, recorder: LabRecorder, page: @escaping @Sendable () -> String,
        onStored: @escaping @Sendable (LabRecorder.Stored) -> Void = { _ in },
        onAnswered: @escaping @Sendable (Int, Preference) -> Void = { _, _ in }
    ) {
        self.token = token
        self.recorder = recorder
        self.page = page
        self.onStored = onStored
        self.onAnswered = onAnswered
    }

    /// The answer to `request`; a gesture is committed before this returns.
    package func respond(to request: Request) -> Response {
        if let refusal = refusalBeforeBody(to: request) { return refusal }
        if request.path == "/" {
            return Response(status: 200, contentType: "text/html; charset=utf-8", body: Array(page().utf8))
        }
        guard let body = request.body else {
            return .error(413, "a gesture is at most 1 MiB")
        }
        if request.path == "/preferences" { return answer(body: body, deadline: request.storeDeadline) }
        if request.path == "/discard" { return discard(body: body, deadline: request.storeDeadline) }
        do {
            let stored = try recorder.store(body: body, userAgent: request.userAgent, deadline: request.storeDeadline)
            onStored(stored)
            return .json(200, json(of: stored))
        } catch let error as TraceError {
            return .error(400, error.description)
        } catch let error as LabPairError {
            return .error(400, error.description)
        } catch let busy as LabRecorder.Busy {
            // Nothing was stored: the page offers to send the same gesture again.
            return .json(503, "{\"error\": \(JSONWriter.string(busy.description)), \"retry\": true}")
        } catch {
            return .error(500, "the gesture was not stored: \(error)")
        }
    }

    /// The refusal of `request` that needs none of its body, in docs/lab.md's
    /// order — no token (403), an unknown path (404), another method (405) —
    /// or nil. Decided without reading the body, so that a body over the
    /// limit is refused in the same order before a byte of it is read.
    func refusalBeforeBody(to request: Request) -> Response? {
        guard token.accepts(request.queryToken) || token.accepts(request.headerToken) else {
            return .error(403, "this lab needs its token: open the URL that pantrace lab printed (docs/lab.md)")
        }
        let allowed: String
        switch request.path {
        case "/": allowed = "GET"
        case "/gestures": allowed = "POST"
        case "/preferences" where recorder.isComparing: allowed = "POST"
        case "/discard": allowed = "POST"
        default:
            return .error(
                404,
                "no such page: only " + (recorder.isComparing
                    ? "GET /, POST /gestures, POST /preferences and POST /discard" : "GET /, POST /gestures and POST /discard") + " exist")
        }
        guard request.method == allowed else {
            var response = Response.error(405, "\(request.path) takes \(allowed) only, not \(request.method)")
            response.allow = allowed
            return response
        }
        return nil
    }

    /// The answer to a stored gesture: its name, task, intent, result and the
    /// session's count; in a session that compares two configs, its pair, its
    /// place in it (`first`, `second`) and what the page does next.
    func json(of stored: LabRecorder.Stored) -> String {
        let outcome = stored.outcome
        // docs/model.md §2: the page says whether it was meant by the one rule every count uses.
        let agreement: String =
            Agreement(intent: stored.intent, outcome: outcome, startDetent: stored.startDetent).map { JSONWriter.string("\($0)") } ?? "null"
        var fields: [(String, String)] = [
            ("trace", JSONWriter.string(stored.name)),
            ("task", stored.task.map { JSONWriter.string($0.id) } ?? "null"),
            ("intent", stored.intent.map { JSONWriter.string($0.rawValue) } ?? "null"),
            ("decision", JSONWriter.string(outcome.decision.rawValue)),
            ("reason", JSONWriter.string(outcome.reason.rawValue)),
            ("percent", JSONWriter.number(outcome.percent)),
            ("peakPercent", JSONWriter.number(outcome.peakPercent)),
            ("velocity", JSONWriter.number(outcome.velocity)),
            ("settle", JSONWriter.number(outcome.settle)),
            ("projected", outcome.projected.map(JSONWriter.number) ?? "null"),
            // docs/model.md §4.10: where the sheet rests (null when dismissed or without detents).
            ("detent", outcome.decision == .finish ? "null" : outcome.detent.map(JSONWriter.string) ?? "null"),
            ("agreement", agreement),
        ]
        fields += [("run", String(stored.run)), ("count", String(stored.count))]
        if let stopped = stored.stoppedShort {
            // docs/lab.md "Every detent is used, and seen": the page says which limit stopped the sheet.
            fields.append((
                "stoppedShort",
                "{\"key\": \(JSONWriter.string(stopped.key)), \"limit\": \(stopped.limit), \"heading\": \(JSONWriter.string(stopped.heading))}"
            ))
        }
        if let slot = stored.slot {
            fields += [("pair", String(slot.pair)), ("position", JSONWriter.string(slot.isFirst ? "first" : "second"))]
        }
        if let next = recorder.next { fields.append(("next", next.json)) }
        return "{" + fields.map { "\(JSONWriter.string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }
}
