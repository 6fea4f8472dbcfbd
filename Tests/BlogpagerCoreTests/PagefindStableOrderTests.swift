@testable import BlogpagerCore
import Testing

/// Pagefind's bundle in one order whatever order its hash tables gave: the filter files'
/// values and the meta file's filters sorted, those files named by their content, the entry
/// file pointing at the new meta; a bundle of another shape left as it was.
struct PagefindStableOrderTests {
    static func text(_ string: String) -> CBORValue { .text(Array(string.utf8)) }

    static func file(_ value: CBORValue) -> [UInt8] { Gzip.compress(PagefindStableOrder.signature + value.encoded) }

    static func value(of bytes: [UInt8]) throws -> CBORValue {
        let inner = try #require(Gzip.decompress(bytes))
        #expect(inner.starts(with: PagefindStableOrder.signature))
        return try #require(CBORValue(decoding: inner[PagefindStableOrder.signature.count...]))
    }

    /// A bundle as Pagefind writes it, its tags and filters in the order given.
    static func bundle(tags: [String], filtersFirst tagFirst: Bool, tagFile: String = "ja_1111111", languageFile: String = "ja_2222222") -> [PagefindStableOrder.File] {
        // Each tag on pages of its own, whatever the order it comes in.
        let tagValues = tags.map { CBORValue.array([text($0), .array([.unsigned(UInt64($0.utf8.count)), .unsigned(UInt64($0.utf8.first!) + 300)])]) }
        let tagFilter = CBORValue.array([text("tag"), .array(tagValues)])
        let languageFilter = CBORValue.array([text("language"), .array([.array([text("ja"), .array([.unsigned(0)])])])])
        let filters = [CBORValue.array([text("tag"), text(tagFile)]), .array([text("language"), text(languageFile)])]
        let meta = CBORValue.array([text("1.5.2"), .array([.array([text("ja_ee933fc"), .unsigned(30)])]),
                                    .array([.array([text("0"), text("風"), text("ja_ff52cbb")])]),
                                    .array(tagFirst ? filters : filters.reversed()), .array([]), .array([text("title")])])
        return [
            ("pagefind-entry.json", Array(#"{"version":"1.5.2","languages":{"ja":{"hash":"ja_9882d97246","wasm":null,"page_count":43}}}"#.utf8)),
            ("pagefind.ja_9882d97246.pf_meta", file(meta)),
            ("filter/\(tagFile).pf_filter", file(tagFilter)),
            ("filter/\(languageFile).pf_filter", file(languageFilter)),
            ("index/ja_ff52cbb.pf_index", [1, 2, 3]),
            ("pagefind.js", Array("/* script */".utf8)),
        ]
    }

    @Test func bundlesInAnyOrderComeOutTheSame() throws {
        let tags = ["swift", "日本語", "web", "notes", "books", "travel"]
        let first = try #require(PagefindStableOrder.ordered(Self.bundle(tags: tags, filtersFirst: true)))
        let second = try #require(PagefindStableOrder.ordered(Self.bundle(tags: tags.reversed(), filtersFirst: false, tagFile: "ja_3333333", languageFile: "ja_4444444")))
        #expect(first.map(\.path) == second.map(\.path))
        #expect(zip(first, second).allSatisfy { $0.bytes == $1.bytes })
        // The files it does not rewrite are Pagefind's bytes.
        #expect(first.first { $0.path == "index/ja_ff52cbb.pf_index" }?.bytes == [1, 2, 3])

        // The meta lists the filters by name and names files that are there; the entry file names the meta.
        let metaFile = try #require(first.first { $0.path.hasSuffix(".pf_meta") })
        let meta = try #require(try Self.value(of: metaFile.bytes).arrayValue)
        let filters = try #require(meta[PagefindStableOrder.metaFiltersPosition].arrayValue).map { try #require($0.arrayValue) }
        #expect(filters.map { String(decoding: $0[0].textValue!, as: UTF8.self) } == ["language", "tag"])
        for filter in filters {
            let name = String(decoding: filter[1].textValue!, as: UTF8.self)
            let bytes = try #require(first.first { $0.path == "filter/\(name).pf_filter" }?.bytes)
            let values = try #require(try Self.value(of: bytes).arrayValue?[1].arrayValue)
            let keys = values.map { $0.arrayValue![0].textValue! }
            #expect(keys == keys.sorted { $0.lexicographicallyPrecedes($1) })
        }
        let stem = String(metaFile.path.dropFirst("pagefind.".count).dropLast(".pf_meta".count))
        let entry = String(decoding: try #require(first.first { $0.path == "pagefind-entry.json" }).bytes, as: UTF8.self)
        #expect(entry.contains("\"hash\":\"\(stem)\"") && stem.hasPrefix("ja_") && stem != "ja_9882d97246", "\(entry)")
        #expect(first.count == 6)
    }

    @Test func aBundleOfAnotherShapeIsLeftAsItWas() throws {
        var bundle = Self.bundle(tags: ["a", "b"], filtersFirst: true)
        // A filter file that is not gzip, or whose CBOR is cut short.
        var broken = bundle
        broken[2].bytes = Array("plain".utf8)
        #expect(PagefindStableOrder.ordered(broken) == nil)
        let whole = try #require(Gzip.decompress(bundle[2].bytes))
        broken[2].bytes = Gzip.compress(Array(whole.dropLast()))
        #expect(PagefindStableOrder.ordered(broken) == nil)
        // A meta that names a filter file the bundle does not have.
        bundle.removeAll { $0.path == "filter/ja_2222222.pf_filter" }
        #expect(PagefindStableOrder.ordered(bundle) == nil)
    }

    @Test(arguments: [0, 23, 24, 255, 256, 65_535, 65_536, 4_294_967_295, 4_294_967_296, UInt64.max])
    func cborIntegersReadBackAsWritten(_ number: UInt64) throws {
        let value = CBORValue.array([.unsigned(number), .negative(number), .text(Array("風".utf8)), .bytes([0, 255]),
                                     .map([(Self.text("k"), .simple(22))]), .simple(21)])
        let encoded = value.encoded
        #expect(CBORValue(decoding: encoded[...]) == value)
        #expect(CBORValue(decoding: encoded.dropLast()) == nil)
        #expect(CBORValue(decoding: (encoded + [0])[...]) == nil)
    }

    @Test func cborIsWrittenInItsShortestForm() {
        #expect(CBORValue.unsigned(23).encoded == [0x17])
        #expect(CBORValue.unsigned(24).encoded == [0x18, 24])
        #expect(CBORValue.unsigned(256).encoded == [0x19, 1, 0])
        #expect(Self.text("tag").encoded == [0x63] + Array("tag".utf8))
        #expect(CBORValue.array([]).encoded == [0x80])
        // An indefinite length, a tag and a float are not read.
        #expect(CBORValue(decoding: [0x9F, 0xFF][...]) == nil)
        #expect(CBORValue(decoding: [0xC0, 0x00][...]) == nil)
        #expect(CBORValue(decoding: [0xF9, 0x3C, 0x00][...]) == nil)
    }

    @Test func gzipReadsBackWhatItWroteAndTheSameEachTime() throws {
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 * 7 / 3) }
        let compressed = Gzip.compress(bytes)
        #expect(compressed.starts(with: [0x1F, 0x8B]) && compressed.count < bytes.count)
        #expect(Gzip.compress(bytes) == compressed)
        #expect(Gzip.decompress(compressed) == bytes)
        #expect(Gzip.decompress(Array(compressed.dropLast(4))) == nil)
        #expect(Gzip.decompress(compressed + compressed) == nil)
        #expect(Gzip.decompress(Gzip.compress([])) == [])
    }
}
