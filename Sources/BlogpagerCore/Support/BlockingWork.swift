import Foundation

/// Work that blocks its thread (starting a process and waiting for its first line)
/// run on a thread of its own and awaited: on the cooperative pool, which has one
/// thread a core, it would hold a thread the build's other tasks wait for.
enum BlockingWork {
    static func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: work()) }.start()
        }
    }
}
