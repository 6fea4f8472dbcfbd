@testable import BlogpagerCore
import Testing
import Yams

/// A plain scalar's tag, worked out from the rules its first character allows, is the tag
/// Yams's default resolver gives it, for every kind of text front matter holds.
struct PlainScalarTagsTests {
    static let whole = [
        "", "~", "null", "Null", "NULL", "nULL", "yes", "Yes", "YES", "yEs", "no", "No", "NO", "true",
        "True", "TRUE", "false", "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF", "y", "n",
        "0", "-0", "+1", "12", "1_000", "0b101", "-0b1", "0o17", "017", "0x1F", "+0xff", "190:20:30",
        "1.5", "-1.5e3", ".5", ".5E+3", "1e10", "+.inf", "-.Inf", ".INF", ".nan", ".NaN", "190:20:30.15",
        "<<", "=", "2024-03-01", "2024-3-1T10:20:30Z", "2014-01-01T06:00:00+01:00",
        "2010-06-12 23:10:00", "2001-12-14 21:59:43.10 -5", "2024-03-01x", "1.2.3", "v1.0",
        "entry-009861", "post", "jekyll update", "Welcome to Jekyll!", "日本語", "émigré", "null\n",
        "\n", "yes\r", "--- x", "- a", "~user", "<b>", "=x", "0.1.2-beta", "+", "-", ".", "nullx",
    ]
    static let firsts: [String] = (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) }
        + ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "\t", "é", "日", "\u{FEFF}"]
    static let rests = [
        "", "es", "ES", "o", "O", "rue", "RUE", "alse", "ALSE", "n", "N", "ff", "FF", "ull", "ULL",
        "1", "23", "_0", ".5", "e3", "x1F", "b101", "o17", ":30", ":30.5", "inf", "nan", "<",
        "024-03-01", "024-03-01T10:20:30+09:00", "\n", " x", "\u{2028}", "-x",
    ]

    @Test func everyPlainScalarGetsYamssOwnTag() {
        let texts = Self.whole + Self.firsts.flatMap { first in Self.rests.map { first + $0 } }
        var differing: [String] = []
        for text in texts where PlainScalarTags.name(ofPlain: text) != Resolver.default.resolveTag(of: Node(text)) {
            differing.append(text)
        }
        #expect(differing.isEmpty, "tags differ from Yams's for \(differing.map { $0.debugDescription })")
        #expect(texts.count > 3_000)
    }

    @Test func frontMatterValuesKeepTheirTypes() throws {
        let yaml = "slug: entry-1\ndate: 2014-01-01T06:00:00+01:00\ndraft: false\nweight: 3\nratio: 0.5\nnote: ~\nquoted: 'true'\nlayout: post\n"
        let fields = try YAMLMappingReader(path: "p.md").read(yaml).get()
        let values = Dictionary(uniqueKeysWithValues: fields.map { ($0.key, $0.value) })
        #expect(values["slug"] == .string("entry-1"))
        #expect(values["date"] == .string("2014-01-01T06:00:00+01:00"))
        #expect(values["draft"] == .bool(false))
        #expect(values["weight"] == .int(3))
        #expect(values["ratio"] == .double(0.5))
        #expect(values["note"] == .null)
        #expect(values["quoted"] == .string("true"))
        #expect(values["layout"] == .string("post"))
    }
}
