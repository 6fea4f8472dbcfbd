/// The sizes of the site's own images (its static files and page bundles'), by
/// the URL path that serves each, so a page's `<img>` gets `width` and
/// `height` when it is built and keeps its place while the image loads.
public struct ImageSizes: Sendable {
    private var byURL: [String: ImageSize] = [:]
    static let extensions: Set<String> = ["png", "gif", "jpg", "jpeg", "webp", "svg"]

    public init() {}

    /// From the images as published, each with the size its header says (`StaticFileCopies`).
    init(_ sizes: [(path: OutputPath, size: ImageSize)], basePath: String) {
        for (path, size) in sizes {
            byURL[path.urlPath(basePath: basePath)] = size
            byURL[path.urlPath(basePath: "")] = size
        }
    }

    /// Whether the file at `path` is named as an image whose size a page may be given.
    static func isImage(_ path: OutputPath) -> Bool {
        let name = path.name
        guard let dot = name.lastIndex(of: ".") else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }

    var isEmpty: Bool { byURL.isEmpty }

    /// The size of the image at `src` as a page at `pageURL` names it (absolute path, or relative to the page's folder).
    func size(of src: String, from pageURL: String) -> ImageSize? {
        guard !byURL.isEmpty, !src.contains("://"), !src.hasPrefix("//"), !src.hasPrefix("data:") else { return nil }
        var path = String(src.prefix { $0 != "?" && $0 != "#" })
        if !path.hasPrefix("/") {
            let folder = pageURL.hasSuffix("/") ? pageURL : String(pageURL[...(pageURL.lastIndex(of: "/") ?? pageURL.startIndex)])
            path = folder + path
        }
        let normalized = "/" + EntryLinks.normalized(path)
        return byURL[normalized] ?? byURL[path]
    }

    /// `<img src="…">` tags without a `width` get the image's `width` and `height`.
    func sizing(_ html: String, pageURL: String) -> String {
        guard !byURL.isEmpty, html.utf8Contains("<img ") else { return html }
        var result = ""
        var rest = Substring(html)
        while let open = rest.range(of: "<img ") {
            result += rest[..<open.upperBound]
            rest = rest[open.upperBound...]
            guard let close = rest.firstIndex(of: ">") else { break }
            let attributes = rest[..<close]
            if !attributes.contains("width="), let srcStart = attributes.range(of: "src=\""),
               let srcEnd = attributes[srcStart.upperBound...].firstIndex(of: "\"") {
                let src = String(attributes[srcStart.upperBound..<srcEnd]).replacingOccurrences(of: "&amp;", with: "&")
                if let size = size(of: src.removingPercentEncoding ?? src, from: pageURL) {
                    result += "width=\"\(size.width)\" height=\"\(size.height)\" "
                }
            }
        }
        return result + rest
    }
}
