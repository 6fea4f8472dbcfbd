import Foundation

/// Hands a large file's pages to the disk and out of memory as it is written, for a file that
/// nothing reads again soon: the user's highlight cache of a huge archive. Written whole at the
/// end of that build, its pages had the kernel find room at once, and it found it by dropping
/// the folder entries and inodes the next build looks at, even with memory free. Every `interval` bytes,
/// `POSIX_FADV_DONTNEED` over all written so far starts the write of the pages not yet on the
/// disk and drops those that are (by then nearly all but the latest run's); none is lost. A file
/// under `interval` is left as it is.
struct WriteBehind: Sendable {
    let descriptor: Int32
    let interval: Int
    private var written = 0
    /// Where the pages were last handed back: all written before it.
    private(set) var handedBack = 0

    init(descriptor: Int32, interval: Int = 64 << 20) {
        self.descriptor = descriptor
        self.interval = interval
    }

    /// `count` more bytes are written.
    mutating func wrote(_ count: Int) {
        written += count
        guard written - handedBack >= interval else { return }
        handedBack = written
        DiskFile.advise(descriptor, 0..<written, .dontNeed)
    }
}
