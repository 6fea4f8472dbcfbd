import BlogpagerCore
import Foundation
import TestSupport
import Testing

/// The rendered pages of a small fixture, compared byte for byte with files
/// under Golden/. Re-record on purpose with `BLOGPAGER_RECORD_GOLDEN=1 swift test`.
struct GoldenSiteTests {
    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Golden")

    static var fixture: SiteFixture {
        var config = SiteConfig()
        config.title = "Golden <Blog>"
        config.baseURL = "https://example.org/blog/"
        config.pageSize = 2
        config.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        return SiteFixture(files: [
            "2016-05-12-first.md": "---\ntitle: First & foremost\ntags: [swift, ios]\n---\nHello *world*.\n\nMore text.\n",
            "second.md": SiteFixture.entry(title: "二番目", date: "2016-05-12 10:00", slug: "二番目", body: "こんにちは。"),
            "third.md": SiteFixture.entry(title: "Third \"quoted\"", date: "2016-06-01T09:00:00-07:00", body: "```swift\nlet x = 1 < 2\n```"),
            "fourth.md": SiteFixture.entry(title: "Fourth", date: "2017-01-01", extra: "summary: Short.\n"),
            "fifth.md": SiteFixture.entry(title: "Fifth", date: "2017-02-02", body: "Teaser.\n\n<!--more-->\n\nRest."),
        ], config: config)
    }

    /// The same bytes however the build runs: plain, and with the tactics of a large archive
    /// (articles spilled to a file and read back, files read ahead, pages handed back).
    @Test(arguments: BuildExecutionKind.allCases)
    func pagesMatchTheGoldenFiles(execution kind: BuildExecutionKind) async throws {
        let spill = try TemporaryFolder()
        defer { spill.remove() }
        let execution: any BuildExecution = kind == .plain ? PlainExecution() : LargeArchiveExecution(spillFolder: spill.path)
        let site = try await Self.fixture.build(execution: execution)
        let record = kind == .plain && ProcessInfo.processInfo.environment["BLOGPAGER_RECORD_GOLDEN"] == "1"
        let compared = site.files.filter { !$0.path.string.hasPrefix("assets/") }
        if record {
            try? FileManager.default.removeItem(at: Self.goldenFolder)
        }
        for file in compared {
            let golden = Self.goldenFolder.appending(path: file.path.string)
            if record {
                try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.bytes).write(to: golden)
                continue
            }
            let expected = try Data(contentsOf: golden)
            #expect(expected == Data(file.bytes), "\(file.path) differs from its golden file")
        }
        let recorded = try FileManager.default.subpathsOfDirectory(atPath: Self.goldenFolder.path)
            .filter { !$0.hasSuffix("/") && !FileManager.default.isDirectory(Self.goldenFolder.appending(path: $0)) }
        #expect(Set(recorded) == Set(compared.map(\.path.string)), "the set of output files changed")
    }

    @Test func theSameInputGivesTheSameBytes() async throws {
        let first = try await Self.fixture.build()
        // The same files handed over in the opposite order.
        var input = try Self.fixture.input()
        input.sources.reverse()
        let second = try await SiteBuilder().build(input, options: BuildOptions(now: Self.fixture.now, program: .tests))
        #expect(first.files == second.files)
    }
}

extension FileManager {
    fileprivate func isDirectory(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        return fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
    }
}
