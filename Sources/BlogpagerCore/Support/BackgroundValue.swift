import Foundation
import Synchronization

/// A value made on a thread of its own, started at once, and waited for where it is first
/// needed (`value`): for work whose result is asked for later, so the work in between runs
/// beside it. A thread started for it, not a task on the shared pool: that pool has a thread
/// for each core, all busy with the build, and the work would wait for one of them.
final class BackgroundValue<Value: Sendable>: Sendable {
    private let group = DispatchGroup()
    private let made = Mutex<Value?>(nil)

    init(_ make: @escaping @Sendable () -> Value) {
        group.enter()
        Thread { [self] in
            let value = make()
            made.withLock { $0 = value }
            group.leave()
        }.start()
    }

    /// The value, once made (waits until it is).
    var value: Value {
        group.wait()
        // Set before the group was left, and never again.
        return made.withLock { $0! }
    }
}
