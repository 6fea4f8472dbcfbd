import BlogpagerCore

/// `Cache-Control` by what a file is. Content-hashed names (fragments and
/// assets) never change under the same URL, so they are cached for a year;
/// everything else is revalidated every time (cheap with the ETag), so
/// readers see new entries at once.
public enum CachePolicy {
    public static let immutable = "public, max-age=31536000, immutable"
    public static let revalidate = "no-cache"

    public static func cacheControl(forFileName name: String) -> String {
        ContentHashedName.isHashed(name) ? immutable : revalidate
    }
}
