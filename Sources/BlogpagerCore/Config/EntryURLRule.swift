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
    /// `uglyURLs`, paths lowercased unless `disablePathToLower`.
    case hugo(templates: [String: String], uglyURLs: Bool, lowercase: Bool)
    /// Zola: `/<section>/<slug>/`.
    case zola

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
        case .hugo(_, let uglyURLs, _): Redirects(relativeToEntry: true, bareIsFile: uglyURLs, slashedIsFile: uglyURLs)
        case .jekyll: Redirects(bareIsFile: true)
        case .pattern, .zola: Redirects()
        }
    }

}
