@testable import BlogpagerCore
import Foundation
import Testing

/// The file a client reads first stays small whatever the size of the
/// archive, the parts hold every page once, in order, and publishing
/// rewrites only the newest part.
struct IndexFilesTests {
    /// A newest-first chain of `count` pages, ids as the pager makes them.
    static func index(pages count: Int, headID: String = "2030-01-01-00000000") -> CursorIndex {
        var ids = [headID]
        for number in 1..<max(1, count) {
            let hash = UInt32(truncatingIfNeeded: number &* 2_654_435_761)
            ids.append(String(format: "%04d-%02d-%02d-%08x", 2029 - number / 300, 1 + number % 12, 1 + number % 28, hash))
        }
        var pages: [CursorIndex.PageEntry] = []
        for position in 0..<count {
            let id = ids[position]
            pages.append(CursorIndex.PageEntry(
                id: id, url: position == 0 ? "/" : "/page/\(id)/", fragment: "/fragments/\(id).0123456789abcdef.html", count: 10,
                first: CursorIndex.CursorValue(date: "2020-01-01T00:00:00Z", slug: "entry-\(position)-a-longer-slug-like-real-ones"),
                last: CursorIndex.CursorValue(date: "2020-01-01T00:00:00Z", slug: "entry-\(position)-z-longer-slug-like-real-ones"),
                newer: position == 0 ? nil : ids[position - 1], older: position + 1 < count ? ids[position + 1] : nil))
        }
        return CursorIndex(
            version: CursorIndex.formatVersion, generator: "blogpager", stream: .init(kind: "main", name: "Test", url: "/"),
            order: "newest-first", display_order: "newest-first", entries: 10 * count, page_size: 10,
            front: pages.prefix(1).map { $0.id }, pages: pages)
    }

    static func files(_ index: CursorIndex) -> [IndexFiles.File] {
        IndexFiles(index: index, rootPath: OutputPath(literal: "index.json"), partPath: { OutputPath(literal: "fragments/" + $0) },
                   url: { "/" + $0.string }).files()
    }

    static func json(_ bytes: [UInt8]) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(bytes)) as! [String: Any]
    }

    @Test(arguments: [1, 20, 60, 1_000, 10_000, 50_000])
    func theRootStaysUnderTheLimitAndThePartsHoldEveryPageInOrder(pages: Int) throws {
        let index = Self.index(pages: pages)
        let files = Self.files(index)
        #expect(files[0].path.string == "index.json")
        #expect(files[0].bytes.count <= IndexFiles.rootLimit)
        let root = try Self.json(files[0].bytes)
        let parts = root["parts"] as! [[String: Any]]
        let byURL = Dictionary(uniqueKeysWithValues: files.dropFirst().map { ("/" + $0.path.string, $0.bytes) })
        var ids: [String] = []
        for part in parts {
            let pages: [[String: Any]]
            if let url = part["url"] as? String {
                #expect(part["pages"] == nil)
                pages = try Self.json(byURL[url]!)["pages"] as! [[String: Any]]
            } else {
                pages = part["pages"] as! [[String: Any]]
            }
            #expect(part["count"] as? Int == pages.count)
            #expect(part["entries"] as? Int == 10 * pages.count)
            ids += pages.map { $0["id"] as! String }
        }
        #expect(ids == index.pages.map(\.id))
        // Small streams need one request; large ones are cut into parts.
        #expect((files.count == 1) == (pages <= 40))
    }

    @Test(arguments: [false, true])
    func publishingRewritesOnlyTheNewestPart(headSplits: Bool) {
        let index = Self.index(pages: 2_000)
        let before = Self.files(index)
        // A publish renames the head page (it is named by its newest entry); when the
        // head fills up, its older entries also become a new page right below it.
        var grown = index
        grown.pages[0].id = "2031-01-01-00000000"
        if headSplits {
            var split = grown.pages[0]
            split.id = "2030-12-31-00000001"
            split.url = "/page/\(split.id)/"
            grown.pages.insert(split, at: 1)
        }
        for position in grown.pages.indices {
            grown.pages[position].newer = position == 0 ? nil : grown.pages[position - 1].id
            grown.pages[position].older = position + 1 < grown.pages.count ? grown.pages[position + 1].id : nil
        }
        let after = Self.files(grown)
        let old = Set(before.dropFirst().map(\.path))
        let new = Set(after.dropFirst().map(\.path))
        #expect(before.count > 3)
        #expect(new.subtracting(old).count == 1)
        #expect(old.subtracting(new).count == 1)
    }

    /// A part the last build wrote with the same pages is kept, not encoded: the root names the
    /// same files as when every part is encoded, and a part with other pages is never kept.
    @Test func partsWhosePagesAreUnchangedAreKeptAndTheRootIsTheSame() throws {
        let index = Self.index(pages: 2_000)
        let maker = { (index: CursorIndex) in
            IndexFiles(index: index, rootPath: OutputPath(literal: "index.json"), partPath: { OutputPath(literal: "fragments/" + $0) },
                       url: { "/" + $0.string })
        }
        let before = maker(index).make()
        #expect(before.parts.count > 3 && before.parts.allSatisfy { $0.file != nil && $0.kept == nil })
        // What the last build recorded of each part: its newest page and key, and where it went.
        var recorded: [String: (key: String, file: KeptFile)] = [:]
        for part in before.parts { recorded[part.newestPageID] = (part.key, KeptFile(path: part.path, digest: "-")) }
        var grown = index
        grown.pages[0].id = "2031-01-01-00000000"
        grown.pages[1].newer = grown.pages[0].id
        var keeping = maker(grown)
        keeping.keptPart = { newest, key in recorded[newest].flatMap { $0.key == key ? $0.file : nil } }
        let made = keeping.make()
        let encoded = maker(grown).make()
        #expect(made.root.bytes == encoded.root.bytes)
        #expect(made.parts.map(\.path) == encoded.parts.map(\.path))
        // The head part holds the renamed page and the one that names it: the only one written.
        #expect(made.parts.filter { $0.file != nil }.count == 1 && made.parts[0].file != nil)
        #expect(made.parts.dropFirst().allSatisfy { $0.kept != nil })
        // A part of the same newest page but other pages (a count changed) is written, not kept.
        var recounted = index
        recounted.pages[100].count = 9
        var keepingRecounted = maker(recounted)
        keepingRecounted.keptPart = keeping.keptPart
        let changed = keepingRecounted.make()
        #expect(changed.root.bytes == maker(recounted).make().root.bytes)
        #expect(changed.parts.filter { $0.file != nil }.count == 1)
    }
}
