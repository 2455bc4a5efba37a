extension Trace {
    /// Reads one trace from one line of JSON (docs/model.md §3) and validates it.
    ///
    /// - Throws: ``TraceError`` with no line number (the caller knows it).
    public init(jsonLine: String) throws(TraceError) {
        var bytes = Array(jsonLine.utf8)
        if bytes.isEmpty { bytes = [0x20] }  // a blank line is an error here, not a skip
        let decoded = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(TraceIssue) in try TraceDecoder.decode(line: buffer) }
        }
        switch decoded {
        case .success(let trace?): self = trace
        case .success(nil): throw TraceError(keyPath: "", reason: "the line is blank")
        case .failure(let issue): throw issue.at(line: nil, file: nil)
        }
    }

    /// The trace as one canonical line of JSON (docs/model.md §3), without a newline.
    ///
    /// Keys come in the spec's order (`name`, `width`, `height`,
    /// `scrollOffset`, `scrollContent`, `intent`, `intentSource`, `observed`, `observedSource`, `meta`,
    /// `samples`; in a sample `t`, `x`, `y`, `phase`, `touches`).
    /// `scrollOffset`, `scrollContent` and `touches` are always written;
    /// `intent` and `meta` only when present, and `intentSource` with every
    /// intent (``labelSource``, so `person` too: the line says where its
    /// label came from). Numbers are ``JSONWriter/number(_:)``'s shortest
    /// round-trip text, and `meta` is written verbatim, except that any line
    /// breaks in it (JSON whitespace) become spaces to keep the trace on one
    /// line.
    ///
    /// For a valid trace whose `family` is derived from `meta` (as the reader
    /// does), `Trace(jsonLine: trace.jsonLine()) == trace`, bit for bit. This
    /// text is what `pantrace generate` writes and what the store digests.
    public func jsonLine() -> String {
        var line = "{\"name\": "
        line.reserveCapacity(160 + samples.count * 64 + (meta?.utf8.count ?? 0))
        JSONWriter.appendString(name, to: &line)
        line += ", \"width\": " + JSONWriter.number(width)
        line += ", \"height\": " + JSONWriter.number(height)
        line += ", \"scrollOffset\": " + JSONWriter.number(scrollOffset)
        line += ", \"scrollContent\": " + JSONWriter.number(scrollContent)
        if let detentsJSON {
            line += ", \"detents\": " + detentsJSON
            if let startDetent = startingDetent?.name {
                line += ", \"detent\": "
                JSONWriter.appendString(startDetent, to: &line)
            }
        }
        if let intent {
            line += ", \"intent\": "
            JSONWriter.appendString(intent.rawValue, to: &line)
            line += ", \"intentSource\": \"" + (intentSource ?? .person).rawValue + "\""
        }
        if let observed {
            line += ", \"observed\": "
            JSONWriter.appendString(observed.rawValue, to: &line)
            line += ", \"observedSource\": \"" + (observedSource ?? .app).rawValue + "\""
        }
        if let meta {
            line += ", \"meta\": "
            line += Trace.oneLine(meta: meta)
        }
        line += ", \"samples\": ["
        for (index, sample) in samples.enumerated() {
            line.append(index > 0 ? ", {\"t\": " : "{\"t\": ")
            line.append(JSONWriter.number(sample.t))
            line.append(", \"x\": ")
            line.append(JSONWriter.number(sample.x))
            line.append(", \"y\": ")
            line.append(JSONWriter.number(sample.y))
            line.append(", \"phase\": \"")
            line.append(sample.phase.rawValue)
            line.append("\", \"touches\": ")
            line.append(String(sample.touches))
            line.append("}")
        }
        line += "]}"
        return line
    }
}

extension Trace {
    /// `meta`'s JSON text with every raw line break (LF or CR, JSON
    /// whitespace between tokens: a string cannot hold one unescaped) made
    /// a space: the same JSON value, on one line.
    ///
    /// Readers and the store keep a trace's `meta` in this form, and
    /// ``jsonLine()`` writes it, so that a trace exported and recorded again
    /// is the same trace (docs/spec-readings.md, `export traces`).
    public static func oneLine(meta: String) -> String {
        guard meta.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return meta }
        var text = ""
        text.unicodeScalars.append(contentsOf: meta.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
        return text
    }
}
