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

    /// Whether a file name has the digest part just before its extension (or at its end).
    public static func isHashed(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return false }
        let candidates = parts.count >= 3 ? [parts[parts.count - 2], parts[parts.count - 1]] : [parts[parts.count - 1]]
        return candidates.contains { part in
            part.utf8.count == digits && part.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
        }
    }
}
