import Foundation

/// The head of one HTTP/1.1 request as ``LabGuard`` reads it off the wire
/// (docs/lab.md): parsed in one pass over the bytes as they arrive, and
/// refused as soon as it breaks a limit, before the rest of it is waited for.
struct RequestHead: Sendable, Equatable {
    /// `GET`, `POST`, …
    var method: String
    /// The request target as sent (`/gestures?token=…`).
    var target: String
    /// `HTTP/1.0` or `HTTP/1.1`.
    var version: String
    /// The header fields in order, names as sent.
    var fields: [(name: String, value: String)]
    /// The body's length (`Content-Length`; 0 without one).
    var contentLength: Int
    /// The client asked for the connection to be closed after the answer
    /// (`Connection: close`, or HTTP/1.0 without `keep-alive`).
    var closes: Bool

    static func == (a: RequestHead, b: RequestHead) -> Bool {
        a.method == b.method && a.target == b.target && a.version == b.version && a.contentLength == b.contentLength
            && a.closes == b.closes && a.fields.map(\.name) == b.fields.map(\.name) && a.fields.map(\.value) == b.fields.map(\.value)
    }

    /// The value of the field `name` (case-insensitive), the first when repeated.
    func field(_ name: String) -> String? {
        fields.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The head as it is handed on: the request line and the fields, one
    /// line each, `Connection: close` in place of the client's own.
    func forwarded() -> [UInt8] {
        var text = "\(method) \(target) \(version)\r\n"
        for (name, value) in fields where name.lowercased() != "connection" {
            text += "\(name): \(value)\r\n"
        }
        text += "Connection: close\r\n\r\n"
        return Array(text.utf8)
    }

    /// Why a head was refused: the status to answer (400 or 431; 501 for a
    /// chunked body, 505 for another HTTP version), then close.
    struct Refusal: Error, Equatable, Sendable {
        var status: Int
        var reason: String
    }

    /// Parses a head as its bytes arrive: ``feed(_:)`` returns the head once
    /// its empty line has arrived (the bytes after it are the body's
    /// beginning), `nil` while more is needed, and throws as soon as a limit
    /// or the syntax is broken. Each byte is looked at once.
    struct Parser: Sendable {
        let limits: LabLimits
        private var bytes: [UInt8] = []
        /// Where the current line starts in `bytes`, and how far it was scanned.
        private var lineStart = 0
        private var scanned = 0
        private var lines: [ArraySlice<UInt8>] = []

        init(limits: LabLimits) {
            self.limits = limits
        }

        /// No byte of a request has arrived yet.
        var isEmpty: Bool { bytes.isEmpty }

        /// Adds `chunk`; returns the head and the bytes after it once complete.
        mutating func feed(_ chunk: some Collection<UInt8>) throws(Refusal) -> (head: RequestHead, rest: [UInt8])? {
            // Blank lines before a request line are skipped (RFC 9112 §2.2).
            bytes.append(contentsOf: chunk)
            while scanned < bytes.count {
                let byte = bytes[scanned]
                scanned += 1
                try checkLength(upTo: scanned)
                guard byte == 0x0A else { continue }
                var line = bytes[lineStart..<(scanned - 1)]
                if line.last == 0x0D { line = line.dropLast() }
                lineStart = scanned
                if lines.isEmpty && line.isEmpty { continue }
                if line.isEmpty {
                    let head = try RequestHead.parse(lines)
                    return (head, Array(bytes[scanned...]))
                }
                lines.append(line)
                guard lines.count <= limits.headerFields + 1 else {
                    throw Refusal(status: 431, reason: "more than \(limits.headerFields) header fields")
                }
            }
            return nil
        }

        private func checkLength(upTo end: Int) throws(Refusal) {
            let length = end - lineStart
            if lines.isEmpty {
                guard length <= limits.requestLine else {
                    throw Refusal(status: 400, reason: "the request line is longer than \(limits.requestLine) bytes")
                }
            } else {
                guard length <= limits.headerLine else {
                    throw Refusal(status: 431, reason: "a header field is longer than \(limits.headerLine) bytes")
                }
            }
            guard end <= limits.headBytes else {
                throw Refusal(status: 431, reason: "the request's head is longer than \(limits.headBytes) bytes")
            }
        }
    }

    /// The head of `lines` (the request line, then the header lines).
    static func parse(_ lines: [ArraySlice<UInt8>]) throws(Refusal) -> RequestHead {
        guard let first = lines.first else { throw Refusal(status: 400, reason: "no request line") }
        let parts = first.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(isTokenByte),
            let target = text(parts[1]), target.hasPrefix("/"), !target.contains(where: { $0.isWhitespace })
        else {
            throw Refusal(status: 400, reason: "the request line is not `METHOD /path HTTP/1.1`")
        }
        let version = String(decoding: parts[2], as: UTF8.self)
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            throw Refusal(status: version.hasPrefix("HTTP/") ? 505 : 400, reason: "only HTTP/1.1 is spoken here")
        }
        var fields: [(name: String, value: String)] = []
        var length: Int?
        var connection: [String] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: 0x3A), colon > line.startIndex,
                line[line.startIndex..<colon].allSatisfy(isTokenByte)
            else {
                throw Refusal(status: 400, reason: "a header line is not `Name: value`")
            }
            var value = line[(colon + 1)...]
            while let byte = value.first, byte == 0x20 || byte == 0x09 { value = value.dropFirst() }
            while let byte = value.last, byte == 0x20 || byte == 0x09 { value = value.dropLast() }
            // Controls other than tab (NUL, a lone CR …) never belong in a value.
            guard !value.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }), let valueText = text(value) else {
                throw Refusal(status: 400, reason: "a header value holds a control character or is not UTF-8")
            }
            let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self)
            switch name.lowercased() {
            case "content-length":
                guard !valueText.isEmpty, valueText.count <= 15, valueText.allSatisfy(\.isASCII), let number = Int(valueText), number >= 0
                else { throw Refusal(status: 400, reason: "Content-Length is not a number") }
                guard length == nil || length == number else { throw Refusal(status: 400, reason: "Content-Length is given twice") }
                length = number
            case "transfer-encoding":
                throw Refusal(status: 501, reason: "a body is sent with Content-Length, not Transfer-Encoding")
            case "connection":
                connection += valueText.lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            default:
                break
            }
            fields.append((name, valueText))
        }
        let closes = connection.contains("close") || (version == "HTTP/1.0" && !connection.contains("keep-alive"))
        return RequestHead(method: String(decoding: parts[0], as: UTF8.self), target: target, version: version, fields: fields, contentLength: length ?? 0, closes: closes)
    }

    /// A token's bytes (RFC 9110 §5.6.2): letters, digits and ``!#$%&'*+-.^_`|~``.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case 0x21, 0x23, 0x24, 0x25, 0x26, 0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x5E, 0x5F, 0x60, 0x7C, 0x7E: true
        default: false
        }
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String? {
        String(validating: bytes, as: UTF8.self)
    }
}
