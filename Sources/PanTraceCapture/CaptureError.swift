/// Why a ``GestureRecorder`` cannot start.
public enum CaptureError: Error, Equatable, CustomStringConvertible, Sendable {
    /// An option of ``CaptureOptions`` (named by its property) cannot work.
    case invalidOption(String, reason: String)

    /// For example `invalid capture option oneIn: must be ≥ 1, found 0`.
    public var description: String {
        switch self {
        case .invalidOption(let name, let reason): "invalid capture option \(name): \(reason)"
        }
    }
}
