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
        return pages
    }
}
