/// The read stage for pages beside the archive (an about page): each read on all cores, its
/// errors reported with the entries'.
enum PageReading {
    /// Every page read, its errors reported with the entries'.
    static func run(_ sources: [SourceFile], config: SiteConfig, log: inout DiagnosticLog) -> [StandalonePage] {
        let reader = PageReader(config: config)
        var pages: [StandalonePage] = []
        for result in sources.parallelMap(reader.read) {
            switch result {
            case .success(let page): pages.append(page)
            case .failure(let failure): log.append(contentsOf: failure.diagnostics)
            }
        }
        return config.plugins.contains(JekyllGemfile.readmeIndex) ? readmesAsIndexes(pages, config: config) : pages
    }

    /// jekyll-readme-index: a folder's README (a Markdown page) is its index where the folder has no index page of its own.
    static func readmesAsIndexes(_ pages: [StandalonePage], config: SiteConfig) -> [StandalonePage] {
        let taken = Set(pages.map(\.outputPath))
        return pages.map { page in
            let stem = page.source.baseFileName.split(separator: ".").first.map { $0.lowercased() } ?? ""
            guard stem == "readme", PageReader.isMarkdown(page.source) else { return page }
            let folder = page.source.relativePath.split(separator: "/").dropLast().map(String.init)
            guard let index = OutputPath.ifValid(folder + ["index.html"]), !taken.contains(index) else { return page }
            var moved = page
            moved.outputPath = index
            moved.url = index.urlPath(basePath: config.basePath, leavingOutHTML: false)
            return moved
        }
    }
}
