import Foundation

/// One language a site is written in, as its origin declares it (Hugo's and Zola's `languages`,
/// blogpager's `languages:`, a Jekyll site's folders and `lang:`): where its archive is, what it
/// calls itself, and the settings it has over the site's. A site of one language has none.
public struct SiteLanguage: Sendable, Hashable {
    /// The code its files and folders are named by (`fr` in `post.fr.md`, `/fr/`), lowercased.
    public var code: String
    /// Its BCP 47 tag for `<html lang>`, `hreflang` and the feeds (`languageCode`, `locale`); the code where none is given.
    public var tag: String
    /// Its own name for itself (`Français`), for the language menu: the config's, else Foundation's locale data.
    public var name: String
    /// Where its archive is under `out/`: `[]` at the root, `["fr"]`, or a Jekyll site's `["fr", "news"]`.
    public var root: [String]
    /// Its settings over the site's, where it gives them.
    public var title: String?
    public var description: String?
    public var params: [String: FrontMatterValue] = [:]
    /// Its own navigation (Hugo's `menus.fr.toml`, `[languages.fr.menus]`), where it has one.
    public var menu: SiteMenu?
    /// The order of the language menu (Hugo's `weight`), then the code.
    public var weight = 0
    /// Whether its entries' URLs start with its root (Hugo's and Zola's other languages; a Jekyll
    /// site's entries keep the URLs their permalinks give them).
    public var prefixesEntryURLs = false
    /// Its main section where it is not the default language's (`articles` beside `posts`).
    public var contentSection: [String]?
    /// Its own URL templates by section, over the site's (Hugo's `[languages.de.permalinks]`).
    public var permalinks: [String: String] = [:]

    /// The site's rule for entries' URLs as this language has it: its own templates over the site's.
    func entryURLs(over rule: EntryURLRule) -> EntryURLRule {
        rule.overriding(permalinks: permalinks)
    }

    public init(code: String, tag: String? = nil, name: String? = nil, root: [String] = []) {
        self.code = code.lowercased()
        self.tag = tag ?? code
        self.name = name ?? Self.ownName(of: tag ?? code)
        self.root = root
    }

    /// The language's name in itself from Foundation's locale data (`fr` → `français`, capitalized as a menu item); the code where none is known.
    public static func ownName(of code: String) -> String {
        let identifier = code.replacingOccurrences(of: "_", with: "-")
        let locale = Locale(identifier: identifier)
        guard let language = Locale(identifier: identifier).language.languageCode?.identifier,
              let name = locale.localizedString(forLanguageCode: language), !name.isEmpty else { return code }
        return name.prefix(1).uppercased(with: locale) + name.dropFirst()
    }

    /// Why `code` cannot be a language's folder of `out/` and a part of a file's name (`/`, `..`, a
    /// dot, a hidden name); nil when it can.
    static func problem(withCode code: String) -> String? {
        if let problem = OutputPath.problem(with: code) { return problem }
        return code.contains(".") ? "'\(code)' contains a dot, which a file's name (name.\(code).md) cannot tell apart" : nil
    }

    /// Whether Foundation's locale data knows `code` as a language (`fr`, `pt-br`), so a folder named by it is one.
    public static func isKnownCode(_ code: String) -> Bool {
        guard code.count >= 2, code.count <= 10, code.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-" || $0 == "_") }) else { return false }
        let language = code.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init)?.lowercased() ?? code
        guard language.count == 2 || language.count == 3 else { return false }
        return Locale.LanguageCode.isoLanguageCodes.contains(Locale.LanguageCode(language))
    }

    /// The same site's settings as this language renders them: its tag, title, description and
    /// params over the site's, its archive at its root.
    func applied(to config: SiteConfig) -> SiteConfig {
        var own = config
        own.language = tag
        if let title { own.title = title }
        if let description { own.description = description }
        own.params.merge(params) { _, mine in mine }
        if let menu { own.menu = menu }
        if let contentSection { own.contentSection = contentSection }
        own.languageRoot = root
        own.languageCode = code
        return own
    }
}
