@testable import BlogpagerCore
import Foundation
import TestSupport
import Testing

/// What the content folder's scan finds, in the order the build reads it.
struct ContentScannerTests {
    /// Sources come in the order of their paths, though the walk lists a folder's names in order
    /// (`a`'s files before `a-b`'s, where by path `a-b/` comes before `a/`); a page bundle's other
    /// files go beside its entry, and a file beside no bundle's index is left out.
    @Test func sourcesComeInTheOrderOfTheirPaths() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let files = ["a/x.md", "a-b/y.md", "a.b/z.md", "a/b/w.md", "b.md", "a0.md", "Z.md", "bundle/index.md", "bundle/photo.png", "loose/notes.txt"]
        for file in files { try folder.write(file, "---\ntitle: T\ndate: 2020-01-01\n---\nBody.\n") }
        let found = ContentScanner(folder: folder.path, in: .disk).scan()
        let expected = ["Z.md", "a-b/y.md", "a.b/z.md", "a/b/w.md", "a/x.md", "a0.md", "b.md", "bundle/index.md"]
        #expect(found.sources.map(\.relativePath) == expected)
        #expect(found.sources.map(\.relativePath) == found.sources.map(\.relativePath).sorted())
        #expect(found.bundleResources.keys.sorted() == ["bundle"])
        #expect(found.bundleResources["bundle"]?.map(\.name) == ["photo.png"])
        #expect(found.diagnostics.isEmpty)
    }
}
