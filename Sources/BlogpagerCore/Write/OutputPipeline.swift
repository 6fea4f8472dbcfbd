import Dispatch
import Foundation

/// Writes a build's batches on a queue of its own while the build renders the
/// next ones. Writing a large site is mostly the kernel making folders and
/// files, rendering is all CPU: one after the other left a core idle for a
/// third of a full build. Batches are written in the order they are handed
/// in, so the session's promises (hashed files before the pages that link
/// them, the root index last) hold as they did. At most `depth` batches wait,
/// so memory stays bounded whatever the size of the site.
final class OutputPipeline: @unchecked Sendable {
    // `session` is touched only on `queue`; `failure` only under `lock`.
    private let queue = DispatchQueue(label: "blogpager.output")
    private let lock = NSLock()
    private let room: DispatchSemaphore
    private var session: OutputSession
    private var failure: BuildFailure?
    private let beforeFirstWrite: @Sendable () -> Void

    /// `beforeFirstWrite` runs once, on the queue, before anything is written.
    init(session: OutputSession, depth: Int = 2, beforeFirstWrite: @escaping @Sendable () -> Void) {
        self.session = session
        room = DispatchSemaphore(value: depth)
        self.beforeFirstWrite = beforeFirstWrite
    }

    /// Queues a batch; throws the failure of an earlier batch, if one failed
    /// (nothing more is written after a failure).
    func submit(_ batch: OutputBatch) throws(BuildFailure) {
        if let failure = lock.withLock({ failure }) { throw failure }
        room.wait()
        queue.async { [self] in
            defer { room.signal() }
            guard lock.withLock({ failure }) == nil else { return }
            if session.paths.isEmpty { beforeFirstWrite() }
            do throws(BuildFailure) {
                try session.write(batch)
            } catch {
                lock.withLock { failure = error }
            }
        }
    }

    /// Waits until every queued batch is written: the session, and the first failure if any.
    func drain() -> (session: OutputSession, failure: BuildFailure?) {
        queue.sync { (session, lock.withLock { failure }) }
    }
}
