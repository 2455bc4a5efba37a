import PanTraceModel

/// The one-byte phase codes of `trace.packed` (format 1 as a byte, format 2 in the low two bits of a varint) and of ``TraceDigest``.
///
/// schema.sql documents them (`0 'down', 1 'move', 2 'up', 3 'cancel'`) and
/// `PhaseCodeTests` reads them from there. They are part of schema version 1:
/// never renumber them.
extension Phase {
    /// The phase's code.
    @inline(__always)
    var packedCode: UInt8 {
        switch self {
        case .down: 0
        case .move: 1
        case .up: 2
        case .cancel: 3
        }
    }

    /// The phase whose code is `code`, or `nil` for a byte that is no phase's code.
    ///
    /// The inverse of ``packedCode``, which `PhaseCodeTests` checks for every byte.
    @inline(__always)
    init?(packedCode code: UInt8) {
        switch code {
        case 0: self = .down
        case 1: self = .move
        case 2: self = .up
        case 3: self = .cancel
        default: return nil
        }
    }
}
