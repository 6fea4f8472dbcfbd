import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Bytes a build holds until later in the same build, kept on the disk instead of in
/// memory: a file without a name in a folder of the output's (`.blogpager/`), so nothing
/// is left behind, even by a kill. Where the file system cannot make one (`O_TMPFILE`),
/// a named file unlinked as soon as it is opened: a kill between the two leaves it, and
/// the next build sweeps it away as it takes the lock (`StateFolder.removeLeftovers`). Appended to
/// from any thread, read back by range. Closed (and so gone) with its last reference.
final class SpillFile: Sendable {
    let descriptor: Int32
    /// Where the next append goes: taken under the lock, written outside it.
    private let end = Mutex(0)

    /// Nil where the folder cannot take a file: the caller keeps the bytes in memory.
    init?(folder: String) {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
        let unnamed = open(folder, O_RDWR | Self.unnamedFile | O_CLOEXEC, 0o600)
        if unnamed >= 0 {
            descriptor = unnamed
            return
        }
        #endif
        let path = LocalPath.joined(folder, Self.namePrefix + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))" + Self.nameSuffix)
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        unlink(path)
        self.descriptor = descriptor
    }

    #if os(Linux) && (arch(x86_64) || arch(arm64))
    /// `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), a macro Swift does not import: the kernel's
    /// generic value, which x86-64 and ARM64 use (a few other architectures have their own).
    private static let unnamedFile: Int32 = 0o20000000 | O_DIRECTORY
    #endif

    /// A named spill file's name: `.spill-<pid>-<random>.tmp`.
    static let namePrefix = ".spill-"
    static let nameSuffix = ".tmp"

    deinit { close(descriptor) }

    /// Where the bytes went; nil where they could not be written (a full disk): the
    /// caller keeps them in memory.
    func append(_ bytes: UnsafeRawBufferPointer) -> Range<Int>? {
        let start = end.withLock { end in
            defer { end += bytes.count }
            return end
        }
        var done = 0
        while done < bytes.count {
            let count = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(start + done))
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            done += count
        }
        return start..<(start + bytes.count)
    }

    func append(_ bytes: [UInt8]) -> Range<Int>? {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Asks the kernel to start reading a range `append` gave (`ReadAhead`).
    func adviseWillNeed(_ range: Range<Int>) {
        DiskFile.advise(descriptor, range, .willNeed)
    }

    /// Hands the pages before `offset` back to the kernel, once their bytes are read for the last
    /// time: read again, they come from the disk. A page not yet on the disk stays (the call
    /// starts its write); none is lost.
    func releasePages(before offset: Int) {
        DiskFile.advise(descriptor, 0..<offset, .dontNeed)
    }

    /// The bytes of a range `append` gave; nil on a short read (the file cut under us).
    func read(_ range: Range<Int>) -> [UInt8]? {
        let bytes = [UInt8](unsafeUninitializedCapacity: range.count) { buffer, initialized in
            var done = 0
            while done < range.count {
                let count = pread(descriptor, buffer.baseAddress! + done, range.count - done, off_t(range.lowerBound + done))
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                done += count
            }
            initialized = done
        }
        return bytes.count == range.count ? bytes : nil
    }
}
