import Synchronization

/// Writes a build's batches while the build renders the next ones. Writing a
/// large site is mostly the kernel making folders and files, rendering is all
/// CPU: one after the other left a core idle for a third of a full build.
///
/// A task of its own owns the session and writes the batches in the order
/// they come, so the session's promises (hashed files before the pages that
/// link them, the root index last) hold. The renderer waits while `depth`
/// batches are in flight, so memory stays bounded whatever the size of the
/// site. After a failed batch nothing more is written, and the renderer hears
/// of it at its next batch. A cancelled build stops between two batches.
///
/// Small batches (a month's stream is a few files) are joined until they hold
/// `smallestBatch` files: each batch costs a flushed journal write. Joining
/// keeps every promise, since a batch writes its content-hashed files first
/// and the root index last, and batches stay in order. A joined batch goes at
/// once when the writer has nothing else to do: a rebuild's few files are then
/// written while the build renders the rest, not all after it.
struct OutputPipeline: Sendable {
    var depth = 2
    var smallestBatch = 256
    /// What the writer hands back to the kernel of the files it has written (a large build's,
    /// `BuildExecution.releasingWrittenFiles`); nil: they stay in memory.
    var releasingWritten: PageCacheRelease?

    /// What the writing side ends with.
    struct Written: Sendable {
        var session: OutputSession
        var failure: BuildFailure?
    }

    /// Runs `produce`, which hands its batches to `emit`, with the writer beside it.
    func run<Value: Sendable>(
        _ session: OutputSession,
        produce: (_ emit: (OutputBatch) async throws(BuildFailure) -> Void) async throws(BuildFailure) -> Value
    ) async -> (value: Result<Value, BuildFailure>, written: Written) {
        let (batches, batchInput) = AsyncStream.makeStream(of: OutputBatch.self)
        // One answer per batch written: nil, or the failure that stopped the writer.
        let (answers, answerInput) = AsyncStream.makeStream(of: BuildFailure?.self)
        let progress = WriterProgress()
        return await withTaskGroup(of: Written.self) { group in
            group.addTask { [releasingWritten] in
                var session = session
                var release = releasingWritten
                var failure: BuildFailure?
                for await batch in batches {
                    if failure == nil {
                        do throws(BuildFailure) {
                            let written = try session.write(batch)
                            release?.doneWith(written.paths, bytes: written.bytes)
                        } catch {
                            failure = error
                        }
                    }
                    progress.finishedOne()
                    answerInput.yield(failure)
                }
                release?.finish()
                // A cancelled task's stream ends early: batches may be left unwritten.
                if failure == nil, Task.isCancelled { failure = BuildFailure.stopped(output: .untouched) }
                answerInput.finish()
                return Written(session: session, failure: failure)
            }
            var inFlight = 0
            var sent = 0
            var replies = answers.makeAsyncIterator()
            var joined = OutputBatch()
            let value: Result<Value, BuildFailure>
            do throws(BuildFailure) {
                value = .success(try await produce { batch throws(BuildFailure) in
                    guard !Task.isCancelled else { throw BuildFailure.stopped(output: .untouched) }
                    joined.files += batch.files
                    joined.kept += batch.kept
                    guard joined.files.count >= smallestBatch || (!joined.files.isEmpty && progress.hasFinished(sent)) else { return }
                    batchInput.yield(joined)
                    joined = OutputBatch()
                    inFlight += 1
                    sent += 1
                    while inFlight >= depth {
                        // Nil only when the task was cancelled (the writer answers every batch).
                        guard let answer = await replies.next() else { throw BuildFailure.stopped(output: .untouched) }
                        inFlight -= 1
                        if let failure = answer { throw failure }
                    }
                })
                // What is left, the root index with it.
                if !joined.files.isEmpty || !joined.kept.isEmpty { batchInput.yield(joined) }
            } catch {
                value = .failure(error)
            }
            batchInput.finish()
            let written = await group.next()!
            return (value, written)
        }
    }
}

/// How many batches the writer has finished: the renderer sends a small batch early only when it has
/// finished them all, so small batches never queue up behind each other, each with its flushed journal write.
private final class WriterProgress: Sendable {
    private let finished = Atomic<Int>(0)

    func finishedOne() {
        finished.add(1, ordering: .releasing)
    }

    func hasFinished(_ count: Int) -> Bool {
        finished.load(ordering: .acquiring) == count
    }
}
