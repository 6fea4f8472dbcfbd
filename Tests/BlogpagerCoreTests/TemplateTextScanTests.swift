@testable import BlogpagerCore
import Testing

/// The scan finds every piece wherever `{` and `]` fall, however many stray ones come first.
struct TemplateTextScanTests {
    @Test func piecesAmongStrayBracesAndBrackets() {
        let strays = String(repeating: "] { x ", count: 40)
        let body = "é [a](one.md) \(strays){% raw %}{{ x }}{% endraw %} 日本 ]] {{ site.baseurl }}/p [b](http://x/)\n[c](two.md#top) }{"
        let pieces = TemplateText(syntax: .liquid).scan(body, firstLine: 5)
        let found = pieces.map { String(body[$0.range]) }
        // Liquid is the engine's (`LiquidSite`): the scan finds the Markdown links around it.
        #expect(found == ["one.md", "two.md#top"])
        #expect(pieces.map(\.line) == [5, 6])
        let plain = strays + "[z](three.md)"
        let plainPieces = TemplateText(syntax: .none).scan(plain, firstLine: 1)
        #expect(plainPieces.map { String(plain[$0.range]) } == ["three.md"])
    }
}
