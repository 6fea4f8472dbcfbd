@testable import BlogpagerCore
import Testing

/// The entry cache keeps an entry's params in a tagged form of its own (`ParamsRecord`):
/// every kind of value comes back as it was, and a damaged one is not read.
struct ParamsRecordTests {
    static let rich: [String: FrontMatterValue] = [
        "release": .bool(true), "hidden": .bool(false), "none": .null,
        "count": .int(-42), "largest": .int(Int.max), "ratio": .double(0.1), "negative zero": .double(-0.0), "huge": .double(1e300),
        "text": .string("tab\tnew\nline\r\\ \u{1F} é 日本 🦀 s3:x i1;"), "empty": .string(""),
        "list": .list([.int(1), .string("two"), .list([]), .map([:])]),
        "extra": .map(["team": .string("Release"), "team_url": .string("https://www.rust-lang.org/governance/teams/release"),
                       "nested": .map(["deep": .list([.null, .bool(true)])])]),
        "é": .string("a key that is not ASCII"),
    ]

    @Test func paramsReadBackAsWritten() throws {
        let bytes = ParamsRecord.encode(Self.rich)
        #expect(ParamsRecord.decode(bytes[...]) == Self.rich)
        #expect(ParamsRecord.encode(Self.rich) == bytes, "the same params, the same bytes")
        let negativeZero = try #require(ParamsRecord.decode(bytes[...])?["negative zero"])
        guard case .double(let zero) = negativeZero else { Issue.record("not a double"); return }
        #expect(zero.sign == .minus)
        guard case .double(let notANumber)? = ParamsRecord.decode(ParamsRecord.encode(["x": .double(.nan)])[...])?["x"] else {
            Issue.record("NaN not read back")
            return
        }
        #expect(notANumber.isNaN)
    }

    @Test func damagedParamsAreNotRead() {
        let bytes = ParamsRecord.encode(Self.rich)
        for cut in [0, 1, 2, bytes.count / 2, bytes.count - 1] {
            #expect(ParamsRecord.decode(bytes.prefix(cut)) == nil, "cut at \(cut)")
        }
        #expect(ParamsRecord.decode((bytes + [UInt8(ascii: "n")])[...]) == nil, "something after them")
        for text in ["x", "s1:a", "m1:", "m1:1:ai;", "m1:1:ai1", "m1:1:ad12", "m1:1:al2:n", "m99:", "m1:9:a", "m-1:", "m1:1:aq"] {
            #expect(ParamsRecord.decode(Array(text.utf8)[...]) == nil, "\(text)")
        }
        #expect(ParamsRecord.decode(Array("m1:1:ai1;".utf8)[...]) == ["a": .int(1)])
        var deep = FrontMatterValue.null
        for _ in 0..<600 { deep = .list([deep]) }
        #expect(ParamsRecord.decode(ParamsRecord.encode(["deep": deep])[...]) == nil, "nested past the bound")
    }

    /// Through an entry cache line: the entry's params come back with it, the rest as before.
    @Test func anEntrysParamsComeBackFromItsCacheLine() throws {
        let source = SourceFile(displayPath: "content/post.md", relativePath: "post.md", filePath: "/site/content/post.md", identity: "12 3.4 5", in: .disk)
        let entry = Entry(cursor: Cursor(date: EntryDate(epochSeconds: 1_700_000_000), slug: "post"), title: "A post", source: source,
                          outputPath: OutputPath(literal: "post/index.html"), url: "/post/", tags: ["swift"], summarySource: nil,
                          isDraft: false, updated: nil, params: Self.rich)
        let line = try #require(EntryRecord.line(entry))
        let read = try #require(EntryRecord.entry(line[...]))
        #expect(read.params == Self.rich && read.title == "A post" && read.tags == ["swift"] && read.url == "/post/")
        #expect(!line.contains(0x0A) && !line.contains(0x1F))
    }
}
