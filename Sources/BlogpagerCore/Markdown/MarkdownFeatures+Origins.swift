import Foundation

/// Each generator's Markdown, with the keys of its config that change it: kramdown in Jekyll,
/// Goldmark in Hugo, pulldown-cmark in Zola, and blogpager's own `markdown:` block.
extension MarkdownFeatures {
    /// Jekyll's kramdown with its GFM input (Jekyll's default): tables, strikethrough, task lists,
    /// footnotes, definition lists and typography, no bare-URL links; `input: kramdown` is
    /// kramdown's own syntax, without GFM's strikethrough and task lists.
    static func kramdown(_ settings: [String: FrontMatterValue], warn: (String, String) -> Void) -> MarkdownFeatures {
        var features = MarkdownFeatures()
        features.autolinks = false
        features.strikethroughNeedsTwoTildes = true
        features.definitionLists = true
        features.smartPunctuation = true
        features.math = .kramdown
        features.attributeLists = true
        if let levels = settings["toc_levels"], let range = tocLevels(levels) { features.tocLevels = range }
        if settings["input"]?.scalarText?.lowercased() == "kramdown" {
            features.strikethrough = false
            features.taskLists = false
        }
        // Jekyll's default is false; kramdown's GFM parser alone would wrap hard.
        if case .bool(let hard)? = settings["hard_wrap"] { features.hardWraps = hard }
        if let quotes = settings["smart_quotes"]?.scalarText {
            // Other quote marks than English ones are a choice we do not make: straight quotes stay.
            if quotes.replacingOccurrences(of: " ", with: "") != "lsquo,rsquo,ldquo,rdquo" {
                warn("smart_quotes", "quotes are curled as English ones (lsquo,rsquo,ldquo,rdquo)")
            }
        }
        if let engine = settings["math_engine"]?.scalarText?.lowercased(), engine == "null" || engine == "nil" { features.math = .passthrough }
        // kramdown's KaTeX engine drew the math as the site was built: here the reader's browser does.
        if settings["math_engine"]?.scalarText?.lowercased() == "katex" { features.rendersMath = true }
        if settings["math_engine"] == .null { features.math = .passthrough }
        return features
    }

    /// kramdown's `toc_levels`: `2..3` (Ruby's range), `[2, 3]`, or one level.
    private static func tocLevels(_ value: FrontMatterValue) -> ClosedRange<Int>? {
        let levels: [Int]
        switch value {
        case .list(let items): levels = items.compactMap { $0.scalarText.flatMap { Int($0) } }
        default:
            guard let text = value.scalarText else { return nil }
            let bounds = text.components(separatedBy: "..").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            levels = bounds.compactMap { $0 }
            guard levels.count == bounds.count else { return nil }
        }
        guard let low = levels.min(), let high = levels.max(), low >= 1, high <= 6 else { return nil }
        return low...high
    }

    /// Hugo's Goldmark, as Hugo configures it by default: table, strikethrough, linkify (with
    /// `https`), task list, footnote, definition list and typographer; each of
    /// `[markup.goldmark.extensions]` turns its own off, and `renderer.hardWraps` keeps line breaks.
    static func goldmark(_ goldmark: [String: FrontMatterValue]) -> MarkdownFeatures {
        var features = MarkdownFeatures()
        features.definitionLists = true
        features.smartPunctuation = true
        features.wwwScheme = "https"
        if case .map(let extensions)? = goldmark["extensions"] {
            func on(_ key: String, default value: Bool) -> Bool {
                switch extensions[key] {
                case .bool(let flag)?: flag
                // `[markup.goldmark.extensions.typographer] disable = true`
                case .map(let settings)?: settings["disable"] != .bool(true)
                default: value
                }
            }
            features.tables = on("table", default: true)
            features.strikethrough = on("strikethrough", default: true)
            features.autolinks = on("linkify", default: true)
            features.taskLists = on("taskList", default: true) && on("tasklist", default: true)
            features.footnotes = on("footnote", default: true)
            features.definitionLists = on("definitionList", default: true) && on("definitionlist", default: true)
            features.smartPunctuation = on("typographer", default: true)
            if let scheme = (extensions["linkifyProtocol"] ?? extensions["linkifyprotocol"])?.scalarText, ["http", "https"].contains(scheme) {
                features.wwwScheme = scheme
            }
            // Hugo's documentation pairs the passthrough with KaTeX or MathJax in the theme.
            if case .map(let passthrough)? = extensions["passthrough"], passthrough["enable"] == .bool(true) {
                features.math = .passthrough
                features.rendersMath = true
            }
        }
        if case .map(let renderer)? = goldmark["renderer"], case .bool(let hard)? = renderer["hardWraps"] ?? renderer["hardwraps"] {
            features.hardWraps = hard
        }
        return features
    }

    /// Zola's pulldown-cmark: tables, footnotes, strikethrough and task lists always, no bare-URL
    /// links; `[markdown] smart_punctuation` (off by default) and `render_emoji`.
    static func zola(_ markdown: [String: FrontMatterValue]) -> MarkdownFeatures {
        var features = MarkdownFeatures()
        features.autolinks = false
        features.smartPunctuation = markdown["smart_punctuation"] == .bool(true)
        features.emoji = markdown["render_emoji"] == .bool(true) ? .github : nil
        return features
    }

    /// blogpager's `markdown:` block: each of GitHub's extensions on or off, and the extras.
    /// What is not a key of it, or not true or false, is an error at its place.
    static func blogpager(_ settings: [String: FrontMatterValue], problem: (String, String) -> Void) -> MarkdownFeatures {
        var features = MarkdownFeatures.github
        for key in settings.keys.sorted() {
            let value = settings[key]!
            if key == "math" {
                switch value.scalarText {
                case "katex"?:
                    features.math = .passthrough
                    features.rendersMath = true
                case "kramdown"?: features.math = .kramdown
                case "passthrough"?, "true"?: features.math = .passthrough
                case "none"?, "false"?: features.math = .none
                default: problem(key, "markdown.math must be 'katex', 'passthrough', 'kramdown' or 'none'")
                }
                continue
            }
            guard case .bool(let flag) = value else {
                problem(key, "markdown.\(key) must be true or false")
                continue
            }
            switch key {
            case "tables": features.tables = flag
            case "strikethrough": features.strikethrough = flag
            case "autolinks": features.autolinks = flag
            case "task_lists": features.taskLists = flag
            case "footnotes": features.footnotes = flag
            case "definition_lists": features.definitionLists = flag
            case "smart_punctuation": features.smartPunctuation = flag
            case "hard_wraps": features.hardWraps = flag
            case "emoji": features.emoji = flag ? .github : nil
            default: problem(key, "markdown has no '\(key)': it knows tables, strikethrough, autolinks, task_lists, footnotes, definition_lists, smart_punctuation, hard_wraps, emoji and math")
            }
        }
        return features
    }
}
