import Foundation
import Synchronization

/// `blogpager check`: everything a build reads and checks (entries, their links to each other,
/// URLs, Liquid, the old generator's rules), rendered in memory and written nowhere. The output
/// folder is not looked at, nor its lock taken.
extension BuildJob {
    public struct Checked: Sendable {
        public var entries: Int
        public var pages: Int
        public var warnings: [Diagnostic]
        /// Each link to another site the pages hold, with the first page that holds it (with `collectingLinks`).
        public var externalLinks: [(url: String, page: String)] = []
    }

    public func check(now: Date, collectingLinks: Bool = false) async throws(BuildFailure) -> Checked {
        // Stylesheets compiled as the build compiles them: their problems are the build's, and a
        // stylesheet with front matter is not one of the pages a build leaves out.
        let input = try loader.compilingStylesheets(with: stylesheetTools(now: now)).load()
        let options = BuildOptions(includeDrafts: includeDrafts, includeFuture: includeFuture, now: now, program: program)
        // The site's own absolute links (canonical, feeds) are its pages, checked by the build itself.
        let links = ExternalLinks(ownPrefix: input.config.baseURL.map { $0.hasSuffix("/") ? $0 : $0 + "/" })
        let site = try await SiteBuilder().build(input, options: options) { (batch: OutputBatch) throws(BuildFailure) in
            if collectingLinks { for file in batch.files where file.path.name.hasSuffix(".html") { links.collect(from: file) } }
        }
        return Checked(entries: site.summary.entries, pages: site.standalonePages, warnings: site.warnings, externalLinks: links.found)
    }
}

/// The links to other sites in a build's pages: `href="http…"`, each once, with the first page that holds it.
final class ExternalLinks: Sendable {
    private let state = Mutex<(seen: Set<String>, list: [(url: String, page: String)])>(([], []))
    private let ownPrefix: String?

    init(ownPrefix: String?) {
        self.ownPrefix = ownPrefix
    }

    var found: [(url: String, page: String)] { state.withLock { $0.list } }

    func collect(from file: OutputFile) {
        let bytes = file.bytes
        let marker = Array("href=\"http".utf8)
        var index = 0
        var urls: [String] = []
        while index + marker.count <= bytes.count {
            guard bytes[index] == marker[0], bytes[index..<(index + marker.count)].elementsEqual(marker) else {
                index += 1
                continue
            }
            let start = index + 6
            guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { break }
            let url = String(decoding: bytes[start..<end], as: UTF8.self).replacingOccurrences(of: "&amp;", with: "&")
            if url.hasPrefix("http://") || url.hasPrefix("https://"), ownPrefix.map({ !url.hasPrefix($0) && url + "/" != $0 }) ?? true { urls.append(url) }
            index = end
        }
        state.withLock { state in
            // The page as its address: `/2024/03/05/post/`.
            let page = "/" + (file.path.string.hasSuffix("index.html") ? String(file.path.string.dropLast("index.html".count)) : file.path.string)
            for url in urls where state.seen.insert(url).inserted { state.list.append((url, page)) }
        }
    }
}
