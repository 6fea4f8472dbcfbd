import Foundation

/// Jekyll 4.3's way of making a site, as the loader needs it.
struct JekyllOrigin: GeneratorOrigin {
    var origin: SiteLayout.Origin { .jekyll }
    var addressKey: String { "url" }
    /// Jekyll reads its config as plain data: a title that is not text, a bad `paginate`, a bad `url` are built past.
    var passedOverConfigValues: Set<ConfigValues.Kind> { [.text, .pageSize, .address] }
    var configKeysMayRepeat: Bool { true }
    var contentExtensions: Set<String> { ContentScanner.markdownExtensions.union(HTMLContentRenderer.extensions) }
    /// Jekyll reads no language from a file's name: its languages are folders (`JekyllLanguages`).
    var namesLanguagesInFileNames: Bool { false }
    /// A Jekyll site without `_config.yml` has Jekyll's defaults, never a blogpager.yml found about it.
    var findsBlogpagerConfig: Bool { false }
    var languagesFromFrontMatter: Bool { true }

    func configToEdit(root: String?) -> String? { root.map { $0 + "/_config.yml" } }

    func contentSection(of layout: SiteLayout) -> [String] { layout.root == nil ? [] : ["_posts"] }

    func configText(_ text: String, bytes: [UInt8], path: String) -> (text: String, warning: Diagnostic?) {
        JekyllConfigText.read(text, startsWithByteOrderMark: bytes.starts(with: [0xEF, 0xBB, 0xBF]), path: path)
    }

    /// No config: Jekyll's defaults, as it would build the site (its permalinks and excludes).
    func configWithoutFile(layout: SiteLayout) -> SiteConfigLoader.Loaded? {
        guard let root = layout.root, case .success(let loaded) = SiteConfigLoader(path: root + "/_config.yml").load("", origin: .jekyll) else { return nil }
        return loaded
    }

    func readConfig(_ fields: [FrontMatterField], into values: inout ConfigValues) -> SiteConfigLoader.Loaded {
        var reader = JekyllConfigReader()
        return SiteConfigLoader.Loaded(config: reader.read(fields, into: &values), excludedNames: reader.excludedNames)
    }

    func languages(declared: [SiteLanguage], layout: inout SiteLayout, config: SiteConfig?, files: FileSystem) -> [SiteLanguage] {
        JekyllLanguages.read(&layout, language: config?.language ?? "en", defaults: config?.frontMatterDefaults ?? FrontMatterDefaults(), files: files)
    }

    func configure(_ scanner: inout ContentScanner, layout: SiteLayout, config: SiteConfig?) {
        guard let root = layout.root else { return }
        scanner.collections = (config?.collections ?? []).map { (LocalPath.joined(root, $0.folder), $0) }
        scanner.markdownWithoutFrontMatterIsPage = config?.plugins.contains(JekyllGemfile.optionalFrontMatter) == true
    }

    func stylesheets(_ sheets: [SourceFile], beside siteFiles: Set<OutputPath>, layout: SiteLayout, config: SiteConfig, liquid: LiquidSources?,
                     tools: StylesheetTools, files: FileSystem, warnings: inout [Diagnostic]) -> [StaticFile] {
        guard let root = layout.root else { return [] }
        // Found where the site's Liquid was read (and a warning given there where it was not).
        let theme = liquid?.theme
        // The theme's assets where the site has none of its own at their place (its `assets/main.scss` over minima's).
        let taken = siteFiles.union(sheets.compactMap { JekyllSass.cssPath(of: $0.relativePath) })
        let (themeSheets, themeCopies) = theme.map { $0.assets(besides: taken, files: files) } ?? ([], [])
        let all = sheets + themeSheets
        guard !all.isEmpty else { return themeCopies }
        let site = liquid.map { LiquidSite(config: config, sources: $0, now: tools.now) }
        return themeCopies + JekyllSass(root: root, resolvedRoot: files.resolve(root), config: config, liquid: site, themeSass: theme?.sassFolder).compile(all, with: tools.sass, warnings: &warnings)
    }

    /// A site with layouts (its own or its theme's) is framed by them, unless it keeps ours (`theme: blogpager`). Its own
    /// home page then keeps `/`, and the archive's front page is the page that lists the posts: jekyll-paginate's
    /// (`paginate_path`'s folder), else `blog/`; a page of the site there lends the archive its layout and title.
    func frame(_ config: inout SiteConfig, liquid: LiquidSources?, pages: [SourceFile]) {
        guard let liquid else { return }
        // The plugins Jekyll loads beside `plugins:`: the Gemfile's group, the theme's dependencies, GitHub Pages' own.
        var loaded = liquid.theme?.runtimeDependencies(files: liquid.files) ?? []
        if let bytes = liquid.files.probeRead(LocalPath.joined(liquid.root, "Gemfile")) {
            let gemfile = JekyllGemfile(text: String(decoding: bytes, as: UTF8.self))
            loaded += gemfile.plugins + (gemfile.isGitHubPages ? JekyllGemfile.gitHubPagesPlugins : [])
        }
        config.plugins.formUnion(loaded.filter(LiquidSite.pluginsMade.contains))
        if loaded.contains("jemoji") { config.markdown.emoji = .github }
        // jekyll-paginate-v2's numbered pages, below the page it paginates, lead to the archive's as jekyll-paginate's do.
        if config.plugins.contains(JekyllPaginateV2.plugin), config.oldListPages == nil {
            for page in pages where PageReader.isMarkup(page) {
                guard case .success(let fields) = FrontMatterReader(config: config, page: true).fields(page),
                      let written = fields.first(where: { $0.key == "pagination" }),
                      let settings = JekyllPaginateV2(site: liquid.settings["pagination"], page: LiquidSite.value(of: written.value)) else { continue }
                let folder = page.relativePath.split(separator: "/").dropLast().map(String.init)
                let permalink = settings.permalink.split(separator: "/").map(String.init)
                config.oldListPages = OldListPages(pageSize: settings.perPage, templates: ["/" + (folder + permalink).joined(separator: "/") + "/"])
                break
            }
        }
        guard !liquid.layouts.isEmpty, !config.keepsOwnTemplates else { return }
        config.usesSiteLayouts = true
        config.markdown.headingLinks = false
        config.markdown.kramdownEmphasis = config.markdown.attributeLists
        // kramdown's code spans as Jekyll's default highlighter, Rouge, classes them.
        let kramdownHighlighter: String? = if case .map(let kramdown)? = config.params["kramdown"] { kramdown["syntax_highlighter"]?.scalarText } else { nil }
        let highlighter = kramdownHighlighter ?? config.params["highlighter"]?.scalarText ?? "rouge"
        if config.markdown.attributeLists, highlighter == "rouge" {
            config.markdown.inlineCodeClass = "language-plaintext highlighter-rouge"
            config.markdown.kramdownCodeBlocks = true
        }
        let pagePaths = Set(pages.map(\.relativePath))
        // jekyll-readme-index makes a README the home page where there is no index.
        let readme = config.plugins.contains(JekyllGemfile.readmeIndex) && pagePaths.contains { $0.split(separator: "/").count == 1 && $0.lowercased().hasPrefix("readme.") }
        // A home page: an index at the root, or a page near it whose permalink is `/` (`pages/index.html`).
        let reader = FrontMatterReader(config: config, page: true)
        let homeByPermalink = { pages.contains { page in
            PageReader.isMarkup(page) && page.relativePath.split(separator: "/").count <= 2
                && { if case .success(let fields) = reader.fields(page) { Self.folder(of: page, fields: fields) == [] } else { false } }()
        } }
        guard ["index.html", "index.md", "index.markdown"].contains(where: pagePaths.contains) || readme || homeByPermalink() else { return }
        // The folder of the paginated page: `/blog/page:num/` and `/blog/page/:num/` give `blog`.
        let paginated = config.oldListPages?.templates.first.map { template -> [String] in
            let segments = template.split(separator: "/").map(String.init)
            var folder = Array(segments.prefix { !$0.contains(":num") })
            if folder.count < segments.count, segments[folder.count] == ":num", folder.last == "page" { folder.removeLast() }
            return folder
        } ?? []
        config.archiveFolder = paginated.isEmpty ? ["blog"] : Array(paginated)
        let folder = config.archiveFolder.joined(separator: "/")
        let listing = ["index.html", "index.md", "index.markdown"].map { "\(folder)/\($0)" } + ["html", "md", "markdown"].map { "\(folder).\($0)" }
        if let page = pages.first(where: { listing.contains($0.relativePath) }),
           case .success(let fields) = FrontMatterReader(config: config, page: true).fields(page) {
            config.archivePage = SiteConfig.ArchivePage(source: page.relativePath,
                                             layout: fields.first { $0.key == "layout" }?.value.scalarText,
                                             title: fields.first { $0.key == "title" }?.value.scalarText)
        }
        themeList(&config, liquid: liquid, pages: pages, paginatedPage: paginated.isEmpty ? nil : config.archivePage?.source)
    }

    /// The page whose own loop over the posts becomes the archive's list (`JekyllListLoop`): the one `blogpager: list:` names
    /// (`loop:` its nth `for`, counted through its body and then its layouts), else the paginated page, else the home page,
    /// else the page at `/blog/`; one whose URL is a folder's (an index page, or `permalink: /blog/`). Its folder is then the
    /// archive's; `list: false` keeps blogpager's list.
    private func themeList(_ config: inout SiteConfig, liquid: LiquidSources, pages: [SourceFile], paginatedPage: String?) {
        var named: String?
        var number: Int?
        if case .map(let settings)? = config.params["blogpager"] {
            if case .bool(false)? = settings["list"] { return }
            named = settings["list"]?.scalarText
            number = settings["loop"]?.scalarText.flatMap { Int($0) }
        }
        let layouts = JekyllLayouts(sources: liquid, includeTags: LiquidSite.includeTagNames(config))
        let collections = Set(config.collections.map(\.name))
        let reader = FrontMatterReader(config: config, page: true)
        var read: [(page: SourceFile, fields: [FrontMatterField], folder: [String])] = []
        // Unless named, a page near the root (`blog.md`, `_pages/blog.md`, `blog/index.html`): the front matter of the rest is not read here.
        let near = { (page: SourceFile) in (named ?? paginatedPage).map { $0 == page.relativePath } ?? (page.relativePath.split(separator: "/").count <= 2) }
        for page in pages where PageReader.isMarkup(page) && near(page) {
            guard case .success(let fields) = reader.fields(page), let folder = Self.folder(of: page, fields: fields) else { continue }
            read.append((page, fields, folder))
        }
        // Unless named: the home page first, then the one at `/blog/`.
        let candidates = named != nil || paginatedPage != nil ? read : read.filter { $0.folder.isEmpty } + read.filter { $0.folder == ["blog"] }
        for (page, fields, folder) in candidates {
            guard case .success(let parts) = reader.split(page) else { continue }
            let layout = fields.first { $0.key == "layout" }?.value.scalarText
            // The page's own body, then its layouts, innermost first.
            let texts: [(layout: String?, text: String)] = [(nil, parts.body)]
                + layouts.chain(from: layout).map { ($0, layouts.byName[$0]!.body) }
            var found: SiteConfig.ListLoop?
            if let number {
                var counted = 0
                for (name, text) in texts {
                    let loops = ThemeMarkupScan.liquidTags(in: text).filter { $0.name == "for" }.count
                    if number - 1 < counted + loops { found = SiteConfig.ListLoop(layout: name, number: number - 1 - counted); break }
                    counted += loops
                }
            } else {
                found = texts.lazy.compactMap { name, text in
                    JekyllListLoop.postLoops(in: text, collections: collections).first { JekyllListLoop(text: text, number: $0) != nil }
                        .map { SiteConfig.ListLoop(layout: name, number: $0) }
                }.first
            }
            guard let found else { continue }
            config.archiveFolder = folder
            config.archivePage = SiteConfig.ArchivePage(source: page.relativePath, layout: layout,
                                                        title: fields.first { $0.key == "title" }?.value.scalarText, listLoop: found, file: page)
            return
        }
    }

    /// A page's folder where its URL is one (`blog/index.html`, or `permalink: /blog/`); nil where it is a file's.
    private static func folder(of page: SourceFile, fields: [FrontMatterField]) -> [String]? {
        if let permalink = fields.first(where: { $0.key == "permalink" })?.value.scalarText {
            return permalink.hasSuffix("/") && !permalink.contains(":") ? permalink.split(separator: "/").map(String.init) : nil
        }
        return ["index.html", "index.md", "index.markdown"].contains(page.fileName) ? page.relativePath.split(separator: "/").dropLast().map(String.init) : nil
    }

    /// A Jekyll site's Liquid reads its data, includes and layouts, and its theme's: a bad data file stops the build, as in
    /// Jekyll; a theme that is not installed is a warning that says how to install it.
    func liquidSources(layout: SiteLayout, config: SiteConfig, configFile: String?, configs: ConfigFiles, environment: [String: String], files: FileSystem,
                       log: inout DiagnosticLog, warnings: inout [Diagnostic]) -> LiquidSources? {
        guard config.reading.templateSyntax == .liquid, let root = layout.root else { return nil }
        var theme: JekyllTheme?
        if let name = config.stylesheets.theme {
            theme = JekyllTheme.find(name, in: JekyllTheme.gemFolders(siteRoot: root, environment: environment, files: files), files: files)
            if theme == nil {
                warnings.append(.warning(at: SourceLocation(path: layout.configToEdit),
                                         "theme '\(name)' was not found where Ruby installs gems (gem install \(name)\(JekyllTheme.debianPackage(of: name).map { ", or apt-get install \($0)" } ?? "")): its layouts, includes and stylesheets are not there, and blogpager's templates serve where the site has no layouts of its own"))
            }
        }
        return LiquidSources.load(root: root, configPath: configFile, configs: configs, theme: theme, files: files, log: &log, warnings: &warnings)
    }
}

extension ReadingRules {
    /// How Jekyll 4.3 reads posts: Ruby's dates and YAML, Liquid, a post without front matter, the last of two at one URL.
    static let jekyll: ReadingRules = {
        var rules = ReadingRules()
        rules.showsDatesInSiteZone = true
        rules.yamlKeysMayRepeat = true
        rules.readsDatesAsRuby = true
        rules.termsSplitOnSpaces = true
        rules.passesOverNonTextTerms = true
        rules.frontMatterNames = .jekyllsAlone
        rules.keepsLastOfSharedURL = true
        rules.keepsFirstOfSharedAlias = true
        rules.leavesUnresolvedFileLinks = true
        rules.untitledEntries = .fileNameCapitalized
        rules.frontMatterIsOptional = true
        rules.templateSyntax = .liquid
        return rules
    }()
}
