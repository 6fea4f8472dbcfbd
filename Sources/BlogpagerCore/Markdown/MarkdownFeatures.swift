/// Which Markdown a site's entries are written in: the cmark-gfm extensions and options its
/// origin's generator had on, so that an imported post reads as it did (`+Origins` reads them
/// from each generator's config). blogpager's own sites get GitHub's set.
public struct MarkdownFeatures: Sendable, Hashable {
    /// `| a | b |` tables.
    public var tables = true
    /// `~~struck~~`.
    public var strikethrough = true
    /// Only `~~` strikes (kramdown, Goldmark); GitHub's `~one~` stays text.
    public var strikethroughNeedsTwoTildes = false
    /// Bare `https://…` and `www.…` addresses made links.
    public var autolinks = true
    /// `- [ ]` and `- [x]` items as checkboxes.
    public var taskLists = true
    /// `[^1]` references and their `[^1]: …` notes.
    public var footnotes = true
    /// `Term` then `: definition` (kramdown, Goldmark, PHP Markdown Extra).
    public var definitionLists = false
    /// “Curly quotes”, – and — from `--` and `---`, … from `...`.
    public var smartPunctuation = false
    /// Every line break in a paragraph kept as `<br>`.
    public var hardWraps = false
    /// The scheme a bare `www.` address links with (`http`, as GitHub; Hugo's `https`).
    public var wwwScheme = "http"
    /// `$…$` and `$$…$$` kept as the author wrote them, never read as emphasis; with `mathDelimiters`
    /// `.kramdown`, written as kramdown does for MathJax (`\(…\)`, `\[…\]`).
    public var math: MathSyntax = .none
    /// Math drawn in the reader's browser with KaTeX (Debian's libjs-katex, served from
    /// `assets/katex/`, loaded only by pages that have math): for sites whose theme drew it.
    public var rendersMath = false
    /// kramdown's attribute lists (`{: .class #id}` on blocks and spans) and `{:toc}`.
    public var attributeLists = false
    /// The heading levels a `{:toc}` lists (kramdown's `toc_levels`).
    public var tocLevels = 1...6
    /// `:tada:` as its emoji, from the origin's list; nil leaves short codes as text.
    public var emoji: EmojiList?
    /// Whether each heading with an id ends with our `#` link to it (not in a site's own layouts, whose documents are the old generator's).
    public var headingLinks = true
    /// The class of inline code (kramdown with Rouge, Jekyll's default: `language-plaintext highlighter-rouge`); nil for none.
    public var inlineCodeClass: String?
    /// Whether code blocks take kramdown's and Rouge's markup (`KramdownCodeShape`), for a Jekyll site in its own layouts.
    public var kramdownCodeBlocks = false
    /// Whether `***both***` is `<strong><em>`, as kramdown nests it (cmark nests `<em><strong>`), for a Jekyll site in its own layouts.
    public var kramdownEmphasis = false

    public enum MathSyntax: String, Sendable, Hashable {
        /// Dollars are text, as CommonMark reads them.
        case none
        /// `$$…$$` is math, shown as kramdown shows it: `\(…\)` inline, `\[…\]` on its own lines.
        case kramdown
        /// `$…$` and `$$…$$` are passed through with their delimiters. (`\(…\)` and `\[…\]` are
        /// CommonMark escapes, which cmark-gfm reads before any extension: they show as `(…)`, `[…]`.)
        case passthrough
    }

    public init() {}

    /// GitHub's Markdown: what blogpager's own sites get unless `markdown:` says otherwise.
    public static let github = MarkdownFeatures()

    /// CommonMark alone, no extension: what libcmark rendered.
    public static var commonMark: MarkdownFeatures {
        var features = MarkdownFeatures()
        features.tables = false
        features.strikethrough = false
        features.autolinks = false
        features.taskLists = false
        features.footnotes = false
        return features
    }
}
