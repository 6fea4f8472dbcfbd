import BlogpagerServer
import Testing

struct RequestPathTests {
    @Test(arguments: [
        "/../etc/passwd", "/a/../../etc/passwd", "/%2e%2e/etc/passwd", "/%2E%2E/%2e%2e/etc/passwd",
        "/.%2e/x", "/a/%2e/b", "/a%2fb", "/a%2F..%2F..%2Fetc%2Fpasswd", "/..%5c..%5cetc", "/a\\b",
        "/%00", "/a%0a", "/%zz", "/%e", "/%ff%fe", "/.blogpager/manifest.json", "/.git/config",
        "etc/passwd", "", "//..//etc",
    ])
    func refusesWhatCouldLeaveTheFolder(_ raw: String) {
        #expect(RequestPath(raw: raw) == nil)
    }

    @Test func decodesSegmentsAndKeepsTheTrailingSlash() throws {
        let path = try #require(RequestPath(raw: "/2016/05/12/%E6%97%A5%E6%9C%AC/"))
        #expect(path.segments == ["2016", "05", "12", "日本"])
        #expect(path.endsWithSlash)
        #expect(path.relativePath == "2016/05/12/日本")
        let root = try #require(RequestPath(raw: "/"))
        #expect(root.segments.isEmpty && root.relativePath == "")
        #expect(RequestPath(raw: "//fragments//a.html")?.segments == ["fragments", "a.html"])
        #expect(RequestPath(raw: "/a%20b.txt")?.segments == ["a b.txt"])
        #expect(RequestPath(raw: "/.well-known/security.txt")?.segments == [".well-known", "security.txt"])
        #expect(RequestPath(raw: "/index.json")?.endsWithSlash == false)
    }
}
