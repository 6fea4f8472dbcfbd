@testable import BlogpagerCore
import Foundation
import TestSupport
import Testing

/// Bytes kept on the disk until later in the build: read back by range, in any order, and their
/// pages handed back once read for the last time.
struct SpillFileTests {
    @Test func rangesReadBackWhatWasAppended() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let spill = try #require(SpillFile(folder: folder.path))
        let first = try #require(spill.append(Array("first spans".utf8)))
        let second = try #require(spill.append(Array("second".utf8)))
        #expect(spill.read(second) == Array("second".utf8))
        #expect(spill.read(first) == Array("first spans".utf8))
    }

    #if os(Linux)
    @Test(.enabled(if: PageResidency.temporaryFolderCanDrop, "the temporary folder keeps its files in memory (tmpfs)")) func releasedPagesLeaveMemoryAndTheirBytesStay() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let spill = try #require(SpillFile(folder: folder.path))
        let bytes = (0..<1_048_576).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        let range = try #require(spill.append(bytes))
        let later = try #require(spill.append(bytes))
        try DiskFile.flushData(spill.descriptor)
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        spill.releasePages(before: range.upperBound)
        #expect(PageResidency.residentPages(descriptor: spill.descriptor, length: later.upperBound) == later.count / pageSize)
        #expect(spill.read(range) == bytes)
        #expect(spill.read(later) == bytes)
    }
    #endif
}
