import Foundation
import Synchronization

/// The path a site is published under (`/blog` for `base_url: https://example.org/blog/`),
/// as its root `index.json` names its front page. Its pages link `/blog/…` while its
/// files sit at the output folder's root, as a host publishing it at that path serves
/// them: the server answers both. Read again only when `index.json` changes (a rebuild
/// under `--watch` with another `base_url`).
public final class SiteBasePath: Sendable {
    /// The last `index.json` read, by its ETag, and the base path it gave (nil: none).
    private let read = Mutex<(eTag: String, path: String?)?>(nil)

    /// The base path for the `index.json` served as `file`, without its trailing slash; nil for a site at the root.
    func path(from file: ServedFile?) -> String? {
        guard let file, let body = file.plain.body else { return nil }
        if let known = read.withLock({ $0 }), known.eTag == file.plain.eTag { return known.path }
        let path = Self.decode(Array(body.readableBytesView))
        read.withLock { $0 = (file.plain.eTag, path) }
        return path
    }

    /// The base path of the site in `folder` as it is now (for the address the server prints).
    public static func of(_ folder: SiteFolder) -> String? {
        FileManager.default.contents(atPath: folder.realPath + "/index.json").flatMap { decode(Array($0)) }
    }

    static func decode(_ bytes: [UInt8]) -> String? {
        guard let index = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any],
              let stream = index["stream"] as? [String: Any], let url = stream["url"] as? String,
              url.hasPrefix("/"), url.count > 1 else { return nil }
        return url.hasSuffix("/") ? String(url.dropLast()) : url
    }
}
