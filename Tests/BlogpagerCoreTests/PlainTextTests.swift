@testable import BlogpagerCore
import PropertyBased
import Testing

/// An entry's plain text (its first paragraph's, a heading's for its id): the words joined by
/// single spaces, split where Swift's characters are a space or a line feed.
struct PlainTextTests {
    static func reference(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    static let pieces = [" ", "  ", "\n", "\r", "\r\n", "a", "word", "é", "e\u{301}", " \u{301}", "\n\u{301}",
                         "日本", "\u{600}", "\u{600} ", "\u{200D}", " \u{200D}", "\t", "-", "👍🏽"]

    @Test func wordsAreJoinedAsCharactersSplitThem() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0...(Self.pieces.count - 1)).array(of: 0...24)) { picks in
            let text = picks.map { Self.pieces[$0] }.joined()
            #expect(MarkdownRenderer.joiningWords(Array(text.utf8)) == Self.reference(text))
        }
        #expect(MarkdownRenderer.joiningWords(Array("  two  words\nhere ".utf8)) == "two words here")
        #expect(MarkdownRenderer.joiningWords(Array("a \u{301}b".utf8)) == "a \u{301}b")
    }

    @Test func firstParagraphAndHeadingsFromMarkdown() {
        let rendered = MarkdownRenderer(headingIDs: .github).render("# A *big*  `title`\n\nSome\ntext with `code` and [a link](x).\n\nMore.\n")
        #expect(rendered.firstParagraphText == "Some text with code and a link.")
        #expect(rendered.html.contains("id=\"a-big-title\""))
    }
}
