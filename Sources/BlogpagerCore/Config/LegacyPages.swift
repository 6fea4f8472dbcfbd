import Foundation

/// `legacy-pages.yml`: where each list page of the old site leads. The first
/// build from a Jekyll, Hugo or Zola root writes it beside the config, from
/// the entries as they were; from then on it is a source the user keeps, and
/// it alone decides these redirects, so they never move when posts are added.
/// Each old URL leads to the entry that was first on that page, wherever
/// blogpager's own pages have it.
public struct LegacyPages: Sendable, Hashable {
    public struct Page: Sendable, Hashable {
        /// The old list page's URL, below the site's base path (`/page/2/`).
        public var url: String
        /// The first entry it held, by its file's path from the content root (`_posts/2016-05-12-name.md`).
        public var first: String
        /// Where that line is in the file, for messages.
        public var line = 0
        /// A list of blogpager's own it leads to instead of an entry (a term's, for the old page 1
        /// of its list): made by each build, never in the file.
        public var list: List? = nil

        public struct List: Sendable, Hashable {
            /// Its URL, with the site's base path.
            public var url: String
            public var title: String
        }
    }

    public static let fileName = "legacy-pages.yml"

    public var pages: [Page]

    public init(pages: [Page]) {
        self.pages = pages
    }

    /// The old list pages, computed from the entries as they are now (newest first): page N of a
    /// list held entries (N-1)*size ..< N*size; so did page N of each term's list, of the term's
    /// entries (`terms`, by the term's folder, `tags/swift`).
    init(old: OldListPages, entries: [Entry], terms: [(folder: String, entries: [Entry])] = [], section: [String]) {
        var pages: [Page] = []
        func add(_ template: String, _ entries: [Entry]) {
            var number = 2
            while (number - 1) * old.pageSize < entries.count, let url = OldListPages.url(template, number: number) {
                let first = entries[(number - 1) * old.pageSize]
                pages.append(Page(url: url, first: EntryLinks.contentPath(of: first.source, section: section)))
                number += 1
            }
        }
        for template in old.templates { add(template, entries) }
        for template in old.termTemplates {
            for term in terms { add(template.replacingOccurrences(of: ":term", with: term.folder), term.entries) }
        }
        self.pages = pages
    }

    /// The file's text: a comment saying what it is, then a line per page.
    func text() -> String {
        var text = """
        # Where each list page of the old site leads (written once by blogpager, from the entries as
        # they were). Keep it with your site: it decides these redirects from now on, so they never
        # move when new posts arrive. Each old URL leads to the entry that was first on that page.
        pages:\(pages.isEmpty ? " []" : "")

        """
        for page in pages {
            text += "  - url: \(Self.quoted(page.url))\n    first: \(Self.quoted(page.first))\n"
        }
        return text
    }

    private static func quoted(_ value: String) -> String {
        "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Reads the file a build (or its user) left; every bad line is reported.
    static func read(_ text: String, path: String) -> Result<LegacyPages, BuildFailure> {
        let fields: [FrontMatterField]
        switch YAMLMappingReader(path: path).read(text) {
        case .success(let read): fields = read
        case .failure(let diagnostic): return .failure(BuildFailure(diagnostic))
        }
        var log = DiagnosticLog()
        var pages: [Page] = []
        for field in fields {
            guard field.key == "pages" else {
                log.append(.error(at: field.keyLocation, "unknown key '\(field.key)': \(fileName) holds 'pages', a list of url and first"))
                continue
            }
            if field.value == .null { continue }
            guard case .list(let items) = field.value else {
                log.append(.error(at: field.valueLocation, "pages must be a list of {url, first}"))
                continue
            }
            for (index, item) in items.enumerated() {
                let location = index < field.items.count ? field.items[index].location : field.valueLocation
                guard case .map(let map) = item, let url = map["url"]?.scalarText, url.hasPrefix("/"), let first = map["first"]?.scalarText else {
                    log.append(.error(at: location, "each page must have a url (starting with /) and first (an entry's file)"))
                    continue
                }
                pages.append(Page(url: url, first: first, line: location.line))
            }
        }
        if log.hasErrors { return .failure(BuildFailure(log.diagnostics)) }
        return .success(LegacyPages(pages: pages))
    }
}
