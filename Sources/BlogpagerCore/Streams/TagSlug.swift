import Foundation

/// The folder name of a tag's stream: `Web Dev` → `web-dev`, `C++` → `c++`,
/// `日本語` → `日本語`. Tags that differ only in case or spacing share a stream,
/// as a reader expects of `Swift` and `swift`.
public enum TagSlug {
    public static func make(_ tag: String) -> String {
        var slug = ""
        var pendingDash = false
        // NFC first: the same tag typed on two systems gives one folder.
        for character in tag.precomposedStringWithCanonicalMapping.lowercased() {
            if character.isLetter || character.isNumber || "_+".contains(character) || (character == "." && !slug.isEmpty) {
                if pendingDash && !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.append(character)
            } else {
                // Spaces, dashes, slashes and other punctuation become one dash.
                pendingDash = true
            }
        }
        while slug.hasSuffix(".") { slug.removeLast() }
        if slug.isEmpty || OutputPath.problem(with: slug) != nil {
            // Only punctuation (`#`, `...`): a stable name from the text itself.
            return "tag-" + StableHash.hex(StableHash.hash(tag), digits: 8)
        }
        return slug
    }
}
