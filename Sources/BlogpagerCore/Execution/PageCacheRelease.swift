import Foundation

/// Hands the kernel back the memory of files a large build is done with: sources read for the
/// last time, outputs once they are on the disk. A build that reads and writes more than the
/// machine's memory leaves the kernel to make room by letting go of whatever was used least
/// lately, the outputs' inodes and folders among them, and the next build's look at each output
/// (`ReuseLookup`) then reads them back from the disk, most of its time the kernel's. The bytes are never read again by the build, so they go first: opened, and their
/// cached pages dropped (`POSIX_FADV_DONTNEED`, which leaves a page not yet written: none is lost).
///
/// Only a large build drops anything: one done with more than `threshold` bytes, an eighth of the
/// machine's memory (an ordinary blog drops none, and the next build finds them all in memory
/// still).
public struct PageCacheRelease: Sendable {
    /// How many bytes a build is done with before it counts as large.
    let threshold: Int
    /// How many of the latest bytes are kept even then: written pages the kernel has not put on the
    /// disk yet cannot be dropped (it writes back once a tenth of memory is waiting, by default).
    let behind: Int
    private var waiting: [(paths: [String], bytes: Int)] = []
    private var waitingBytes = 0
    private var doneBytes = 0

    init(threshold: Int = Self.eighthOfMemory, behind: Int) {
        self.threshold = threshold
        self.behind = behind
    }

    /// For files written: the latest eighth of memory kept, the rest of a large build's dropped.
    static func written() -> PageCacheRelease { PageCacheRelease(behind: eighthOfMemory) }

    /// For sources read for the last time: a large build's dropped at once.
    static func read() -> PageCacheRelease { PageCacheRelease(behind: 0) }

    static var eighthOfMemory: Int { Int(clamping: ProcessInfo.processInfo.physicalMemory / 8) }

    /// The build is done with these files (`bytes` in all): drops what is due, and gives its paths.
    @discardableResult
    mutating func doneWith(_ paths: [String], bytes: Int) -> [String] {
        guard !paths.isEmpty else { return [] }
        waiting.append((paths, bytes))
        waitingBytes += bytes
        doneBytes += bytes
        guard doneBytes > threshold else { return [] }
        var due: [String] = []
        while let oldest = waiting.first, waitingBytes - oldest.bytes >= behind {
            due += oldest.paths
            waitingBytes -= oldest.bytes
            waiting.removeFirst()
        }
        return Self.drop(due)
    }

    /// The build is done: a large one drops what it kept behind too (a page the kernel has yet to
    /// write stays; the call starts its write), and gives those paths.
    @discardableResult
    mutating func finish() -> [String] {
        guard doneBytes > threshold else { return [] }
        defer {
            waiting = []
            waitingBytes = 0
        }
        return Self.drop(waiting.flatMap(\.paths))
    }

    private static func drop(_ paths: [String]) -> [String] {
        guard !paths.isEmpty else { return [] }
        _ = paths.parallelMap { DiskFile.advise($0, .dontNeed) }
        return paths
    }
}
