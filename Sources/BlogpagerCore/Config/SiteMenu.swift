/// The site's navigation as its config names it: Hugo's `[menu] main`
/// (`menus.toml` in a split config), links with a name, a URL and a weight;
/// Jekyll's `header_pages`, pages named by their files, whose URLs are known
/// once the pages are read (`resolved(pages:)`).
public struct SiteMenu: Sendable, Hashable {
    public struct Item: Sendable, Hashable {
        public var name: String
        /// As written: site-relative (`/about/`, the base path is put before it) or absolute.
        public var url: String
        public var weight: Int

        public init(name: String, url: String, weight: Int = 0) {
            self.name = name
            self.url = url
            self.weight = weight
        }
    }

    public var items: [Item] = []
    /// Pages named by their file below the site root (`about.md`), in order, not yet resolved.
    public var pageFiles: [String] = []

    public init() {}

    /// Hugo's menu entries (`[[menu.main]]`, or `[[main]]` in `menus.toml`): by weight, then name, as Hugo orders them.
    init(hugo menus: FrontMatterValue) {
        guard case .map(let byName) = menus, let main = byName["main"] ?? byName.values.first, case .list(let entries) = main else { return }
        items = entries.compactMap { entry in
            guard case .map(let fields) = entry else { return nil }
            let name = fields["name"]?.scalarText ?? fields["identifier"]?.scalarText
            // `pageRef` names content (`/about`); its page is published at that folder.
            let url = fields["url"]?.scalarText ?? fields["pageRef"]?.scalarText.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
            guard let name, let url else { return nil }
            if case .int(let weight)? = fields["weight"] { return Item(name: name, url: url, weight: weight) }
            return Item(name: name, url: url)
        }.enumerated().sorted { a, b in
            (a.element.weight, a.element.name, a.offset) < (b.element.weight, b.element.name, b.offset)
        }.map(\.element)
    }

    /// The menu with each named page in place, by its title and URL; the names that are no page built here.
    func resolved(pages: [StandalonePage]) -> (menu: SiteMenu, missing: [String]) {
        var menu = SiteMenu()
        menu.items = items
        var missing: [String] = []
        for file in pageFiles {
            if let page = pages.first(where: { $0.source.relativePath == file }) {
                menu.items.append(Item(name: page.title, url: page.url))
            } else {
                missing.append(file)
            }
        }
        return (menu, missing)
    }

    /// Every item's URL as a page links it: a site-relative one under the site's base path.
    func links(basePath: String) -> [(name: String, url: String)] {
        items.map { item in
            let isSiteRelative = item.url.hasPrefix("/") && !item.url.hasPrefix("//")
            let url = isSiteRelative && !(basePath.isEmpty || item.url.hasPrefix(basePath + "/")) ? basePath + item.url : item.url
            return (item.name, url)
        }
    }
}

extension SiteConfig {
    /// The config every page is rendered with: its menu's pages are known once pages are read, and it
    /// names their URLs; a file the menu names that is no page built here is left out, with a warning.
    static func withMenu(of config: SiteConfig, pages: [StandalonePage], configPath: String?, warnings: inout [Diagnostic]) -> SiteConfig {
        let menu = config.menu.resolved(pages: pages)
        for file in menu.missing {
            warnings.append(.warning(at: SourceLocation(path: configPath ?? SiteLoader.configFileName),
                                     "the menu names '\(file)', which is not a Markdown page of this site; it is left out of the navigation"))
        }
        var rendering = config
        rendering.menu = menu.menu
        return rendering
    }
}
