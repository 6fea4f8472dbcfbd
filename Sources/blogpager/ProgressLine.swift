import BlogpagerCore
import Foundation
import Synchronization

/// The line a long build shows on a terminal: where it is, rewritten in place about five times a
/// second once the build has run a second, and gone when it ends (the summary takes its place).
final class ProgressLine: Sendable {
    private let progress: BuildProgress
    private let clock = ContinuousClock()
    private let stopped = Atomic<Bool>(false)
    private let ended = DispatchSemaphore(value: 0)

    /// Nil where standard error is not a terminal: nothing is drawn into a file or a pipe.
    init?(_ progress: BuildProgress) {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        self.progress = progress
        let started = clock.now
        Thread { [self] in
            var drawn = false
            while !stopped.load(ordering: .relaxed) {
                usleep(200_000)
                guard !stopped.load(ordering: .relaxed), clock.now - started > .seconds(1) else { continue }
                Self.write("\r\u{1B}[K" + progress.line(now: clock.now))
                drawn = true
            }
            if drawn { Self.write("\r\u{1B}[K") }
            ended.signal()
        }.start()
    }

    /// Stops drawing and clears the line; returns once it is clear.
    func finish() {
        stopped.store(true, ordering: .relaxed)
        ended.wait()
    }

    private static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
