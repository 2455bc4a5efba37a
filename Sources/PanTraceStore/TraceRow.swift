import CSQLite
import PanTraceCore

/// Reading `trace` and `sample` rows into ``Trace`` values, shared by every reading path.
enum TraceRow {
    /// The `trace` columns ``read(_:into:)`` expects, in order.
    static let columns =
        "id, name, width, height, scroll_offset, scroll_content, intent, meta, family, sample_count"

    /// Reads the columns of ``columns`` into `trace`, emptying its samples; returns the id.
    static func read(_ row: Statement, into trace: inout Trace) throws -> TraceID {
        trace.name = row.string(at: 1) ?? ""
        trace.width = row.double(at: 2)
        trace.height = row.double(at: 3)
        trace.scrollOffset = row.double(at: 4)
        trace.scrollContent = row.double(at: 5)
        trace.intent = try row.word(Intent.self, at: 6)
        trace.meta = row.string(at: 7)
        trace.family = row.string(at: 8)
        trace.samples.removeAll(keepingCapacity: true)
        trace.samples.reserveCapacity(row.int(at: 9))
        return row.int64(at: 0)
    }

    /// Reads `t, x, y, phase, touches` starting at column `offset`.
    @inline(__always)
    static func readSample(_ row: Statement, offset: Int32) throws -> Sample {
        Sample(
            t: row.double(at: offset), x: row.double(at: offset + 1), y: row.double(at: offset + 2),
            phase: try row.requiredWord(Phase.self, at: offset + 3), touches: row.int(at: offset + 4))
    }

    /// Fails with `SQLITE_CORRUPT` unless `trace` has the number of samples its row announces.
    static func checkSampleCount(_ trace: Trace, expected: Int) throws {
        guard trace.samples.count == expected else {
            throw SQLiteError(
                code: SQLITE_CORRUPT,
                message: "trace '\(trace.name)' has \(trace.samples.count) samples, expected \(expected)")
        }
    }
}
