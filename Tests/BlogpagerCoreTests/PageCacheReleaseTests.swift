@testable import BlogpagerCore
import Foundation
import TestSupport
import Testing

/// A large build gives the kernel back the pages of what it wrote, oldest first, once enough
/// was written after them; a small one never.
struct PageCacheReleaseTests {
    /// Written files: once the build is large, each batch goes when `behind` more bytes follow it, the rest at the end.
    @Test func aLargeBuildsBatchGoesOnceEnoughFollowsIt() {
        var release = PageCacheRelease(threshold: 150, behind: 100)
        #expect(release.doneWith(["a"], bytes: 60).isEmpty)
        #expect(release.doneWith(["b1", "b2"], bytes: 50).isEmpty)
        #expect(release.doneWith([], bytes: 0).isEmpty)
        #expect(release.doneWith(["c"], bytes: 30).isEmpty)  // 140 done: not large yet
        #expect(release.doneWith(["d"], bytes: 30) == ["a"])
        #expect(release.doneWith(["e"], bytes: 200) == ["b1", "b2", "c", "d"])
        #expect(release.doneWith(["f"], bytes: 99).isEmpty)
        #expect(release.doneWith(["g"], bytes: 1) == ["e"])
        #expect(release.finish() == ["f", "g"])
        #expect(release.finish().isEmpty)
    }

    /// Sources read for the last time: a large build's all go, at once.
    @Test func aLargeBuildsSourcesGoAtOnce() {
        var release = PageCacheRelease(threshold: 100, behind: 0)
        #expect(release.doneWith(["a"], bytes: 60).isEmpty)
        #expect(release.doneWith(["b"], bytes: 60) == ["a", "b"])
        #expect(release.doneWith(["c"], bytes: 1) == ["c"])
        #expect(release.finish().isEmpty)
    }

    @Test func aSmallBuildDropsNothing() {
        for var release in [PageCacheRelease.written(), PageCacheRelease.read()] {
            #expect(release.threshold >= 64 << 20)
            for batch in 0..<40 { #expect(release.doneWith(["page-\(batch)"], bytes: 1_000_000).isEmpty) }
            #expect(release.finish().isEmpty)
        }
    }

    #if os(Linux)
    /// On a disk's file system the pages of a file on the disk leave memory and its bytes stay.
    @Test(.enabled(if: PageResidency.temporaryFolderCanDrop, "the temporary folder keeps its files in memory (tmpfs)")) func theDroppedFilesPagesLeaveMemoryAndItsBytesStay() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/page.html"
        let bytes = (0..<1_048_576).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try DiskFile.replace(path, with: bytes, durable: true)
        #expect(PageResidency.residentPages(path) > 0)
        var release = PageCacheRelease(threshold: 0, behind: 0)
        #expect(release.doneWith([path], bytes: bytes.count) == [path])
        #expect(PageResidency.residentPages(path) == 0)
        #expect((try? DiskFile.read(path)) == bytes)
    }
    #endif
}
