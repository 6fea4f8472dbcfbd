@testable import BlogpagerCore
import Testing

/// A path read back from the build's records is held to the rules of one made by the build.
struct OutputPathTests {
    static let recorded = [
        "index.json", "posts/entry-5/index.html", "tags/café/page/2/index.html", "fragments/a-1f2e3d.html",
        "", "/", "/posts", "posts/", "posts//x", ".hidden", "posts/.hidden/x", "posts/./x", "posts/../x", "..",
        "posts\\x", "posts/a\u{1}b", "posts/a\u{7F}b", "posts/a\tb", String(repeating: "a", count: 255), String(repeating: "é", count: 128),
    ]

    @Test(arguments: recorded)
    func aRecordedPathIsCheckedAsTheBuildChecksIt(_ string: String) {
        let checked = Result { () throws(OutputPath.Invalid) in
            try OutputPath(string.split(separator: "/", omittingEmptySubsequences: false).map(String.init))
        }
        let read = Result { () throws(OutputPath.Invalid) in try OutputPath(recorded: string) }
        switch (checked, read) {
        case (.success(let checked), .success(let read)):
            #expect(read.segments == checked.segments && read.string == string)
        case (.failure(let checked), .failure(let read)):
            #expect(read.message == checked.message)
        default:
            Issue.record("\(string.debugDescription): \(checked) but read as \(read)")
        }
    }

    /// The path is kept as its string: its segments and its name are read from it.
    @Test(arguments: [(["index.json"], "index.json"), (["posts", "entry-5", "index.html"], "index.html"),
                      (["tags", "café", "page", "2", "index.html"], "index.html"), (["fragments", "a-1f2e3d.html"], "a-1f2e3d.html")])
    func segmentsAndNameComeFromTheString(_ segments: [String], _ name: String) throws {
        let path = try OutputPath(segments)
        #expect(path.segments == segments)
        #expect(path.name == name)
        #expect(path.string == segments.joined(separator: "/"))
        #expect(try path.appending("x.html").segments == segments + ["x.html"])
    }

    /// The URL that serves a file: each segment percent-encoded, a folder's `index.html` left off.
    @Test(arguments: [
        (["index.html"], "/blog/"), (["index.json"], "/blog/index.json"), (["posts", "entry-5", "index.html"], "/blog/posts/entry-5/"),
        (["tags", "c++ & c#", "page", "2", "index.html"], "/blog/tags/c%2B%2B%20%26%20c%23/page/2/"),
        (["日記", "index.html"], "/blog/%E6%97%A5%E8%A8%98/"), (["posts", "xindex.html"], "/blog/posts/xindex.html"),
        (["index.html", "feed.xml"], "/blog/index.html/feed.xml"), (["\u{0600}", "index.html"], "/blog/%D8%80/"),
    ])
    func urlPathEncodesEachSegmentAndLeavesOffAFoldersPage(_ segments: [String], _ expected: String) throws {
        #expect(try OutputPath(segments).urlPath(basePath: "/blog") == expected)
        #expect(try OutputPath(segments).urlPath(basePath: "") == String(expected.dropFirst("/blog".count)))
    }
}
