/// File names that carry a digest of their bytes (`name.<16 hex>.ext`): the
/// bytes under such a name never change, so browsers and servers may cache
/// them forever. One rule for fragments, assets and the server's headers.
public enum ContentHashedName {
    public static let digits = 16

    /// `stem.<digest>.ext` (or `stem.<digest>` without an extension).
    public static func make(_ name: String, bytes: [UInt8]) -> String {
        // The first half of `StableHash.digest`, without computing the second.
        let digest = StableHash.hex(StableHash.hash(bytes), digits: digits)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "\(name).\(digest)" }
        return "\(name[..<dot]).\(digest)\(name[dot...])"
    }

    /// Whether a file name has the digest part just before its extension (or at its end): its last
    /// part, or the one before it, is a digest. Read in place, without splitting the name: every
    /// file of a build's list is asked.
    public static func isHashed(_ name: String) -> Bool {
        let utf8 = name.utf8
        guard let last = utf8.lastIndex(of: 0x2E) else { return false }
        if isDigest(utf8[utf8.index(after: last)...]) { return true }
        guard let previous = utf8[..<last].lastIndex(of: 0x2E) else { return false }
        return isDigest(utf8[utf8.index(after: previous)..<last])
    }

    private static func isDigest(_ part: Substring.UTF8View) -> Bool {
        part.count == digits && part.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
