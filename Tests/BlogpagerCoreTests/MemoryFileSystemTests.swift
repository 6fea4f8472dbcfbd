@testable import BlogpagerCore
import Foundation
import TestSupport
import Testing

/// A whole build, records and all, in a tree held in memory (`FileSystem.memory()`): the same
/// files, byte for byte, as the same site built on the disk, and the same incremental rebuilds.
struct MemoryFileSystemTests {
    static let files = [
        "blogpager.yml": "title: In memory\nbase_url: https://example.org/\npage_size: 2\n",
        "content/a.md": "---\ntitle: A\ndate: 2024-03-01\ntags: [x]\n---\nFirst [link](b.md).\n",
        "content/b.md": "---\ntitle: B\ndate: 2024-03-02\ntags: [x, y]\n---\nSecond.\n",
        "content/c.md": "---\ntitle: C\ndate: 2024-03-03\n---\nThird.\n",
        "content/static/robots.txt": "User-agent: *\n",
        "templates/shortcodes/unused.mustache": "-",
    ]

    static func write(_ files: [String: String], under root: String, in fileSystem: FileSystem) throws {
        for (path, text) in files {
            let full = root + "/" + path
            try fileSystem.makeFolder(String(full[..<full.lastIndex(of: "/")!]))
            try fileSystem.replace(full, with: Array(text.utf8))
        }
    }

    /// Every file below `folder`, by its path there.
    static func snapshot(_ folder: String, in fileSystem: FileSystem) throws -> [String: [UInt8]] {
        var found: [String: [UInt8]] = [:]
        for case (let path, .file) in fileSystem.walk(folder).items { found[path] = try fileSystem.read(folder + "/" + path) }
        return found
    }

    static func job(root: String, in fileSystem: FileSystem) -> BuildJob {
        BuildJob(contentFolder: root + "/content", outputFolder: root + "/out", configPath: root + "/blogpager.yml",
                 templatesFolder: root + "/templates", program: .tests, in: fileSystem)
    }

    static let now = Date(timeIntervalSince1970: 1_900_000_000)

    @Test func aSiteBuiltInMemoryIsTheSiteBuiltOnTheDisk() async throws {
        let memory = FileSystem.memory()
        try Self.write(Self.files, under: "/site", in: memory)
        let inMemory = try await Self.job(root: "/site", in: memory).run(now: Self.now)

        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Self.write(Self.files, under: folder.path, in: .disk)
        let onDisk = try await Self.job(root: folder.path, in: .disk).run(now: Self.now)

        #expect(inMemory.summary == onDisk.summary)
        // The site's files, not the records (they hold each file system's own inodes and times).
        let memoryFiles = try Self.snapshot("/site/out", in: memory).filter { !$0.key.hasPrefix(".blogpager/") }
        let diskFiles = try Self.snapshot(folder.path + "/out", in: .disk).filter { !$0.key.hasPrefix(".blogpager/") }
        #expect(memoryFiles.keys.sorted() == diskFiles.keys.sorted())
        for (path, bytes) in diskFiles { #expect(memoryFiles[path] == bytes, "\(path) differs") }
        #expect(memoryFiles["robots.txt"] == Array("User-agent: *\n".utf8))
        // Nothing of it reached the disk.
        #expect(FileSystem.disk.item(at: "/site/out") == nil || FileSystem.disk.item(at: "/site/out/.blogpager/manifest.json") == nil)
    }

    @Test func rebuildsInMemoryKeepWhatIsUnchanged() async throws {
        let memory = FileSystem.memory()
        try Self.write(Self.files, under: "/site", in: memory)
        let first = try await Self.job(root: "/site", in: memory).run(now: Self.now)
        #expect(first.site != nil)
        #expect(memory.item(at: "/site/out/.blogpager/files") != nil && memory.item(at: "/site/out/.blogpager/journal") == nil)

        let again = try await Self.job(root: "/site", in: memory).run(now: Self.now)
        #expect(again.site == nil, "nothing changed since the last build")

        try Self.write(["content/d.md": "---\ntitle: D\ndate: 2024-03-04\n---\nFourth.\n"], under: "/site", in: memory)
        let added = try await Self.job(root: "/site", in: memory).run(now: Self.now)
        #expect(added.summary.entries == 4)
        #expect(added.report.written.contains(OutputPath(literal: "posts/d/index.html")))
        // The oldest entry's page is as it was: kept, not written again.
        #expect(!added.report.written.contains(OutputPath(literal: "posts/a/index.html")))
        #expect(added.report.unchanged > 0)

        #expect(memory.remove("/site/content/d.md"))
        let removed = try await Self.job(root: "/site", in: memory).run(now: Self.now)
        #expect(removed.report.removed.contains("posts/d/index.html"))
        #expect(memory.item(at: "/site/out/posts/d/index.html") == nil)
    }

    @Test func aSecondBuildWaitsOrFailsWhileTheLockIsHeld() async throws {
        let memory = FileSystem.memory()
        try Self.write(Self.files, under: "/site", in: memory)
        let state = OutputFolder("/site/out", in: memory).state
        let held = try BuildLock.take(state)
        await #expect(throws: BuildFailure.self) { try await Self.job(root: "/site", in: memory).run(now: Self.now) }
        held.release()
        #expect(try await Self.job(root: "/site", in: memory).run(now: Self.now).site != nil)
    }
}

/// Failures that once passed unseen: a damaged record of the last build and an unreadable folder
/// are each a finding that names them, and the site comes out as it should.
struct SilentFailureTests {
    @Test(arguments: [StateFolder.Record.renderCache, .entryCache, .staticFiles, .lastBuild])
    func aDamagedRecordIsAWarningAndTheBuildDoesTheWorkAgain(record: StateFolder.Record) async throws {
        let memory = FileSystem.memory()
        try MemoryFileSystemTests.write(MemoryFileSystemTests.files, under: "/site", in: memory)
        let first = try await MemoryFileSystemTests.job(root: "/site", in: memory).run(now: MemoryFileSystemTests.now)
        let path = "/site/out/.blogpager/\(record.rawValue)"
        var lines = String(decoding: try memory.read(path), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        lines[1] = "damaged\tline"
        try memory.replace(path, with: Array(lines.joined(separator: "\n").utf8))
        try MemoryFileSystemTests.write(["content/c.md": "---\ntitle: C\ndate: 2024-03-03\n---\nThird, again.\n"], under: "/site", in: memory)
        let again = try await MemoryFileSystemTests.job(root: "/site", in: memory).run(now: MemoryFileSystemTests.now)
        let damage = again.summary.warnings.filter { $0.message.contains("damaged") }
        #expect(damage.map(\.location) == [SourceLocation(path: "/site/out/.blogpager/\(record.rawValue)", line: 2)], "\(again.summary.warnings)")
        #expect(first.site != nil && again.site != nil)
        // The same site as a clean build of the edited files makes.
        let clean = FileSystem.memory()
        try MemoryFileSystemTests.write(MemoryFileSystemTests.files.merging(["content/c.md": "---\ntitle: C\ndate: 2024-03-03\n---\nThird, again.\n"]) { $1 },
                                        under: "/site", in: clean)
        _ = try await MemoryFileSystemTests.job(root: "/site", in: clean).run(now: MemoryFileSystemTests.now)
        let rebuilt = try MemoryFileSystemTests.snapshot("/site/out", in: memory).filter { !$0.key.hasPrefix(".blogpager/") }
        #expect(rebuilt == (try MemoryFileSystemTests.snapshot("/site/out", in: clean).filter { !$0.key.hasPrefix(".blogpager/") }))
        #expect(String(decoding: rebuilt["posts/c/index.html"] ?? [], as: UTF8.self).contains("Third, again."))
    }

    /// A record of another version (an upgrade's first build meets the last one's) is no damage.
    @Test func aRecordOfAnotherVersionIsNoWarning() async throws {
        let memory = FileSystem.memory()
        try MemoryFileSystemTests.write(MemoryFileSystemTests.files, under: "/site", in: memory)
        _ = try await MemoryFileSystemTests.job(root: "/site", in: memory).run(now: MemoryFileSystemTests.now)
        try memory.replace("/site/out/.blogpager/render-cache", with: Array("blogpager render-cache 0 old\nx\ty\n".utf8))
        try MemoryFileSystemTests.write(["content/c.md": "---\ntitle: C\ndate: 2024-03-03\n---\nThird, again.\n"], under: "/site", in: memory)
        let again = try await MemoryFileSystemTests.job(root: "/site", in: memory).run(now: MemoryFileSystemTests.now)
        #expect(!again.summary.warnings.contains { $0.message.contains("damaged") })
    }

    /// A folder of a Jekyll root that cannot be listed (`work/`, with its `_posts/`) is an error at
    /// it: its posts are not silently left out.
    @Test func anUnreadableFolderIsAnErrorAtIt() async throws {
        let memory = FileSystem.memory()
        try MemoryFileSystemTests.write([
            "_config.yml": "title: Jekyll\n",
            "_posts/2016-05-12-one.md": "---\ntitle: One\n---\nOne.\n",
            "work/_posts/2016-05-13-two.md": "---\ntitle: Two\n---\nTwo.\n",
        ], under: "/jekyll", in: memory)
        memory.refuseReading("/jekyll/work")
        let job = BuildJob(contentFolder: "/jekyll", outputFolder: "/out", program: .tests, in: memory)
        do {
            _ = try await job.run(now: MemoryFileSystemTests.now)
            Issue.record("a site with an unreadable folder built")
        } catch {
            #expect(error.diagnostics.map(\.description).contains("/jekyll/work:1:1: error: cannot read folder: permission denied"),
                    "\(error.diagnostics)")
        }
    }
}
