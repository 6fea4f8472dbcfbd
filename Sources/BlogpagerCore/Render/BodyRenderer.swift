import Foundation

/// An entry's or a page's body as its page shows it: the old generator's template text expanded
/// (links to other entries, code, shortcodes, the site's address), its Markdown rendered, its
/// images sized, its summary cut. Made once the check stage knows where every entry is and the
/// static files' sizes; the render stage asks it for each body it shows, reading the source again.
public struct BodyRenderer: Sendable {
    public let config: SiteConfig
    /// Where each entry is, for the links between entries; nil where none are resolved.
    public let links: EntryLinks?
    /// The site's own images' sizes, for `<img>` tags' `width` and `height`.
    public let imageSizes: ImageSizes
    /// The site's templates, for its own shortcodes (`templates/shortcodes/NAME.mustache`).
    public let shortcodes: TemplateSet?
    /// A Jekyll site's Liquid: its `site` object, its includes, Jekyll's filters and tags.
    public let liquid: LiquidSite
    /// Entries' Liquid output made beforehand (`LiquidRenderCheck`), by source path.
    private(set) var renderedLiquid: [String: String] = [:]
    let renderer: MarkdownRenderer

    /// `highlighter`: highlights fenced code (one per build, lending its Python helpers); nil for plain code.
    /// This renderer taking entries' Liquid output as `LiquidRenderCheck` made it, rather than rendering it again.
    func reusing(_ renderedLiquid: [String: String]) -> BodyRenderer {
        var renderer = self
        renderer.renderedLiquid = renderedLiquid
        return renderer
    }

    public init(config: SiteConfig, links: EntryLinks? = nil, imageSizes: ImageSizes = ImageSizes(), shortcodes: TemplateSet? = nil,
                highlighter: CodeHighlighter? = nil, liquid: LiquidSite? = nil) {
        self.config = config
        self.links = links
        self.imageSizes = imageSizes
        self.shortcodes = shortcodes
        // Without a build's Liquid (a site of another origin, one entry read alone) no time is at hand: the epoch stands for it.
        self.liquid = liquid ?? LiquidSite(config: config, sources: nil, links: links, now: Date(timeIntervalSince1970: 0))
        renderer = MarkdownRenderer(allowsRawHTML: config.unsafeHTML, headingIDs: config.headingIDs, features: config.markdown, highlighter: highlighter)
    }

    /// The highlighter the bodies' code goes to, if any.
    public var highlighter: CodeHighlighter? { renderer.highlighter }

    /// The entry's body rendered, read again from its source.
    public func body(of entry: Entry) -> Result<EntryBody, BuildFailure> {
        // A bundle's relative links point into its folder, beside the entry's page.
        let base = entry.source.isBundleIndex ? entry.url : nil
        let syntax = TemplateText.Syntax.of(config, params: entry.params)
        // Jekyll renders Liquid first, then Markdown: what is left to expand is its Markdown links.
        return liquidText(of: entry).map { body(of: entry, $0, syntax: syntax == .liquid ? .none : syntax, base: base) }
    }

    /// The entry's body with its Liquid rendered (as it is where it has none, or Liquid is off).
    func liquidText(of entry: Entry) -> Result<String, BuildFailure> {
        if let made = renderedLiquid[entry.source.displayPath] { return .success(made) }
        return FrontMatterReader(config: config).split(entry.source).flatMap { parts in
            guard TemplateText.Syntax.of(config, params: entry.params) == .liquid, LiquidSite.hasLiquid(parts.body) else { return .success(parts.body) }
            return liquid.render(parts.body, page: liquid.page(for: entry), source: entry.source, firstLine: parts.bodyLine, markdown: renderer)
        }
    }

    /// A page's body with its Liquid rendered, the same way.
    func liquidText(of page: StandalonePage) -> Result<String, BuildFailure> {
        let reader = FrontMatterReader(config: config, page: true)
        return reader.split(page.source).flatMap { parts in
            guard config.reading.templateSyntax == .liquid, LiquidSite.hasLiquid(parts.body) else { return .success(parts.body) }
            return reader.fields(page.source).flatMap { fields in
                let params = Dictionary(fields.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
                guard TemplateText.Syntax.of(config, params: params) == .liquid else { return .success(parts.body) }
                return liquid.render(parts.body, page: liquid.page(for: page, fields: fields), paginator: liquid.paginator(for: page), source: page.source,
                                     firstLine: parts.bodyLine, markdown: renderer)
            }
        }
    }

    private func body(of entry: Entry, _ markdown: String, syntax: TemplateText.Syntax, base: String?) -> EntryBody {
        let (text, placeholders) = expandTemplateText(markdown, from: entry.source, syntax: syntax)
        var body = HTMLContentRenderer.isHTML(entry.source)
            ? renderHTMLBody(text, summarySource: entry.summarySource)
            : renderBody(text, summarySource: entry.summarySource, base: base)
        body.contentHTML = Self.fillingPlaceholders(body.contentHTML, placeholders)
        body.summaryHTML = Self.fillingPlaceholders(body.summaryHTML, placeholders)
        if config.usesSiteLayouts {
            // In the site's own layouts an image is as written: its stylesheet may shrink a width without `height: auto`.
            body.excerptHTML = jekyllExcerpt(of: entry, markdown, base: base)
        } else {
            body.contentHTML = imageSizes.sizing(body.contentHTML, pageURL: entry.url)
            body.summaryHTML = imageSizes.sizing(body.summaryHTML, pageURL: entry.url)
        }
        return body
    }

    /// Jekyll's `excerpt`: the post's own `excerpt`, else its body before its `excerpt_separator` (the post's, the site's,
    /// else a blank line) with the rest's link definitions after it, so that its links resolve, rendered.
    private func jekyllExcerpt(of entry: Entry, _ body: String, base: String?) -> String {
        // Jekyll's front matter takes the blank lines after it (its closing `---\s*$`): the body starts at its first line of text.
        var text = Substring(body)
        while let end = text.firstIndex(of: "\n"), text[..<end].allSatisfy(\.isWhitespace) { text = text[text.index(after: end)...] }
        let separator = entry.params["excerpt_separator"]?.scalarText ?? liquid.sources.settings["excerpt_separator"]?.renderedText ?? "\n\n"
        guard !separator.isEmpty, let cut = text.range(of: separator) else { return render(String(text), of: entry, base: base) }
        var head = String(text[..<cut.lowerBound])
        let definitions = text[cut.upperBound...].split(separator: "\n", omittingEmptySubsequences: true).filter(Self.isLinkDefinition)
        if !definitions.isEmpty { head += "\n\n" + definitions.joined(separator: "\n") }
        return render(head, of: entry, base: base)
    }

    /// jekyll-relative-links: a page's link to another Markdown file of the site (`about.md`, `../guide/setup.md#top`)
    /// as that page's or post's URL; one that names no page is left as written.
    private func relativeLinks(in html: String, from source: SourceFile) -> String {
        guard let links, html.utf8Contains("href=\"") else { return html }
        var out = ""
        var rest = Substring(html)
        while let start = rest.range(of: "href=\"") {
            out += rest[..<start.upperBound]
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            let href = String(rest[..<end])
            let (path, fragment) = href.firstIndex(of: "#").map { (String(href[..<$0]), String(href[$0...])) } ?? (href, "")
            let isRelative = !path.isEmpty && !path.hasPrefix("/") && !path.contains(":")
            if isRelative, PageReader.isMarkdown(SourceFile(displayPath: path, relativePath: path, bytes: [])),
               let url = links.url(for: TemplateText.LinkReference(style: .sitePath, target: Self.sitePath(path.removingPercentEncoding ?? path, from: source)), from: source) {
                out += url + fragment
            } else {
                out += href
            }
            rest = rest[end...]
        }
        return out + rest
    }

    /// A link's target as a path from the site's root, seen from the page in `source`.
    private static func sitePath(_ target: String, from source: SourceFile) -> String {
        let folder = source.relativePath.split(separator: "/").dropLast().joined(separator: "/")
        return folder.isEmpty ? target : folder + "/" + target
    }

    /// A Markdown link definition's line as Jekyll finds one (` {0,3}\[[^\]]+\]:.+`), by hand: a regex literal is compiled each time it is met.
    static func isLinkDefinition(_ line: Substring) -> Bool {
        let indent = line.prefix { $0 == " " }.count
        guard indent <= 3 else { return false }
        let rest = line.dropFirst(indent)
        guard rest.first == "[", let close = rest.dropFirst().firstIndex(of: "]"), close > rest.index(after: rest.startIndex) else { return false }
        let after = rest[rest.index(after: close)...]
        return after.first == ":" && after.count > 1
    }

    private func render(_ text: String, of entry: Entry, base: String?) -> String {
        HTMLContentRenderer.isHTML(entry.source) ? text : renderer.render(text, relativeTo: base).html
    }

    /// The fenced code `body(of:)` will hand the highlighter, as far as `FenceScanner` tells it
    /// without rendering (`HighlightAhead`): none for an HTML entry or one whose template text
    /// (`{{ }}`, `{% %}`) is expanded first.
    func fencedCodeAhead(of entry: Entry) -> [CodeBlock] {
        guard !HTMLContentRenderer.isHTML(entry.source), case .success(let parts) = FrontMatterReader(config: config).split(entry.source),
              parts.body.utf8Range(of: "{{") == nil, parts.body.utf8Range(of: "{%") == nil else { return [] }
        var markdown = parts.body
        // Rendered without it (`renderBody`).
        if let marker = markdown.utf8Range(of: EntryReader.moreMarker) { markdown.removeSubrange(marker) }
        return FenceScanner.blocks(in: markdown)
    }

    /// Summary: the `summary` key, else what comes before `<!--more-->`, else the first paragraph.
    private func renderBody(_ markdown: String, summarySource: String?, base: String?) -> EntryBody {
        if let marker = markdown.utf8Range(of: EntryReader.moreMarker) {
            let before = String(markdown[..<marker.lowerBound])
            let content = renderer.render(before + markdown[marker.upperBound...], relativeTo: base)
            let teaser = renderer.renderTeaser(before, of: markdown, relativeTo: base)
            return EntryBody(
                contentHTML: content.html,
                summaryHTML: summarySource.map { renderer.render($0, relativeTo: base).html } ?? teaser.html,
                summaryText: summarySource.map(renderer.plainText) ?? renderer.plainText(before),
                isTruncated: true)
        }
        let content = renderer.render(markdown, relativeTo: base)
        if let summarySource {
            return EntryBody(
                contentHTML: content.html, summaryHTML: renderer.render(summarySource, relativeTo: base).html,
                summaryText: renderer.plainText(summarySource), isTruncated: true)
        }
        let first = content.firstParagraphHTML ?? ""
        return EntryBody(
            contentHTML: content.html, summaryHTML: first, summaryText: content.firstParagraphText,
            isTruncated: first.trimmingSpaces != content.html.trimmingSpaces)
    }

    /// An HTML body is kept as written; the summary is what comes before `<!--more-->`, else its first paragraph.
    private func renderHTMLBody(_ html: String, summarySource: String?) -> EntryBody {
        let content = HTMLContentRenderer()
        if let summarySource {
            return EntryBody(contentHTML: html, summaryHTML: renderer.render(summarySource).html,
                             summaryText: renderer.plainText(summarySource), isTruncated: true)
        }
        if let marker = html.utf8Range(of: EntryReader.moreMarker) {
            let before = String(html[..<marker.lowerBound])
            return EntryBody(contentHTML: before + html[marker.upperBound...], summaryHTML: before,
                             summaryText: content.plainText(before), isTruncated: true)
        }
        let rendered = content.render(html)
        let first = rendered.firstParagraphHTML ?? html
        return EntryBody(contentHTML: html, summaryHTML: first, summaryText: rendered.firstParagraphText,
                         isTruncated: first.trimmingSpaces != html.trimmingSpaces)
    }

    /// A page's body rendered: its template text expanded as an entry's (Hugo's and Zola's
    /// shortcodes and links), HTML as written, Markdown as entries' but for their code, which
    /// pages leave plain (as they always have).
    func body(of page: StandalonePage) -> Result<String, BuildFailure> {
        liquidText(of: page).map { text in
            // A Jekyll page's Liquid is done: its links stay as written.
            let (expanded, placeholders) = [.hugo, .zola].contains(config.reading.templateSyntax)
                ? expandTemplateText(text, from: page.source, syntax: config.reading.templateSyntax) : (text, [:])
            let rendered = !PageReader.isMarkdown(page.source) ? expanded
                : MarkdownRenderer(allowsRawHTML: config.unsafeHTML, headingIDs: config.headingIDs, features: config.markdown).render(expanded).html
            let html = config.plugins.contains(JekyllGemfile.relativeLinks) && PageReader.isMarkdown(page.source) ? relativeLinks(in: rendered, from: page.source) : rendered
            // A page of another format ends as its file does (the split leaves a body's last line break out).
            if !PageReader.isMarkup(page.source), case .success(let bytes) = page.source.load(), bytes.last == UInt8(ascii: "\n"), !html.hasSuffix("\n") {
                return Self.fillingPlaceholders(html, placeholders) + "\n"
            }
            return Self.fillingPlaceholders(html, placeholders)
        }
    }
}
