import Dispatch
import Foundation
import Synchronization

/// The code of the entries a build renders next, sent to Pygments on threads of their own while
/// the workers render the entries before them. A worker that meets code the caches lack waits
/// for Python with its core idle; highlighted ahead, the block is in the cache when it gets
/// there, and Python's work fills the time the workers leave. The blocks are those
/// `FenceScanner` finds; any it misses a worker sends itself, as before.
final class HighlightAhead: Sendable {
    private let stopped = Atomic<Bool>(false)
    private let running = DispatchGroup()

    /// Starts `lanes` threads, each taking the blocks of a few of the `count` entries at a time
    /// (`blocks(index)`), the lanes taking turns through them in order.
    init(count: Int, lanes: Int, highlighter: CodeHighlighter, blocks: @escaping @Sendable (Int) -> [CodeBlock]) {
        let lanes = max(1, min(lanes, (count + Self.entriesPerRequest - 1) / Self.entriesPerRequest))
        for lane in 0..<lanes {
            running.enter()
            Thread { [self] in
                defer { running.leave() }
                for start in stride(from: lane * Self.entriesPerRequest, to: count, by: lanes * Self.entriesPerRequest) {
                    if stopped.load(ordering: .relaxed) { return }
                    let found = (start..<min(count, start + Self.entriesPerRequest)).flatMap(blocks)
                    if !found.isEmpty { highlighter.highlightAhead(found) }
                }
            }.start()
        }
    }

    /// A few entries' blocks a request: fewer round trips than one entry's, and a worker that
    /// needs a helper waits for one request at most.
    static let entriesPerRequest = 8

    /// No request starts after this (the workers have come to these entries); one under way ends.
    func stop() {
        stopped.store(true, ordering: .relaxed)
    }

    /// Returns once every thread has ended.
    func wait() {
        running.wait()
    }
}
