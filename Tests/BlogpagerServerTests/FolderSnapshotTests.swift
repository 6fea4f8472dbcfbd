import BlogpagerServer
import Foundation
import TestSupport
import Testing

struct FolderSnapshotTests {
    @Test func seesAddedChangedAndRemovedFilesButNotHiddenOnesOrBackups() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let root = folder.url.path
        try FileManager.default.createDirectory(atPath: root + "/posts", withIntermediateDirectories: true)
        try Data("one".utf8).write(to: URL(fileURLWithPath: root + "/posts/a.md"))
        try Data("two".utf8).write(to: URL(fileURLWithPath: root + "/b.md"))
        let before = FolderSnapshot(paths: [root])
        #expect(before.stamps.count == 2)
        #expect(FolderSnapshot(paths: [root]) == before)

        try Data("ignored".utf8).write(to: URL(fileURLWithPath: root + "/posts/.a.md.swp"))
        try Data("ignored".utf8).write(to: URL(fileURLWithPath: root + "/posts/a.md~"))
        #expect(FolderSnapshot(paths: [root]) == before)

        try Data("one, longer".utf8).write(to: URL(fileURLWithPath: root + "/posts/a.md"))
        try Data("three".utf8).write(to: URL(fileURLWithPath: root + "/c.md"))
        try FileManager.default.removeItem(atPath: root + "/b.md")
        let after = FolderSnapshot(paths: [root])
        #expect(after.changes(since: before) == [root + "/b.md", root + "/c.md", root + "/posts/a.md"])
    }

    /// The output folder inside a watched site root is not watched: a build that writes it is no change.
    @Test func anExcludedFolderIsLeftOutWithAllItHolds() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let root = folder.url.path
        try folder.write("content/a.md", "one")
        try folder.write("out/index.html", "built")
        let output = URL(fileURLWithPath: root + "/out").standardizedFileURL.path
        let before = FolderSnapshot(paths: [root], excluding: [output])
        #expect(before.stamps.keys.sorted() == [root + "/content/a.md"])
        try folder.write("out/page/index.html", "built again")
        #expect(FolderSnapshot(paths: [root], excluding: [output]) == before)
        #expect(FolderSnapshot(paths: [root]) != before)
    }

    @Test func aMissingPathIsEmptyNotAnError() {
        #expect(FolderSnapshot(paths: ["/no/such/folder/anywhere"]).stamps.isEmpty)
    }
}
