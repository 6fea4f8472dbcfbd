import Foundation

/// One build at a time per output folder: an exclusive `flock` on
/// `.blogpager/lock`. The kernel lets go of it when the process ends, however
/// it ends, so a killed build never leaves a folder locked. While held, the
/// file holds the holder's process id, for the message of a build that waits;
/// it is emptied on release, so a folder at rest always has the same bytes.
struct BuildLock: ~Copyable, Sendable {
    private let lock: FileLock
    /// True when this build made `.blogpager/` to hold the lock: if it writes
    /// nothing, `releaseLeavingNoTrace` takes it away again.
    let madeStateFolder: Bool
    private let state: StateFolder

    /// Takes the lock, waiting (checking ten times a second) while another build holds it.
    /// A task cancelled while it waits stops with nothing done.
    static func acquire(_ state: StateFolder, waiting: WhenLocked) async throws(BuildFailure) -> BuildLock {
        var noticed = false
        while true {
            switch try attempt(state) {
            case .taken(let lock):
                return lock
            case .held(let holder):
                guard case .wait(let notice) = waiting else {
                    throw BuildFailure(.error(
                        at: SourceLocation(path: state.output.shown),
                        "another build is writing to this folder\(holder.map { " (pid \($0))" } ?? ""); \(state.output.shown) was left as it was; run again once it has finished, or without --no-wait to wait for it"))
                }
                if !noticed {
                    notice(holder)
                    noticed = true
                }
                do {
                    try await Task.sleep(for: .milliseconds(100))
                } catch {
                    throw BuildFailure.stopped(output: .untouched)
                }
            }
        }
    }

    /// Takes the lock if no other build holds it (for callers that cannot wait).
    static func take(_ state: StateFolder) throws(BuildFailure) -> BuildLock {
        switch try attempt(state) {
        case .taken(let lock): return lock
        case .held(let holder):
            throw BuildFailure(.error(at: SourceLocation(path: state.output.shown),
                                      "another build is writing to this folder\(holder.map { " (pid \($0))" } ?? ""); \(state.output.shown) was left as it was"))
        }
    }

    private enum Attempt: ~Copyable {
        case taken(BuildLock)
        case held(by: Int32?)
    }

    private static func attempt(_ state: StateFolder) throws(BuildFailure) -> Attempt {
        let madeFolder = !state.exists
        let attempt: FileLock.Attempt
        do {
            try state.files.makeFolder(state.path)
            attempt = try FileLock.attempt(state.path(of: .lock), in: state.files)
        } catch {
            throw BuildFailure(.error(at: SourceLocation(path: state.output.shown),
                                      "cannot lock the output folder: \(SystemErrorText.reason(error)); \(state.output.shown) was left as it was"))
        }
        switch consume attempt {
        case .held(let holder):
            return .held(by: holder)
        case .taken(let lock):
            // The folder is ours: no build runs here, so what a killed one left beside the records goes.
            state.removeLeftovers()
            return .taken(BuildLock(lock: lock, madeStateFolder: madeFolder, state: state))
        }
    }

    private init(lock: consuming FileLock, madeStateFolder: Bool, state: StateFolder) {
        self.lock = lock
        self.madeStateFolder = madeStateFolder
        self.state = state
    }

    /// Empties the file and lets go.
    consuming func release() {}

    /// For a build that wrote nothing: lets go, and removes what taking the
    /// lock made (`.blogpager/`, and `out/` itself if it was made for it), so
    /// `out/` is exactly as it was.
    consuming func releaseLeavingNoTrace(madeOutput: Bool) {
        if madeStateFolder {
            state.files.remove(state.path(of: .lock))
            state.files.removeFolder(state.path)
            if madeOutput { state.files.removeFolder(state.output.resolved) }
        }
    }
}

/// What a build does when another build holds its output folder's lock.
public enum WhenLocked: Sendable {
    /// Fail at once, naming the other build.
    case fail
    /// Wait for it, after telling `notice` its process id (nil if unknown).
    case wait(notice: @Sendable (Int32?) -> Void)
}
