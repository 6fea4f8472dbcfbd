/// The loop a theme lists its posts with (`{% for post in paginator.posts %}`), found in a page's or a
/// layout's text, and the elements around it: the one that holds it (minima's `ul.post-list`), and for a
/// table the table itself. The archive's cursor pages are copies of that element, each holding one page's
/// iterations of the loop, inside a feed (`JekyllThemeList`).
struct JekyllListLoop: Sendable {
    /// Where the cursor pages go: copies of the loop's element inside a `div` of ours, or `tbody`s of the theme's own table.
    enum Shape: Sendable { case list, table }

    /// The text around the list, in order: the table that is the feed (`table` shape), what it holds before the
    /// pages, the loop's element's start tag, what it holds before the loop, the loop, what follows it in the element,
    /// the element's end tag, what the table holds after, the table's end tag. Empty where a shape has none.
    enum Piece: Int, CaseIterable {
        case feedOpen, feedBefore, pageOpen, pageBefore, loop, pageAfter, pageClose, feedAfter, feedClose
    }

    let shape: Shape
    /// Each piece's place in the text.
    let pieces: [Range<String.Index>]
    /// The loop's variable (`post`) and its tags' own text.
    let variable: String
    let forTag: ThemeMarkupScan.LiquidTag
    let endforTag: ThemeMarkupScan.LiquidTag
    /// Where one iteration's text ends: the loop's own `{% else %}` (what it writes for no posts), else its `endfor`.
    let bodyEnd: String.Index
    /// A table whose rows the loop writes straight into it: each cursor page is a `tbody` of ours.
    let addsRowGroup: Bool

    /// The loops over posts in `text`, each by its place among all the text's `for` loops: over `paginator.posts`,
    /// `site.posts`, or a collection (`site.notes`), whole (no `limit`, `offset`, `reversed`), or over a variable assigned one of them whole.
    static func postLoops(in text: String, collections: Set<String>) -> [Int] {
        let tags = ThemeMarkupScan.liquidTags(in: text)
        var assigned: [String: String] = [:]
        var loops: [Int] = []
        var number = 0
        for tag in tags {
            if tag.name == "assign" {
                let parts = tag.markup.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2 { assigned[parts[0]] = parts[1] }
            }
            guard tag.name == "for" else { continue }
            defer { number += 1 }
            let words = tag.markup.split(whereSeparator: \.isWhitespace).map(String.init)
            guard words.count >= 3, words[1] == "in" else { continue }
            if words.count > 3 { continue }  // limit:, offset:, reversed
            let source = assigned[words[2]] ?? words[2]
            if source == "paginator.posts" || source == "site.posts" || (source.hasPrefix("site.") && collections.contains(String(source.dropFirst(5)))) {
                loops.append(number)
            }
        }
        return loops
    }

    /// The `number`th `for` loop of `text` and the elements around it; nil where it is not in an element the
    /// archive can copy (a loop straight in `body`, one whose element does not close in the same text).
    init?(text: String, number: Int) {
        let tags = ThemeMarkupScan.liquidTags(in: text)
        let fors = tags.indices.filter { tags[$0].name == "for" }
        guard fors.indices.contains(number) else { return nil }
        let opening = fors[number]
        let blocks: Set<String> = ["for", "if", "unless", "case", "tablerow", "capture"]
        var depth = 0
        var closing: Int?
        var elseTag: Int?
        for index in tags.indices.dropFirst(opening + 1) {
            let name = tags[index].name
            if blocks.contains(name) { depth += 1 }
            if name == "else", depth == 0, elseTag == nil { elseTag = index }
            if name.hasPrefix("end"), blocks.contains(String(name.dropFirst(3))) {
                if depth == 0 {
                    if name == "endfor" { closing = index }
                    break
                }
                depth -= 1
            }
        }
        guard let closing else { return nil }
        bodyEnd = tags[elseTag ?? closing].range.lowerBound
        forTag = tags[opening]
        endforTag = tags[closing]
        let words = forTag.markup.split(whereSeparator: \.isWhitespace)
        guard let name = words.first else { return nil }
        variable = String(name)
        let open = ThemeMarkupScan.openElements(in: text[..<forTag.range.lowerBound])
        guard let parent = open.last, !["html", "head", "body"].contains(parent.name),
              let parentClose = ThemeMarkupScan.closing(parent.name, in: text[endforTag.range.upperBound...]) else { return nil }
        let loop = forTag.range.lowerBound..<endforTag.range.upperBound
        let empty = { (at: String.Index) in at..<at }
        switch parent.name {
        case "tbody", "thead", "tfoot":
            // The table around the row group is the feed; the row group, copied, a page.
            guard open.count >= 2, open[open.count - 2].name == "table",
                  let tableClose = ThemeMarkupScan.closing("table", in: text[parentClose.upperBound...]) else { return nil }
            let table = open[open.count - 2]
            shape = .table
            addsRowGroup = false
            pieces = [table.range, table.range.upperBound..<parent.range.lowerBound, parent.range, parent.range.upperBound..<loop.lowerBound, loop,
                      loop.upperBound..<parentClose.lowerBound, parentClose, parentClose.upperBound..<tableClose.lowerBound, tableClose]
        case "table":
            shape = .table
            addsRowGroup = true
            pieces = [parent.range, parent.range.upperBound..<loop.lowerBound, empty(loop.lowerBound), empty(loop.lowerBound), loop,
                      empty(loop.upperBound), empty(loop.upperBound), loop.upperBound..<parentClose.lowerBound, parentClose]
        default:
            shape = .list
            addsRowGroup = false
            pieces = [empty(parent.range.lowerBound), empty(parent.range.lowerBound), parent.range, parent.range.upperBound..<loop.lowerBound, loop,
                      loop.upperBound..<parentClose.lowerBound, parentClose, empty(parentClose.upperBound), empty(parentClose.upperBound)]
        }
    }

    /// The text from the feed's start to its end.
    var extent: Range<String.Index> { pieces[0].lowerBound..<pieces[Piece.feedClose.rawValue].upperBound }

    func range(_ piece: Piece) -> Range<String.Index> { pieces[piece.rawValue] }
}
