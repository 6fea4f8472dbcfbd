@testable import BlogpagerCore
import Foundation
import TestSupport
import Testing

/// A large file nothing reads soon leaves memory as it is written: every interval, all written so far.
struct WriteBehindTests {
    @Test func itHandsBackAllWrittenOnceEachIntervalIsFull() {
        var behind = WriteBehind(descriptor: -1, interval: 100)
        behind.wrote(60)
        #expect(behind.handedBack == 0)
        behind.wrote(50)
        #expect(behind.handedBack == 110)
        behind.wrote(99)
        #expect(behind.handedBack == 110)
        behind.wrote(1)
        #expect(behind.handedBack == 210)
    }

    #if os(Linux)
    /// Pages on the disk leave memory at the interval's end; the latest run, under an interval, stays.
    @Test(.enabled(if: PageResidency.temporaryFolderCanDrop, "the temporary folder keeps its files in memory (tmpfs)")) func theWrittenPagesLeaveMemoryAndTheBytesStay() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/highlight-cache"
        let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o644)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        let run = (0..<1_048_576).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        var behind = WriteBehind(descriptor: descriptor, interval: run.count)
        try DiskFile.writeAll(run, to: descriptor)
        // On the disk before the interval ends, as the kernel has put all but the latest run by then.
        try DiskFile.flushData(descriptor)
        #expect(PageResidency.residentPages(descriptor: descriptor, length: run.count) == run.count / pageSize)
        behind.wrote(run.count)
        #expect(PageResidency.residentPages(descriptor: descriptor, length: run.count) == 0)
        try DiskFile.writeAll(Array(run[..<(run.count / 2)]), to: descriptor)
        behind.wrote(run.count / 2)
        #expect(PageResidency.residentPages(descriptor: descriptor, length: run.count * 3 / 2) == run.count / 2 / pageSize)
        #expect((try? DiskFile.read(path)) == run + run[..<(run.count / 2)])
    }

    /// Through `DiskFile.replace`: the file is whole, whatever went from memory.
    @Test func aFileReplacedDroppingBehindIsWhole() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/highlight-cache"
        let runs = (0..<70).map { index in [UInt8](repeating: UInt8(index), count: 1_048_576) }
        try DiskFile.replace(path, dropsBehind: true) { write in
            for run in runs { try run.withUnsafeBytes(write) }
        }
        #expect((try? DiskFile.read(path)) == runs.flatMap { $0 })
    }
    #endif
}
