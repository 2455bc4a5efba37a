import CSQLite
import PanTraceCore

/// An enumeration stored as the TEXT words of the spec (SPEC 6), written and
/// read without creating a Swift `String` per row.
///
/// Binding a word passes SQLite a static C string with `SQLITE_STATIC`: no
/// copy, no allocation (a `String` bound with `SQLITE_TRANSIENT` costs a
/// `malloc` and a `free` per row). Reading compares the column's bytes with
/// the known words. `StoredWordTests` proves every `storedWord` equals the
/// case's `rawValue`, the one spelling used everywhere.
protocol StoredWord: RawRepresentable, Sendable where RawValue == String {
    /// The case's word as a static C string (NUL-terminated, never freed).
    var storedWord: StaticString { get }
    /// Every case, in a stored constant: `allCases` would build an array per call.
    static var storedCases: [Self] { get }
}

extension StoredWord {
    /// The case whose word is the `count` bytes at `bytes`, or `nil`.
    @inline(__always)
    static func matching(_ bytes: UnsafePointer<UInt8>, count: Int) -> Self? {
        for candidate in storedCases {
            let word = candidate.storedWord
            guard word.utf8CodeUnitCount == count else { continue }
            let start = word.utf8Start
            var index = 0
            while index < count && start[index] == bytes[index] { index += 1 }
            if index == count { return candidate }
        }
        return nil
    }
}

extension Phase: StoredWord {
    static let storedCases: [Phase] = [.move, .down, .up, .cancel]
    var storedWord: StaticString {
        switch self {
        case .down: "down"
        case .move: "move"
        case .up: "up"
        case .cancel: "cancel"
        }
    }
}

extension Intent: StoredWord {
    static let storedCases: [Intent] = [.finish, .cancel]
    var storedWord: StaticString {
        switch self {
        case .finish: "finish"
        case .cancel: "cancel"
        }
    }
}

extension Decision: StoredWord {
    static let storedCases: [Decision] = [.finish, .cancel, .none]
    var storedWord: StaticString {
        switch self {
        case .finish: "finish"
        case .cancel: "cancel"
        case .none: "none"
        }
    }
}

extension Reason: StoredWord {
    static let storedCases: [Reason] = [
        .threshold, .belowThreshold, .flick, .reverseFlick, .projection, .guarded, .cancelled,
        .tooManyTouches, .neverBegan, .scrollOwned,
    ]
    var storedWord: StaticString {
        switch self {
        case .threshold: "threshold"
        case .belowThreshold: "belowThreshold"
        case .flick: "flick"
        case .reverseFlick: "reverseFlick"
        case .projection: "projection"
        case .guarded: "guarded"
        case .cancelled: "cancelled"
        case .tooManyTouches: "tooManyTouches"
        case .neverBegan: "neverBegan"
        case .scrollOwned: "scrollOwned"
        }
    }
}

extension GestureState: StoredWord {
    static let storedCases: [GestureState] = [.changed, .possible, .began, .failed]
    var storedWord: StaticString {
        switch self {
        case .possible: "possible"
        case .began: "began"
        case .changed: "changed"
        case .failed: "failed"
        }
    }
}

extension Owner: StoredWord {
    static let storedCases: [Owner] = [.transition, .none, .scroll]
    var storedWord: StaticString {
        switch self {
        case .none: "none"
        case .transition: "transition"
        case .scroll: "scroll"
        }
    }
}

extension RunKind: StoredWord {
    static let storedCases: [RunKind] = [.record, .replay, .regress]
    var storedWord: StaticString {
        switch self {
        case .record: "record"
        case .replay: "replay"
        case .regress: "regress"
        }
    }
}
