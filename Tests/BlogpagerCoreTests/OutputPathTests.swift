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
}
