/// `sitemap.xml` (sitemaps.org 0.9): every list page and entry page. Over
/// 50,000 URLs, the protocol's limit per file, it becomes an index of parts.
/// Written straight from the site's paths and dates, the origin put before each
/// as it is written: a copy of every URL, and of every date as text, held until
/// the files were made, was a large part of a huge archive's memory.
struct Sitemap {
    struct Location {
        /// The path from the site's root (`/posts/name/`), or an absolute URL.
        var url: String
        var lastModified: EntryDate?
        /// The same page in each language it is written in (its tag and absolute URL), itself among them.
        var alternates: [(tag: String, url: String)] = []
    }

    static let maxPerFile = 50_000

    /// Put before every location's `url`: the site's origin (`https://example.org`), or "" for absolute URLs.
    var origin: String
    var locations: [Location]

    /// The files' names for `count` locations: `sitemap.xml` alone, or an index and `sitemap-N.xml` parts.
    /// `folder` (`fr/`): where a language's own sitemap is in a site of several.
    static func names(count: Int, folder: String = "") -> [String] {
        guard count > maxPerFile else { return [folder + "sitemap.xml"] }
        return [folder + "sitemap.xml"] + (0..<(count + maxPerFile - 1) / maxPerFile).map { folder + "sitemap-\($0 + 1).xml" }
    }

    /// The files to write, by name (`names(count:folder:)`).
    func files(basePath: String, folder: String = "") -> [(name: String, bytes: [UInt8])] {
        let names = Self.names(count: locations.count, folder: folder)
        guard names.count > 1 else { return [(names[0], urlSet(locations[...]))] }
        let index = Self.index(of: Array(names.dropFirst()), origin: origin, basePath: basePath)
        // The parts are independent: made side by side.
        let parts = Self.parts(count: locations.count).parallelMap { urlSet(locations[$0]) }
        return [(names[0], index)] + zip(names.dropFirst(), parts).map { ($0, $1) }
    }

    /// The locations each `sitemap-N.xml` holds, in order (one range when they fit in one file).
    static func parts(count: Int) -> [Range<Int>] {
        stride(from: 0, to: max(count, 1), by: maxPerFile).map { $0..<min(count, $0 + maxPerFile) }
    }

    /// How many locations are written, or keyed (`RenderKeys.sitemap`), as one run: a rebuild that
    /// adds an entry writes the whole sitemap again, in runs over every core.
    static let run = 4096

    /// The locations of a file, or of all of them (`parts`), in runs of `run`.
    static func runs(of part: Range<Int>) -> [Range<Int>] {
        stride(from: part.lowerBound, to: max(part.upperBound, part.lowerBound + 1), by: run).map { $0..<min(part.upperBound, $0 + run) }
    }

    private func urlSet(_ part: ArraySlice<Location>) -> [UInt8] {
        // The XHTML namespace only where a page names its translations, as Hugo's sitemaps do.
        let names = part.contains { !$0.alternates.isEmpty } ? " xmlns:xhtml=\"http://www.w3.org/1999/xhtml\"" : ""
        var xml = Array("""
        <?xml version="1.0" encoding="UTF-8"?>
        <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"\(names)>

        """.utf8)
        let opening = Array("<url><loc>\(XMLText.escape(origin))".utf8)
        let runs = Self.runs(of: part.indices).parallelMap { urls(locations[$0], opening: opening) }
        xml.reserveCapacity(xml.count + runs.reduce(0) { $0 + $1.count } + 16)
        for run in runs { xml += run }
        xml += "</urlset>\n".utf8
        return xml
    }

    /// The `<url>` elements of some locations.
    private func urls(_ part: ArraySlice<Location>, opening: [UInt8]) -> [UInt8] {
        var xml: [UInt8] = []
        xml.reserveCapacity(part.count * 128)
        for location in part {
            xml += opening
            xml += XMLText.escape(location.url).utf8
            xml += "</loc>".utf8
            if let lastModified = location.lastModified {
                xml += "<lastmod>".utf8
                lastModified.appendRFC3339(to: &xml)
                xml += "</lastmod>".utf8
            }
            for alternate in location.alternates {
                xml += "<xhtml:link rel=\"alternate\" hreflang=\"\(XMLText.escape(alternate.tag))\" href=\"\(XMLText.escape(alternate.url))\"/>".utf8
            }
            xml += "</url>\n".utf8
        }
        return xml
    }

    /// A `sitemapindex` naming other sitemaps by their absolute URLs: a large sitemap's parts, or a
    /// site of several languages' sitemaps (`/en/sitemap.xml`, `/fr/sitemap.xml`), as Hugo writes them.
    /// The index of sitemaps named by their paths below the site (`fr/sitemap.xml`).
    static func index(of paths: [String], origin: String, basePath: String) -> [UInt8] {
        index(naming: paths.map { origin + basePath + "/" + $0 })
    }

    static func index(naming urls: [String]) -> [UInt8] {
        var index = """
        <?xml version="1.0" encoding="UTF-8"?>
        <sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">

        """
        for url in urls { index += "<sitemap><loc>\(XMLText.escape(url))</loc></sitemap>\n" }
        index += "</sitemapindex>\n"
        return Array(index.utf8)
    }
}
