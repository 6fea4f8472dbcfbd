@testable import BlogpagerCore
import Foundation
import TestSupport
import Testing

/// What the build tells the kernel of a file's cached pages, through its one call (`DiskFile.advise`).
struct DiskFileAdviceTests {
    #if os(Linux)
    /// A range drops its own pages only; an empty range drops none (a length of 0 is the rest of
    /// the file to `posix_fadvise`); no range, the whole file. The bytes stay.
    @Test(.enabled(if: PageResidency.temporaryFolderCanDrop, "the temporary folder keeps its files in memory (tmpfs)")) func aRangeDropsItsPagesAndAnEmptyOneNone() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/spill"
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        // 16 MB, cut at 8 MB: the page cache may hold a file in folios of many pages (up to 2 MB),
        // and a range drops only the folios wholly inside it.
        let (size, half) = (16 << 20, 8 << 20)
        let run = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        let bytes = Array((0..<(size >> 20)).map { _ in run }.joined())
        // On the disk first: a page not yet written is never dropped.
        _ = try DiskFile.replace(path, with: bytes, durable: true)
        let descriptor = open(path, O_RDONLY)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        _ = (try? DiskFile.read(path))  // every page read back into memory
        #expect(PageResidency.residentPages(descriptor: descriptor, length: size) == size / pageSize)
        DiskFile.advise(descriptor, half..<half, .dontNeed)
        #expect(PageResidency.residentPages(descriptor: descriptor, length: size) == size / pageSize)
        DiskFile.advise(descriptor, 0..<half, .dontNeed)
        #expect(PageResidency.residentPages(descriptor: descriptor, length: size) == (size - half) / pageSize)
        DiskFile.advise(path, .dontNeed)
        #expect(PageResidency.residentPages(descriptor: descriptor, length: size) == 0)
        #expect((try? DiskFile.read(path)) == bytes)
    }
    #endif
}
