/// The render stage: assets and static files first (pages link them), then each language's
/// archive, then the files of a site of several languages as a whole.
struct SiteRendering {
    /// The default language's cursor index.
    let index: CursorIndex
    let slots: [RenderedSlots.Slot]
    let bodiesRendered: Int
    /// What each written file is: the site's static copies and its redirects, known here.
    let classifier: OutputClassifier

    /// `placed`'s copies are let go once written: a site's images are not held through the render.
    static func run(_ languages: LanguageSites, setup: RenderSetup, placed: inout OutputPlacement, input: SiteInput,
                    emit: (OutputBatch) async throws(BuildFailure) -> Void) async throws(BuildFailure) -> SiteRendering {
        try await emit(OutputBatch(files: languages.assets.files + placed.copies.written, kept: placed.copies.kept))
        placed.copies.written = []
        var index: CursorIndex?
        var slots: [RenderedSlots.Slot] = []
        var bodiesRendered = 0
        var redirectLines: [String] = []
        var sitemapFolders: [String] = []
        var redirects: Set<String> = []
        let staticFiles = Set(placed.staticFiles.map(\.path.string))
        for ((site, plan), pages) in zip(zip(languages.sites, setup.plans), placed.pagesByLanguage) {
            var renderer = site.renderer
            renderer.progress = setup.progress
            let rendered = try await renderer.render(plan, pages: pages, bodies: setup.bodies, emit: emit)
            index = index ?? rendered.index
            slots += rendered.slots
            bodiesRendered += rendered.bodiesRendered
            redirectLines += rendered.redirectLines
            sitemapFolders += rendered.sitemapFolder.map { [$0] } ?? []
            redirects.formUnion(rendered.redirectPaths)
        }
        if languages.sites.count > 1 {
            let files = siteFiles(languages, setup: setup, placed: placed, input: input, redirectLines: redirectLines, sitemapFolders: sitemapFolders)
            redirects.formUnion(files.filter { $0.path.name != "sitemap.xml" }.map(\.path.string))
            try await emit(OutputBatch(files: files))
        }
        guard let index else { preconditionFailure("a site has at least one language") }
        return SiteRendering(index: index, slots: slots, bodiesRendered: bodiesRendered,
                             classifier: OutputClassifier(staticFiles: staticFiles, redirects: redirects))
    }

    /// The files of a site of several languages: one `_redirects`, the index of the languages' sitemaps,
    /// and where no language is at the root, a page there that leads to the default one's, as Hugo's does.
    private static func siteFiles(_ languages: LanguageSites, setup: RenderSetup, placed: OutputPlacement, input: SiteInput,
                                  redirectLines: [String], sitemapFolders: [String]) -> [OutputFile] {
        let config = input.config
        var files = SiteRenderer.redirectsFile(redirectLines).map { [$0] } ?? []
        if let origin = SiteURLs(config: config).origin, !sitemapFolders.isEmpty {
            files.append(OutputFile(path: OutputPath(literal: "sitemap.xml"),
                                    bytes: Sitemap.index(of: sitemapFolders.map { $0 + "sitemap.xml" }, origin: origin, basePath: config.basePath)))
        }
        if let root = rootRedirect(languages.split), !placed.pages.contains(where: { $0.outputPath == root.path }),
           !placed.staticFiles.contains(where: { $0.path == root.path }) {
            files.append(OutputFile(path: root.path, text: input.templates.render("redirect", [
                "site": setup.plans[0].context.site, "title": root.title, "target": SiteURLs(config: config).absolute(root.target) ?? root.target,
            ])))
        }
        return files
    }

    /// Where no language is at the site's root (Hugo's `defaultContentLanguageInSubdir`, a Jekyll
    /// site's language folders), the page there that leads to the default language's archive.
    private static func rootRedirect(_ split: LanguageSplit) -> (path: OutputPath, target: String, title: String)? {
        guard split.parts.count > 1, !split.parts.contains(where: { $0.config.languageRoot.isEmpty }) else { return nil }
        let first = split.parts[0].config
        return (OutputPath(literal: "index.html"), SiteURLs(config: first).home, first.title)
    }
}
