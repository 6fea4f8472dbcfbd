/// `sitemap.xml` (sitemaps.org 0.9): every list page and entry page. Over
/// 50,000 URLs, the protocol's limit per file, it becomes an index of parts.
struct Sitemap {
    struct Location {
        /// Absolute URL.
        var url: String
        var lastModified: String?
    }

    static let maxPerFile = 50_000

    var locations: [Location]

    /// The files to write, by name: `sitemap.xml` alone, or an index and `sitemap-N.xml` parts.
    func files(origin: String, basePath: String) -> [(name: String, bytes: [UInt8])] {
        guard locations.count > Self.maxPerFile else { return [("sitemap.xml", urlSet(locations[...]))] }
        var files: [(String, [UInt8])] = []
        var index = """
        <?xml version="1.0" encoding="UTF-8"?>
        <sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">

        """
        for (number, start) in stride(from: 0, to: locations.count, by: Self.maxPerFile).enumerated() {
            let name = "sitemap-\(number + 1).xml"
            files.append((name, urlSet(locations[start..<min(locations.count, start + Self.maxPerFile)])))
            index += "<sitemap><loc>\(XMLText.escape(origin + basePath + "/" + name))</loc></sitemap>\n"
        }
        index += "</sitemapindex>\n"
        return [("sitemap.xml", Array(index.utf8))] + files
    }

    private func urlSet(_ part: ArraySlice<Location>) -> [UInt8] {
        var xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">

        """
        for location in part {
            xml += "<url><loc>\(XMLText.escape(location.url))</loc>"
            if let lastModified = location.lastModified { xml += "<lastmod>\(lastModified)</lastmod>" }
            xml += "</url>\n"
        }
        xml += "</urlset>\n"
        return Array(xml.utf8)
    }
}
