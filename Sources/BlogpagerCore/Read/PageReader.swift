/// Reads a page that is not an entry: its title and where it goes. The URL
/// is the page's own when it names one (Jekyll's `permalink:`, Hugo's `url:`,
/// Zola's `path:`), else its place in the site: `about.md` is `about.html`
/// (Jekyll's default) or `about/` (Hugo, Zola, Jekyll's `permalink: pretty`);
/// in a Hugo site, sanitized and lowercased as Hugo does (`My Notes.md` is `my-notes/`).
struct PageReader {
    var config: SiteConfig

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
                var url = text
                if case .jekyll = config.entryURLs {
                    if let collection {
                        // A collection's document fills its own permalink as the collection's is filled.
                        url = JekyllCollection(name: collection.name, permalink: text).url(ofDocumentAt: inCollection, slug: slug)
                    } else {
                        // Jekyll fills a page's permalink: `:path` (its folder), `:basename`, `:output_ext`.
                        let folder = file.relativePath.split(separator: "/").dropLast().joined(separator: "/")
                        url = EntryURLMaker.jekyllFilled(text, values: ["path": "/" + folder, "basename": stem, "output_ext": ".html"])
                        while url.contains("//") { url = url.replacingOccurrences(of: "//", with: "/") }
                    }
                }
                (segments, extensionless) = config.entryURLs.placement(ofOwnURL: url, written: text)
            } else if let collection {
                // A Jekyll collection's document, at the collection's permalink.
                let url = collection.url(ofDocumentAt: inCollection, slug: slug)
                (segments, extensionless) = config.entryURLs.placement(ofOwnURL: url)
            } else if case .hugo(let templates, _, _) = config.language(of: file)?.entryURLs(over: config.entryURLs) ?? config.entryURLs,
                      let first = file.relativePath.split(separator: "/").first,
                      file.relativePath.contains("/"), templates[String(first)] != nil,
                      case let name = FileNameParts(source: file),
                      let made = try? EntryURLMaker(rule: config.language(of: file)?.entryURLs(over: config.entryURLs) ?? config.entryURLs,
                                                    basePath: "", section: []).make(EntryURLMaker.Facts(
                          source: file, fileStem: name.stem, fileSlug: name.slug, frontSlug: slug, title: title, date: EntryDate(epochSeconds: Self.yearOne), categories: [], ownURL: nil)) {
                // A page of a section with a `[permalinks]` template is placed by it, dated as Hugo dates an undated page (the year 1).
                segments = made.outputPath.segments
            } else if case .hugo(_, let uglyURLs, let paths) = config.entryURLs {
                // Where Hugo places a page by its file: its folders and its slug or name, sanitized as
                // Hugo sanitizes paths, lowercased unless the site turns that off.
                var parts = file.relativePath.split(separator: "/").dropLast().map(String.init)
                // `slug` is the last segment of the URL: a bundle's (`about/index.md`) in place of its folder's name.
                if stem == "index", let slug, !parts.isEmpty { parts[parts.count - 1] = slug } else if stem != "index" || slug != nil { parts.append(slug ?? stem) }
                let path = paths.fromFilePlace(parts.joined(separator: "/"))
                segments = path.split(separator: "/").map(String.init)
                let section = file.relativePath.contains("/") ? String(file.relativePath.prefix { $0 != "/" }) : ""
                if uglyURLs.applies(to: section), let last = segments.popLast() { segments.append(last + ".html") } else { segments.append("index.html") }
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

    /// 0001-01-01T00:00:00Z, the date Hugo gives a page without one.
    static let yearOne: Int64 = -62_135_596_800
}
