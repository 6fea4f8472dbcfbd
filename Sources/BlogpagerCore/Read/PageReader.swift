/// Reads a page that is not an entry: its title and where it goes. The URL
/// is the page's own when it names one (Jekyll's `permalink:`, Hugo's `url:`,
/// Zola's `path:`), else its place in the site: `about.md` is `about.html`
/// (Jekyll's default) or `about/` (Hugo, Zola, Jekyll's `permalink: pretty`);
/// in a Hugo site, sanitized and lowercased as Hugo does (`My Notes.md` is `my-notes/`).
struct PageReader {
    var config: SiteConfig

    /// Whether a page is Markdown or HTML, which becomes an HTML page; any other keeps its format (Jekyll's Liquid `feed.xml`).
    static func isMarkup(_ file: SourceFile) -> Bool {
        let ext = file.fileName.split(separator: ".").last.map { $0.lowercased() } ?? ""
        return ContentScanner.markdownExtensions.contains(ext) || HTMLContentRenderer.extensions.contains(ext)
    }

    /// Whether a page is Markdown (rendered as such); HTML and other formats are kept as written.
    static func isMarkdown(_ file: SourceFile) -> Bool {
        ContentScanner.markdownExtensions.contains(file.fileName.split(separator: ".").last.map { $0.lowercased() } ?? "")
    }

    func read(_ file: SourceFile) -> Result<StandalonePage, BuildFailure> {
        FrontMatterReader(config: config, page: true).fields(file).flatMap { fields in
            let byKey = Dictionary(fields.map { ($0.key.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
            let stem = String(file.baseFileName.split(separator: ".").dropLast().joined(separator: "."))
            let title = byKey["title"]?.rawText?.trimmingSpaces ?? stem
            var segments: [String]
            // A Jekyll URL without `.html` whose file has it: the page's URL leaves it out.
            var extensionless = false
            var location = SourceLocation(path: file.displayPath)
            let slug = byKey["slug"].flatMap { $0.value.isBlankText ? nil : $0.rawText?.trimmingSpaces }
            let collection = config.collections.first { file.relativePath.hasPrefix($0.folder + "/") }
            let inCollection = collection.map { String(file.relativePath.dropFirst($0.folder.count + 1)) } ?? ""
            let ownURL = ["permalink", "url", "path"].compactMap({ byKey[$0] }).first(where: { !$0.value.isBlankText })
            let hasOwnURL = ownURL?.rawText != nil
            if let own = ownURL, let text = own.rawText {
                location = own.valueLocation
                let url: String
                url = config.entryURLs.filledPageURL(text, file: file, stem: stem, slug: slug, collection: collection, inCollection: inCollection)
                (segments, extensionless) = config.entryURLs.placement(ofOwnURL: url, written: text)
            } else if !PageReader.isMarkup(file) {
                // A page of another format (`feed.xml`, `robots.txt`) keeps its name, as Jekyll writes it (`/:path/:basename:output_ext`).
                segments = file.relativePath.split(separator: "/").map(String.init)
            } else if let collection {
                // A Jekyll collection's document, at the collection's permalink.
                let url = collection.url(ofDocumentAt: inCollection, slug: slug)
                (segments, extensionless) = config.entryURLs.placement(ofOwnURL: url)
            } else if let placed = config.entryURLs.pageSegments(of: file, stem: stem, slug: slug, title: title,
                                                                  languageRule: config.language(of: file)?.entryURLs(over: config.entryURLs) ?? config.entryURLs) {
                segments = placed
            } else {
                segments = file.relativePath.split(separator: "/").dropLast().map(String.init)
                if stem == "index" {
                    segments.append("index.html")
                } else if config.pagesEndInHTML {
                    segments.append(stem + ".html")
                } else {
                    segments += [stem, "index.html"]
                }
            }
            // A page in a language whose URLs start at its root (Hugo's and Zola's `/fr/`) is there, unless it names its own.
            if !hasOwnURL, let language = config.language(of: file), language.prefixesEntryURLs {
                segments = language.root + segments
            }
            let path: OutputPath
            do throws(OutputPath.Invalid) {
                path = try OutputPath(segments)
            } catch {
                return .failure(BuildFailure(.error(at: location, "page URL is not a safe path: \(error.message)")))
            }
            // Its old addresses, as an entry's: a relative one from the folder its page sits in.
            var folder = path.segments
            if folder.last == "index.html" { folder.removeLast() }
            if !folder.isEmpty { folder.removeLast() }
            var log = DiagnosticLog()
            let redirectsFrom = (byKey["aliases"] ?? byKey["redirect_from"]).map {
                RedirectPathsReader(entryFolder: folder, style: config.entryURLs.redirects).read($0, log: &log)
            } ?? []
            if log.hasErrors { return .failure(BuildFailure(log.diagnostics)) }
            return .success(StandalonePage(source: file, title: title.isEmpty ? stem : title, outputPath: path,
                                           url: path.urlPath(basePath: config.basePath, leavingOutHTML: extensionless), redirectsFrom: redirectsFrom))
        }
    }
}
