@testable import BlogpagerCore
import Foundation
import Testing

/// The readers' bounds: the TOML shapes toml++ must not see, YAML aliases that name billions of
/// values, the Markdown library's quadratic shapes, a file over the size bound, messages of one line.
struct BoundedInputTests {
    /// (TOML, line, column, words of the message): each shape on which toml++ 3.4 fails an assertion
    /// or reaches undefined behaviour, refused at its place.
    @Test(arguments: [
        ("title = \"x\"\n[\nx = 1", 2, 2, "table header needs a name"),
        ("[[[[[", 1, 3, "table header needs a name"),
        ("[ = 1]", 1, 3, "table header needs a name"),
        ("a = [1, }]", 1, 9, "'}' inside an array"),
        ("a = [\n  }\n]", 2, 3, "'}' inside an array"),
        ("d = 1979-05-27T", 1, 16, "needs a time after its 'T'"),
        ("d = 1979-05-27T:00", 1, 16, "needs a time after its 'T'"),
        ("d = [1009-05-12t x]", 1, 17, "needs a time after its 'T'"),
        ("d = 2016-05-12 1\n", 1, 16, "is not a time"),
        ("d = [2016-05-12 1]", 1, 17, "is not a time"),
        ("d = 20_16-05-12 1,", 1, 17, "is not a time"),
        ("caf\u{E9} = 1", 1, 4, "outside a quoted string"),
        ("a = \"x\" \u{E9}", 1, 9, "outside a quoted string"),
        ("a = 1 \u{416}", 1, 7, "outside a quoted string"),
        ("[a \u{E9}]", 1, 4, "outside a quoted string"),
        ("a = { b = \u{E9} }", 1, 11, "outside a quoted string"),
        ("s = \"\"\"a\\\u{E9}\"\"\"", 1, 10, "no escape TOML knows"),
        ("s = \"\"\"a\\  \u{416}\"\"\"", 1, 12, "no escape TOML knows"),
        ("a = \"x\"\u{0}b = 1", 1, 8, "NUL"),
    ])
    func tomlShapesTheParserCannotTakeAreRefusedWhereTheyAre(toml: String, line: Int, column: Int, words: String) throws {
        let problem = try #require(TOMLPreCheck.check(toml).failure)
        #expect((problem.line, problem.column) == (line, column), "\(problem)")
        #expect(problem.message.contains(words), "\(problem.message)")
        // Through the reader too, at the same place of the file, and TOMLKit never sees it.
        let failure = try #require(TOMLMappingReader(path: "post.md", firstLine: 2).read(toml).failure)
        #expect(failure.location == SourceLocation(path: "post.md", line: line + 1, column: column))
    }

    /// Real TOML, written every way the spec allows, passes untouched: the check is never stricter than a TOML reader.
    @Test(arguments: [
        "title = \"Caf\u{E9} \u{65E5}\u{672C}\"\ndate = 2016-05-12T10:00:00+09:00\n",
        "d1 = 1979-05-27 07:32:00Z\nd2 = 1979-05-27t07:32:00\nd3 = 1979-05-27\nt = 07:32:00.999\n",
        "a = [ 1, 2.5e3, -inf, nan, 0xDEAD_BEEF, 0o17, 0b1010, +1_000 ]\nb = [\n  \"x\", # a comment \u{E9}\n  [1, [2]],\n  { c = 1 },\n]\n",
        "[params]\n  x = { y = { z = [true, false] } }\n[[menu.main]]\n  name = 'Caf\u{E9}'\n[\"quoted key\".'other']\nk = 1\n",
        "s = \"\"\"\nline one\n  line \u{E9} two \\\n   still one\"\"\"\nl = '''\nraw \\ \u{416}'''\n",
        "\"caf\u{E9}\" = 1\n'\u{65E5}' = 2\na.\"b\u{E9}\".c = 3\n# \u{E9}t\u{E9}\n",
        "",
    ])
    func validTOMLPassesAsWritten(toml: String) throws {
        #expect(try TOMLPreCheck.check(toml).get() == toml)
        _ = try TOMLMappingReader(path: "post.md").read(toml).get()
    }

    /// After a line-ending backslash, toml++ asks of the next character whether it is a blank, which
    /// for `é` has no defined answer: it gets the same string with that character as its escape.
    @Test func aCharacterAfterALineEndingBackslashReachesTheParserAsItsEscape() throws {
        let toml = "s = \"\"\"a \\\n    \u{E9}crit \\\n  \u{1F600}\"\"\"\n"
        #expect(try TOMLPreCheck.check(toml).get() == "s = \"\"\"a \\\n    \\u00E9crit \\\n  \\U0001F600\"\"\"\n")
        let fields = try TOMLMappingReader(path: "post.md").read(toml).get()
        #expect(fields.first?.value == .string("a \u{E9}crit \u{1F600}"))
    }

    @Test func tomlNestedThousandsDeepIsRefusedNotOverflowed() throws {
        for toml in ["[" + Array(repeating: "a", count: 20_000).joined(separator: ".") + "]\nx = 1",
                     "k = " + String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000),
                     String(repeating: "a.", count: 150) + "b = 1"] {
            let failure = try #require(TOMLMappingReader(path: "config.toml").read(toml).failure)
            #expect(failure.message.contains("nested more than \(TOMLPreCheck.maximumDepth) deep"))
        }
        _ = try TOMLMappingReader(path: "config.toml").read(String(repeating: "a.", count: 90) + "b = 1").get()
    }

    /// A character no value starts with, where a value belongs, ends the scan: the parser reports it.
    @Test func theCheckEndsOnEveryText() {
        for toml in ["a = [\r]", "a = [1,\r 2]", "a = {\r}", "a = \r", "[a]\r", "a = [[[[\r"] {
            #expect(TOMLPreCheck.check(toml).failure == nil)
        }
    }

    /// Nine lines of aliases of aliases name a billion values: the reader stops at a million.
    @Test func yamlAliasesThatNameBillionsOfValuesAreRefused() throws {
        var lines = ["title: x", "b0: &b0 [x, x, x, x, x, x, x, x, x, x]"]
        for level in 1...8 { lines.append("b\(level): &b\(level) [" + Array(repeating: "*b\(level - 1)", count: 10).joined(separator: ", ") + "]") }
        let failure = try #require(YAMLMappingReader(path: "post.md", firstLine: 2).read(lines.joined(separator: "\n")).failure)
        #expect(failure.message.contains("aliases"))
        #expect(failure.location.line >= 2)
        // A few aliases, as real configs use them (defaults shared between scopes), read as before.
        let shared = try YAMLMappingReader(path: "_config.yml").read("a: &v {layout: post}\nb: *v\n").get()
        #expect(shared.map(\.key) == ["a", "b"])
    }

    @Test func aRepeatedKeyKeepsItsLastValueInLinearTime() throws {
        let yaml = (0..<20_000).map { "k\($0 % 100): \($0)" }.joined(separator: "\n")
        let fields = try YAMLMappingReader(path: "_config.yml", keysMayRepeat: true).read(yaml).get()
        #expect(fields.count == 100)
        #expect(fields.first { $0.key == "k7" }?.value == .int(19_907))
    }

    /// (Markdown, the line refused, words): the library's quadratic shapes, a few hundred KB each.
    @Test(arguments: [
        (String(repeating: "![[]()", count: 100_000), 10, "image openers"),
        ("Intro.\n\n" + String(repeating: "![", count: 20_000) + String(repeating: "[]()", count: 20_000), 12, "image openers"),
        ("a | b\n-|-\n" + String(repeating: "| ", count: 100_000), 12, "'|'"),
        ("a\n" + String(repeating: "|", count: 40_000) + "\n" + String(repeating: "|-", count: 10), 11, "'|'"),
        // Lines longer than the sixteen bytes read at once: one of spaces and tabs is blank, one with a word is not.
        ("Intro with more than sixteen bytes.\n" + String(repeating: " \t", count: 20) + "\r\n" + String(repeating: "![", count: 20_000)
            + String(repeating: "[]()", count: 20_000), 12, "image openers"),
        (String(repeating: "![", count: 20_000) + "\n" + String(repeating: " ", count: 20) + "x" + String(repeating: " ", count: 20) + "\n"
            + String(repeating: "[]()", count: 20_000), 10, "image openers"),
    ])
    func quadraticMarkdownIsRefusedBeforeTheLibrarySeesIt(markdown: String, line: Int, words: String) throws {
        let problem = try #require(MarkdownLimits.check(markdown, firstLine: 10))
        #expect(problem.line == line)
        #expect(problem.message.contains(words))
    }

    /// The largest shapes real posts have: a gallery of a thousand images in one paragraph, a table
    /// of 50 columns and 20,000 rows, Rust's `#![…]` in code, nested emphasis (linear in the library).
    @Test func realPostsNeverMeetTheBounds() {
        let gallery = (0..<1_000).map { "[![photo \($0)](p\($0).jpg)](p\($0)-large.jpg)" }.joined(separator: " ")
        let header = "|" + (0..<50).map { " c\($0) |" }.joined() + "\n|" + String(repeating: "---|", count: 50) + "\n"
        let table = header + String(repeating: "|" + String(repeating: " [x](y) |", count: 50) + "\n", count: 20_000)
        let rust = "```rust\n" + String(repeating: "#![allow(dead_code)]\nlet v = vec![[1, 2], [3, 4]];\n", count: 2_000) + "```\n"
        let emphasis = String(repeating: "*a **a ", count: 50_000) + "b" + String(repeating: " a** a*", count: 50_000)
        for markdown in [gallery, table, rust, emphasis] {
            #expect(MarkdownLimits.check(markdown, firstLine: 1) == nil)
        }
    }

    @Test func aFileOverTheSizeBoundIsRefusedWithHowToRaiseIt() throws {
        var config = SiteConfig()
        config.maximumEntryBytes = 1_000_000
        let text = "---\ntitle: Big\ndate: 2016-05-12\n---\n" + String(repeating: "word ", count: 300_000)
        let source = SourceFile(displayPath: "content/big.md", relativePath: "big.md", bytes: Array(text.utf8))
        let failure = try #require(EntryReader(config: config, now: Date()).read(source).failure)
        #expect(failure.diagnostics.map(\.description) == [
            "content/big.md:1:1: error: file is 1.5 MB, more than the 1 MB blogpager reads in one entry or page (a bound that keeps one file "
                + "from stalling a build); if it is meant to be this long, raise the bound with --max-entry-size 2",
        ])
        config.maximumEntryBytes = 2_000_000
        #expect(throws: Never.self) { try EntryReader(config: config, now: Date()).read(source).get() }
    }

    @Test func aFindingIsOneLineWhateverItQuotes() {
        let finding = Diagnostic.error(at: SourceLocation(path: "a\nb.md", line: 2, column: 3), "saw '\u{2028}' and '\r' and\nmore\u{0}")
        #expect(finding.description == "a\\nb.md:2:3: error: saw '\\u{2028}' and '\\r' and\\nmore\\u{0}")
        #expect(Diagnostic.warning(at: SourceLocation(path: "a.md"), "tab\tkept").description == "a.md:1:1: warning: tab\tkept")
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { failure } else { nil }
    }
}
