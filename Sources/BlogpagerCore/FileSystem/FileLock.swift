import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive lock on a file, holding the holder's process id while held and emptied when let
/// go. On the disk it is a `flock`, which the kernel lets go of when the process ends, however it
/// ends; in memory (`FileSystem.memory()`), a name the tree holds until released.
struct FileLock: ~Copyable, Sendable {
    private enum Held: Sendable {
        case descriptor(Int32)
        case memory(MemoryFiles, path: String)
    }

    private let held: Held

    enum Attempt: ~Copyable {
        case taken(FileLock)
        /// Another holds it, with its process id where it wrote one.
        case held(by: Int32?)
    }

    /// Takes the lock of the file at `path` (made if missing) unless another holds it.
    static func attempt(_ path: String, in files: FileSystem) throws -> Attempt {
        switch files.backing {
        case .memory(let tree):
            return try tree.lock(path) ? .taken(FileLock(held: .memory(tree, path: path))) : .held(by: nil)
        case .disk:
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw POSIXError.current }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                // Its holder's id, where it wrote one: for the message of who waits; none read is none named.
                let holder = (try? DiskFile.read(path)).flatMap { Int32(String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) }
                close(descriptor)
                return .held(by: holder)
            }
            // A holder that wrote nothing may have removed the file since we opened it: a lock
            // on a file no longer there locks nothing. Try again.
            var opened = stat()
            guard fstat(descriptor, &opened) == 0, let current = FileIdentity(itemAt: path), current.inode == UInt64(opened.st_ino) else {
                close(descriptor)
                return try attempt(path, in: files)
            }
            let pid = Array("\(getpid())\n".utf8)
            _ = ftruncate(descriptor, 0)
            _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress!, pid.count, 0) }
            return .taken(FileLock(held: .descriptor(descriptor)))
        }
    }

    private init(held: Held) {
        self.held = held
    }

    /// Empties the file and lets go (`deinit` does it).
    consuming func release() {}

    deinit {
        switch held {
        case .descriptor(let descriptor):
            _ = ftruncate(descriptor, 0)
            close(descriptor)
        case .memory(let tree, let path):
            tree.unlock(path)
        }
    }
}
