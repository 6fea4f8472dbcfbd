@testable import BlogpagerCore
import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Files and spill-file ranges asked of the disk before the workers read them: the
/// kernel really reads them in, the batched map gives what `map` gives, in order,
/// and a range list is asked for as few spans as it covers.
struct ReadAheadTests {
    static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// How many of a file's pages the page cache holds (`mincore` on a mapping of it).
    static func residentPages(_ path: String) -> Int {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return -1 }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size > 0 else { return 0 }
        let length = Int(info.st_size)
        guard let address = mmap(nil, length, PROT_READ, MAP_SHARED, descriptor, 0), address != UnsafeMutableRawPointer(bitPattern: -1) else { return -1 }
        defer { munmap(address, length) }
        var pages = [UInt8](repeating: 0, count: (length + pageSize - 1) / pageSize)
        guard mincore(address, length, &pages) == 0 else { return -1 }
        return pages.filter { $0 & 1 != 0 }.count
    }

    /// Writes the file, flushes it and asks the kernel to let its pages go.
    static func writeEvicted(_ path: String, pages: Int) throws {
        let bytes = (0..<(pages * pageSize)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 / 4096) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        fsync(descriptor)
        _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED)
    }

    /// Whether this machine's temporary folder can have its pages let go (not tmpfs).
    static let pageCacheCanBeEmptied: Bool = {
        guard let folder = try? TemporaryFolder() else { return false }
        defer { folder.remove() }
        let path = folder.path + "/probe"
        guard (try? writeEvicted(path, pages: 4)) != nil else { return false }
        return residentPages(path) == 0
    }()

    @Test(.enabled(if: pageCacheCanBeEmptied, "the temporary folder keeps its pages in memory (tmpfs)"))
    func filesAskedForAreReadIntoThePageCache() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let paths = (0..<4).map { folder.path + "/entry-\($0).md" }
        for path in paths { try Self.writeEvicted(path, pages: 16) }
        #expect(paths.map(Self.residentPages) == [0, 0, 0, 0])
        let readAhead = ReadAhead()
        readAhead.request(Array(paths[1...2]) + [folder.path + "/missing.md"])
        readAhead.wait()
        // The reads were started, not awaited: give the disk a moment to finish them.
        var resident = paths.map(Self.residentPages)
        for _ in 0..<50 where resident[1] < 16 || resident[2] < 16 {
            Thread.sleep(forTimeInterval: 0.02)
            resident = paths.map(Self.residentPages)
        }
        #expect(resident == [0, 16, 16, 0])
    }

    @Test(arguments: [0, 5, 1024, 1025, 2500])
    func theBatchedMapGivesWhatMapGivesInOrder(count: Int) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("present.md", "text")
        let items = Array(0..<count)
        // Every third has no file, every fifth a file that is not there: neither matters to the results.
        let mapped = items.parallelMap(readingAhead: { item in
            item % 3 == 0 ? nil : folder.path + (item % 5 == 0 ? "/absent-\(item).md" : "/present.md")
        }) { $0 * $0 + 1 }
        #expect(mapped == items.map { $0 * $0 + 1 })
        let small = items.parallelMap(readingAhead: { _ in nil }, batch: 7) { String($0) }
        #expect(small == items.map { String($0) })
    }

    @Test func rangesAreAskedForAsTheSpansTheyCover() {
        #expect(ReadAhead.merged([]) == [])
        #expect(ReadAhead.merged([10..<20, 0..<5, 5..<8, 19..<25, 30..<30, 40..<41]) == [0..<8, 10..<25, 40..<41])
        #expect(ReadAhead.merged([0..<100, 10..<20]) == [0..<100])
    }
}
