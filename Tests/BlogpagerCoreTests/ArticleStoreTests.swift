@testable import BlogpagerCore
import Foundation
import TestSupport
import Testing

/// The articles between the entries' step and the streams': the same back from a file
/// in the output's state folder as from memory, and no file left there.
struct ArticleStoreTests {
    static let articles: [(position: Int, html: String)] = [
        (0, "<article id=\"a\">First</article>\n"),
        (2, ""),
        (3, "<article>日本語の記事 — ✓</article>"),
    ]

    @Test(arguments: [true, false]) func articlesComeBackAsStored(spilled: Bool) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var store = ArticleStore(count: 6, spillFolder: spilled ? folder.path : nil)
        store.store(Self.articles)
        store.store([(5, String(repeating: "<p>long</p>", count: 20_000))])
        #expect(store[0] == "<article id=\"a\">First</article>\n")
        #expect(store[1] == nil)
        #expect(store[2] == "")
        #expect(store[3] == "<article>日本語の記事 — ✓</article>")
        #expect(store[4] == nil)
        #expect(store[5]?.utf8.count == 11 * 20_000)
        // Asked for ahead (held, spilled and never stored alike), they read back the same.
        store.readAhead([5, 4, 3, 2, 1, 0])
        #expect(store[3] == "<article>日本語の記事 — ✓</article>" && store[5]?.utf8.count == 11 * 20_000)
        // Read from many threads at once, as the streams' pages are.
        let read = (0..<64).parallelMap { store[3 + $0 % 3] }
        #expect(read.filter { $0 == "<article>日本語の記事 — ✓</article>" }.count == 22)
        #expect(read.filter { $0 == nil }.count == 21 && read.filter { $0?.utf8.count == 220_000 }.count == 21)
        #expect(try folder.snapshot("").isEmpty, "the spill file is unlinked at once")
    }

    /// A spill file cut short under the build (by another process, a full disk that truncated it)
    /// gives no article: the fragment that needs it is not written half empty, the build fails.
    @Test func anArticleCutFromTheSpillFileIsAnErrorNotAnEmptyOne() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let spill = try #require(SpillFile(folder: folder.path))
        var store = ArticleStore(count: 2, spill: spill)
        store.store([(0, "<article>whole</article>"), (1, "<article>cut</article>")])
        #expect(try store.article(at: 0) == "<article>whole</article>")
        #expect(ftruncate(spill.descriptor, 30) == 0)
        #expect(throws: ArticleStore.Unreadable.self) { try store.article(at: 1) }
        #expect(try store.article(at: 0) == "<article>whole</article>")
    }

    @Test func aFolderThatCannotBeWrittenKeepsThemInMemory() {
        var store = ArticleStore(count: 2, spillFolder: "/nonexistent-folder-for-blogpager-tests")
        store.store([(1, "<article>kept</article>")])
        #expect(store[1] == "<article>kept</article>")
    }
}

extension ArticleStore {
    /// The article at `position`, nil where there is none: what these tests compare.
    subscript(position: Int) -> String? {
        try? article(at: position)
    }
}
