import Foundation

/// Zola's URLs: the page's own `path`, else its section's path and its slug.
extension EntryURLMaker {
    func zolaURL(_ facts: Facts) throws(Problem) -> Made {
        if let own = facts.ownURL { return try made("/" + own.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + "/") }
        let slug = Self.zolaSlug(facts.frontSlug ?? facts.fileSlug)
        return try made("/" + (contentFolders(facts) + [slug]).joined(separator: "/") + "/")
    }

    /// Zola's default `slugify`: accents dropped, lowercased, anything but ASCII letters and digits a hyphen;
    /// a name with nothing of those (Japanese) keeps its letters.
    static func zolaSlug(_ text: String) -> String {
        let folded = text.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil).lowercased()
        var slug = ""
        var pendingHyphen = false
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingHyphen, !slug.isEmpty { slug += "-" }
                pendingHyphen = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingHyphen = true
            }
        }
        return slug.isEmpty ? jekyllSlugify(text, pretty: false, cased: false) : slug
    }
}
