/// How an entry's URL is made, as the generator its site comes from made it,
/// so every old URL keeps working: blogpager's own `permalink` pattern,
/// Jekyll's `permalink` (a style or a template of `:tokens`), Hugo's
/// `[permalinks]` per section with `uglyURLs` and path lowercasing, or
/// Zola's section path and slug. Read from the config; applied by `EntryURLMaker`.
public enum EntryURLRule: Sendable, Hashable {
    case pattern(PermalinkPattern)
    /// A Jekyll template such as `/:categories/:year/:month/:day/:title:output_ext`.
    case jekyll(template: String)
    /// Hugo: a template per section (`posts` → `/:year/:month/:title/`), `.html` URLs with
    /// `uglyURLs`, paths made as Hugo makes them (`HugoPaths`).
    case hugo(templates: [String: String], uglyURLs: HugoUglyURLs, paths: HugoPaths)
    /// Zola: `/<section>/<slug>/`.
    case zola

    /// Whether an empty `slug` leaves the entry named by its file, as Jekyll and Hugo build it, rather than being an error.
    var namesByFileWithoutSlug: Bool {
        switch self {
        case .jekyll, .hugo: true
        case .pattern, .zola: false
        }
    }

    /// Whether a slug is checked as a file name when read (Hugo makes it a path segment first, `HugoPaths`, and the path it makes is checked then).
    var checksSlugAsFileName: Bool {
        if case .hugo = self { false } else { true }
    }

    /// This rule with a language's own URL templates by section over the site's (Hugo's `[languages.de.permalinks]`).
    func overriding(permalinks: [String: String]) -> EntryURLRule {
        guard !permalinks.isEmpty, case .hugo(let templates, let uglyURLs, let paths) = self else { return self }
        return .hugo(templates: templates.merging(permalinks) { _, own in own }, uglyURLs: uglyURLs, paths: paths)
    }

    /// Jekyll's named styles and the template each stands for; `date` is Jekyll's default.
    static let jekyllStyles = [
        "date": "/:categories/:year/:month/:day/:title:output_ext",
        "pretty": "/:categories/:year/:month/:day/:title/",
        "ordinal": "/:categories/:year/:y_day/:title:output_ext",
        "weekdate": "/:categories/:year/W:week/:short_day/:title:output_ext",
        "none": "/:categories/:title:output_ext",
    ]

    /// The template a Jekyll `permalink` value stands for (a style's name, or a template as written).
    static func jekyll(permalink: String) -> EntryURLRule {
        .jekyll(template: jekyllStyles[permalink] ?? permalink)
    }

    /// The front matter key by which an entry names its own URL, where the generator has one.
    var ownURLKey: String? {
        switch self {
        case .pattern: nil
        case .jekyll: "permalink"
        case .hugo: "url"
        case .zola: "path"
        }
    }

    /// Where the old generator wrote a page whose URL is given whole (an entry's or a page's own
    /// `permalink:`, `url:` or `path:`, a collection's permalink): the file's segments, and
    /// whether the URL leaves out the `.html` the file has.
    /// Jekyll: a URL ending in `/` is a folder; a page whose own permalink, as written, ends in
    /// an extension (`/releases/Release-1.90.0`: `.0`) is a file of that name; any other a file
    /// with `.html` added unless it ends so. Hugo: a last segment with a dot is a file as named,
    /// any other a folder. Zola: always a folder. blogpager: a dot names a file.
    func placement(ofOwnURL path: String, written: String? = nil) -> (segments: [String], extensionless: Bool) {
        var segments = path.split(separator: "/").map(String.init)
        guard let last = segments.last, !path.hasSuffix("/") else { return (segments + ["index.html"], false) }
        switch self {
        case .jekyll:
            if last.hasSuffix(".html") || written.map(Self.hasRubyExtension) == true { return (segments, false) }
            segments[segments.count - 1] += ".html"
            return (segments, true)
        case .zola: return (segments + ["index.html"], false)
        case .hugo, .pattern: return last.contains(".") ? (segments, false) : (segments + ["index.html"], false)
        }
    }

    /// Whether Ruby's `File.extname` finds an extension in a permalink as written (not one ending
    /// in `/`; a name's leading dot is none), which Jekyll then writes its page with.
    static func hasRubyExtension(_ permalink: String) -> Bool {
        guard !permalink.hasSuffix("/"), let name = permalink.split(separator: "/").last else { return false }
        let inner = name.drop { $0 == "." }
        return inner.contains(".")
    }

    /// Where the old generator wrote the redirect page of an old address.
    struct Redirects {
        /// A relative address is taken from the entry's folder (Hugo), else from the site's root.
        var relativeToEntry = false
        /// `/old` is `old.html` (Jekyll's redirect-from, Hugo with `uglyURLs`), else `old/index.html`.
        var bareIsFile = false
        /// `/old/` is `old.html` too (Hugo with `uglyURLs`), else `old/index.html`.
        var slashedIsFile = false
    }

    var redirects: Redirects {
        switch self {
        case .hugo(_, let uglyURLs, _): Redirects(relativeToEntry: true, bareIsFile: uglyURLs.all, slashedIsFile: uglyURLs.all)
        case .jekyll: Redirects(bareIsFile: true)
        case .pattern, .zola: Redirects()
        }
    }

}

/// Hugo's `uglyURLs`: `true` for every section, or a section at a time (`[uglyURLs] posts = true`).
public struct HugoUglyURLs: Sendable, Hashable {
    public var all = false
    public var sections: Set<String> = []

    public init(all: Bool = false, sections: Set<String> = []) {
        self.all = all
        self.sections = sections
    }

    /// Whether a page of `section` (its content's top folder) ends in `.html`.
    func applies(to section: String) -> Bool { all || sections.contains(section) }

    /// As the config writes it: a flag, or a flag per section.
    init(_ value: FrontMatterValue) {
        if case .map(let bySection) = value {
            sections = Set(bySection.filter { $0.value == .bool(true) }.map(\.key))
        } else {
            all = value == .bool(true)
        }
    }
}
