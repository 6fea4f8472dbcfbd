import Synchronization

/// A value handed to another task, held by neither side once taken: for a large value that a
/// task started with `async let` would otherwise keep alive, in the frame that started it, to
/// the end of that frame (the content folder's walk: every path of the archive).
final class Handoff<Value: Sendable>: Sendable {
    private let held: Mutex<Value?>

    init(_ value: consuming Value) {
        held = Mutex(value)
    }

    /// The value, the first time; nil after.
    func take() -> Value? {
        held.withLock { $0.take() }
    }
}
