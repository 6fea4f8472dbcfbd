import Foundation

/// What the render stage needs once the input is known to be good: the key every rendered output
/// is filed under, the bodies' renderer (with a Jekyll site's Liquid, checked by rendering it
/// before anything is written), and each language's plan.
struct RenderSetup {
    /// Which highlighter runs (its version, or none) is part of every body's key: another one makes them again.
    let generation: String
    let bodies: BodyRenderer
    let plans: [RenderPlan]
    /// Where the render says how far it is.
    let progress: BuildProgress?

    init(_ checked: CheckedEntries, languages: LanguageSites, placed: OutputPlacement, input: SiteInput, options: BuildOptions,
         highlighter: CodeHighlighter?, reuse: ReuseLookup.Pending?, log: inout DiagnosticLog, warnings: inout [Diagnostic]) {
        let config = input.config
        // A site of several languages: the site's config, every language in it, keys them all.
        var toldAlready: [Diagnostic] = []
        let keyed = languages.sites.count == 1 ? languages.sites[0].renderer.config
            : SiteConfig.withMenu(of: config, pages: placed.pages, configPath: nil, warnings: &toldAlready)
        generation = RenderKeys.generation(program: options.program, config: keyed, templates: input.templates, assetURLs: languages.assets.urls,
                                           taxonomiesInUse: languages.taxonomiesInUse(config: config), highlighter: highlighter?.identity() ?? "plain")
        let imageSizes = ImageSizes(placed.copies.imageSizes, basePath: config.basePath)
        let liquid = Self.liquid(input, includes: checked.liquidIncludes, links: checked.links, posts: checked.sorted.elements, pages: placed.pages,
                                 staticFiles: placed.staticFiles, imageSizes: imageSizes, highlighter: highlighter, now: options.now)
        let unchecked = BodyRenderer(config: config, links: checked.links, imageSizes: imageSizes, shortcodes: input.templates,
                                     highlighter: highlighter, liquid: liquid)
        let pendingReuse = reuse?.matching(generation: generation)
        progress = options.progress
        plans = languages.sites.map {
            $0.renderer.plan($0.archive, streams: $0.streams, reuse: pendingReuse, links: checked.links, images: imageSizes, liquid: unchecked.liquid,
                             pages: placed.pages)
        }
        // A template's error found only as it renders (a self-including include) is found before anything is written.
        let toRender = zip(plans, languages.sites).flatMap { plan, site in plan.toRead.map { site.archive.entries[$0] } }
        bodies = unchecked.reusing(LiquidRenderCheck(bodies: unchecked).run(toRender, pages: placed.pages, log: &log))
        // The site's own layouts, tried before anything is written.
        for (plan, site) in zip(plans, languages.sites) {
            plan.frame.siteLayouts?.check(site.archive.entries, pages: placed.pages, log: &log, warnings: &warnings)
        }
    }

    /// A Jekyll site's Liquid, its `site` object listing the posts newest first; a post's `content`
    /// there is its body rendered with a Liquid of its own, in which posts have none.
    private static func liquid(_ input: SiteInput, includes: [String: LiquidInclude], links: EntryLinks, posts: [Entry], pages: [StandalonePage],
                               staticFiles: [StaticFile], imageSizes: ImageSizes, highlighter: CodeHighlighter?, now: Date) -> LiquidSite? {
        guard let sources = input.liquid else { return nil }
        let config = input.config
        // Its layouts parsed once, for the posts' own Liquid and the pages' alike.
        let layouts = JekyllLayouts(sources: sources, includeTags: LiquidSite.includeTagNames(config))
        let inner = LiquidSite(config: config, sources: sources, includes: includes, layouts: layouts, links: links, posts: posts, pages: pages,
                               staticFiles: staticFiles, now: now)
        let innerBodies = BodyRenderer(config: config, links: links, imageSizes: imageSizes, shortcodes: input.templates, highlighter: highlighter, liquid: inner)
        return LiquidSite(config: config, sources: sources, includes: includes, layouts: layouts, links: links, posts: posts, pages: pages,
                          staticFiles: staticFiles, now: now) {
            // A body that does not render here renders nowhere: its error is the build's where the post's own page renders it.
            switch innerBodies.body(of: $0) {
            case .success(let body): body
            case .failure: nil
            }
        }
    }
}
