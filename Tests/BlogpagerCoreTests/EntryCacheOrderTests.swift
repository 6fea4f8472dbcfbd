@testable import BlogpagerCore
import Foundation
import TestSupport
import Testing

/// `EntryCache` holds its entries as a list in path order, not a dictionary by path.
struct EntryCacheOrderTests {
    /// The cache keeps its entries in the byte order of their paths and finds them by binary
    /// search: entries handed over in any order (here newest first, as the archive holds them)
    /// are each found, a path given twice is held once, and a path it never held finds nothing.
    @Test func entriesInAnyOrderAreFoundByTheirPaths() async throws {
        let fixture = SiteBuilderTests.archive(23)
        let first = try await fixture.build()
        let key = EntryCache.key(program: .tests, config: fixture.config)
        var entries = first.archive.entries
        #expect(!zip(entries, entries.dropFirst()).allSatisfy { $0.source.relativePath.precedesInBytes($1.source.relativePath) })
        let twice = try #require(entries.first { $0.source.relativePath == "post-7.md" })
        entries.append(twice)
        let cache = EntryCache(key: key, entries: entries)
        #expect(cache.count == 23)
        for entry in first.archive.entries {
            #expect(cache.entry(for: entry.source, key: key)?.entry.title == entry.title, "\(entry.source.relativePath)")
        }
        var stranger = twice.source
        stranger.relativePath = "post-7b.md"
        #expect(cache.entry(for: stranger, key: key) == nil)
        #expect(cache.entry(for: twice.source, key: "another key") == nil)
        var edited = twice.source
        edited.identity += "-edited"
        #expect(cache.entry(for: edited, key: key) == nil)
    }
}
