/// The `Content-Type` of a served file, from its extension. Text types say
/// utf-8, which is what the generator writes.
public enum ContentTypes {
    public static func forFileName(_ name: String) -> String {
        let dot = name.lastIndex(of: ".")
        let ext = dot.map { name[name.index(after: $0)...].lowercased() } ?? ""
        return byExtension[ext] ?? "application/octet-stream"
    }

    /// Worth gzipping: text formats, where compression pays.
    public static func isCompressible(_ contentType: String) -> Bool {
        compressible.contains { contentType.hasPrefix($0) }
    }

    private static let compressible = [
        "text/", "application/json", "application/feed+json", "application/manifest+json", "application/xml", "application/atom+xml",
        "application/rss+xml", "image/svg+xml", "application/wasm", "font/ttf", "font/otf",
    ]

    private static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json; charset=utf-8",
        "map": "application/json; charset=utf-8",
        "webmanifest": "application/manifest+json; charset=utf-8",
        "xml": "application/xml; charset=utf-8",
        "atom": "application/atom+xml; charset=utf-8",
        "rss": "application/rss+xml; charset=utf-8",
        "txt": "text/plain; charset=utf-8",
        "md": "text/markdown; charset=utf-8",
        "csv": "text/csv; charset=utf-8",
        "svg": "image/svg+xml; charset=utf-8",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "ico": "image/vnd.microsoft.icon",
        "bmp": "image/bmp",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "ttf": "font/ttf",
        "otf": "font/otf",
        "pdf": "application/pdf",
        "zip": "application/zip",
        "wasm": "application/wasm",
        "mp3": "audio/mpeg",
        "ogg": "audio/ogg",
        "mp4": "video/mp4",
        "webm": "video/webm",
    ]
}
