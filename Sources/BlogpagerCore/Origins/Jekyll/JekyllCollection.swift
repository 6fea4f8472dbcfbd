/// A Jekyll collection other than posts whose documents Jekyll writes (`collections: work:
/// output: true`): its documents with front matter are built as pages at the collection's
/// permalink, its other files copied beside them, so links to them (`{% link _work/x.md %}`) land.
public struct JekyllCollection: Sendable, Hashable {
    public var name: String
    /// Its URL template; Jekyll's default is `/:collection/:path:output_ext`.
    public var permalink: String

    public init(name: String, permalink: String = "/:collection/:path:output_ext") {
        self.name = name
        self.permalink = permalink
    }

    /// Its folder below the site's root: `_work`.
    public var folder: String { "_" + name }

    /// The URL Jekyll gives the document at `path` inside the collection's folder (`sub/name.md`):
    /// `:collection`, `:path` (its path without the extension), `:name` and `:title` (its file's
    /// name, or its front matter's `slug`), `:output_ext` (`.html`).
    func url(ofDocumentAt path: String, slug: String?) -> String {
        let stem = Self.stem(ofDocumentAt: path)
        let name = String(stem.split(separator: "/").last ?? Substring(stem))
        let values = ["collection": self.name, "path": stem, "name": name, "title": slug ?? name, "slug": slug ?? name, "output_ext": ".html"]
        var url = EntryURLMaker.jekyllFilled(permalink, values: values)
        while url.contains("//") { url = url.replacingOccurrences(of: "//", with: "/") }
        return url.hasPrefix("/") ? url : "/" + url
    }

    /// A document's path inside the collection's folder without its extension (`sub/name`): Jekyll's `:path`.
    static func stem(ofDocumentAt path: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return path }
        return String(path[..<dot])
    }
}

extension JekyllCollection {
    /// A page's own `permalink` as Jekyll fills it: a collection's document as its collection's is filled;
    /// any other page's `:path` (its folder), `:basename` and `:output_ext`.
    static func filledPageURL(_ written: String, file: SourceFile, stem: String, slug: String?, collection: JekyllCollection?, inCollection: String) -> String {
        if let collection {
            return JekyllCollection(name: collection.name, permalink: written).url(ofDocumentAt: inCollection, slug: slug)
        }
        let folder = file.relativePath.split(separator: "/").dropLast().joined(separator: "/")
        var url = EntryURLMaker.jekyllFilled(written, values: ["path": "/" + folder, "basename": stem, "output_ext": ".html"])
        while url.contains("//") { url = url.replacingOccurrences(of: "//", with: "/") }
        return url
    }
}
