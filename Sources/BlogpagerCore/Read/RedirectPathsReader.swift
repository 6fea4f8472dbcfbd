import Foundation

/// Reads an entry's old addresses (`aliases`, `redirect_from`): one path or a
/// list, each the place of a redirect page under `out/`, where the old
/// generator wrote it (`EntryURLRule.Redirects`): a folder (`old/index.html`)
/// or a file (`old.html`); a relative one from the entry's folder (Hugo) or
/// the site's root; a percent-encoded one decoded.
struct RedirectPathsReader {
    /// The folder the entry's page is in, below the site's root (`["posts"]` for `/posts/x/`).
    var entryFolder: [String]
    var style = EntryURLRule.Redirects()

    func read(_ field: FrontMatterField, log: inout DiagnosticLog) -> [OutputPath] {
        let written: [(text: String?, location: SourceLocation)]
        switch field.value {
        case .null: return []
        case .list(let values):
            written = values.enumerated().map { index, value in
                (value.scalarText, index < field.items.count ? field.items[index].location : field.valueLocation)
            }
        case .map:
            log.append(.error(at: field.valueLocation, "\(field.key) must be a path such as /old/address/ or a list of them"))
            return []
        default: written = [(field.rawText, field.valueLocation)]
        }
        var paths: [OutputPath] = []
        for (text, location) in written {
            guard let text = text?.trimmingSpaces, !text.isEmpty else {
                log.append(.error(at: location, "each of \(field.key) must be a path such as /old/address/"))
                continue
            }
            let decoded = text.removingPercentEncoding ?? text
            var segments = (decoded.hasPrefix("/") || !style.relativeToEntry ? [] : entryFolder) + decoded.split(separator: "/").map(String.init)
            let hasExtension = !decoded.hasSuffix("/") && (segments.last?.contains(".") ?? false)
            if !hasExtension, !segments.isEmpty {
                if decoded.hasSuffix("/") ? style.slashedIsFile : style.bareIsFile {
                    segments[segments.count - 1] += ".html"
                } else {
                    segments.append("index.html")
                }
            }
            do {
                let path = try OutputPath(segments)
                if !paths.contains(path) { paths.append(path) }
            } catch {
                log.append(.error(at: location, "\(field.key) '\(text)' is not a safe path: \(error.message)"))
            }
        }
        return paths
    }
}
