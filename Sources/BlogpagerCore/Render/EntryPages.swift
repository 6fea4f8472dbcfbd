/// What each entry gives the site once its body is rendered: its article (the
/// HTML every stream's fragments share) and its own page, with its neighbours,
/// its tags and a link back into the main stream.
struct EntryPages {
    let config: SiteConfig
    let templates: TemplateSet
    let context: TemplateContext
    /// What each page is put in: in the site's own layouts, a post's page is its document as the old generator wrote it.
    let frame: PageFrame
    let archive: Archive
    /// By position: the page of the entry's own blog's stream it is on (the main stream's, or its section's).
    let streamPageURLs: [String]
    /// Each entry's own blog's stream and its place in it.
    let homes: StreamSet.HomePlaces
    /// By position in the main stream.
    let displayDates: [String]
    let anchors: [String]
    /// Each entry's translations by its URL, itself among them (`LanguageSplit`).
    var translations: [String: [LanguageSplit.Translation]] = [:]

    func article(at position: Int, body: EntryBody) -> String {
        templates.render("article", context.article(
            archive.entries[position], body: body, displayDate: displayDates[position], anchor: anchors[position], full: false))
    }

    /// Where the entry sits in its blog's stream: its page, at its article.
    func streamURL(at position: Int) -> String {
        streamPageURLs[position] + "#" + URLPathEncoding.encode(anchors[position])
    }

    /// The article's key (`RenderKeys.article`).
    func articleKey(at position: Int, links: EntryLinks? = nil, images: ImageSizes = ImageSizes(), liquid: LiquidSite? = nil) -> String {
        let entry = archive.entries[position]
        // A local image's size is in the article's HTML: it joins the key.
        let imageSizes = entry.references.compactMap { reference -> String? in
            guard case .image(let src) = reference.kind else { return nil }
            return images.size(of: src, from: entry.url).map { "\($0.width)x\($0.height)" } ?? "-"
        }
        // A link to another entry makes the article depend on that entry's URL.
        let linkURLs = entry.references.compactMap { reference -> String? in
            guard case .link = reference.kind else { return nil }
            return links?.url(for: reference, from: entry.source)?.url ?? "-"
        }
        // What its Liquid reads (a data file, an include, the list of posts) makes the article too.
        let liquidReads = liquid?.keyParts(for: entry.references) ?? []
        return RenderKeys.article(entry, displayDate: displayDates[position], anchor: anchors[position],
                                  termURLs: context.termLinks(entry).flatMap { [$0.taxonomy.key] + $0.links.map(\.url) } + linkURLs + imageSizes + liquidReads)
    }

    /// The entry page's key (`RenderKeys.entryPage`).
    func pageKey(at position: Int, articleKey: String) -> String {
        let (newer, older) = neighbours(of: position)
        // Its translations are linked from its page: one added, gone or moved makes it again.
        let translated = translations[archive.entries[position].url].map { $0.map { "\($0.tag) \($0.url)" }.joined(separator: "\n") } ?? ""
        // In the site's layouts, what they are and read.
        let framing = frame.siteLayouts.map { $0.layoutKey(of: archive.entries[position]) } ?? ""
        return RenderKeys.entryPage(article: articleKey, streamURL: streamURL(at: position) + (translated.isEmpty ? "" : "\n" + translated) + framing,
                                    newer: newer, older: older)
    }

    /// The entries beside it in its own blog's stream.
    private func neighbours(of position: Int) -> (newer: Entry?, older: Entry?) {
        let (stream, index) = homes.place(of: position)
        let entries = stream.archive.entries
        return (index > 0 ? entries[index - 1] : nil, index + 1 < entries.count ? entries[index + 1] : nil)
    }

    func page(at position: Int, body: EntryBody) -> Result<OutputFile, BuildFailure> {
        let entry = archive.entries[position]
        if let siteLayouts = frame.siteLayouts {
            return siteLayouts.page(of: entry, body: body).map { OutputFile(path: entry.outputPath, text: $0) }
        }
        let (newer, older) = neighbours(of: position)
        var values: [String: Any] = [
            "site": context.site,
            "entry": context.article(entry, body: body, displayDate: displayDates[position], anchor: anchors[position], full: true),
            "stream_url": streamURL(at: position),
        ]
        if let newer { values["newer_entry"] = ["title": newer.title, "url": newer.url] }
        if let older { values["older_entry"] = ["title": older.title, "url": older.url] }
        let translated = translations[entry.url] ?? []
        let others = translated.filter { $0.url != entry.url }.map { ["name": $0.name, "tag": $0.tag, "url": $0.url] }
        if !others.isEmpty {
            values["translations"] = others
            values["has_translations"] = true
        }
        var meta = TemplateContext.PageMeta(
            title: "\(entry.title) · \(config.title)", description: body.summaryText, path: entry.url,
            type: "article", heading: entry.title, published: entry.date, modified: entry.updated,
            language: config.languageCode == nil ? entry.language : nil)
        meta.alternates = translated.map { ($0.tag, context.urls.absolute($0.url) ?? $0.url) }
        let page = templates.render("layout", context.layout(
            meta, content: templates.render("entry", values), newer: newer?.url, older: older?.url, kind: "entry"))
        return .success(OutputFile(path: entry.outputPath, text: page))
    }
}
