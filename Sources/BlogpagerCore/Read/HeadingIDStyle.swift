import Foundation

/// How a heading's `id` is made from its text, as the generator a site comes
/// from made it, so `#section` links from elsewhere still land: kramdown's
/// (Jekyll), Goldmark's `github` and `github-ascii` (Hugo; `github` is
/// blogpager's own), Zola's slug. A second heading of the same id gets `-1`,
/// then `-2`, as all of them do.
public enum HeadingIDStyle: String, Sendable, Hashable {
    case github, githubASCII = "github-ascii", kramdown, zola

    func id(for text: String) -> String {
        switch self {
        case .github, .githubASCII:
            // Goldmark's typographer and kramdown make `--` and `---` dashes, which an id leaves out.
            let dashed = text.replacingOccurrences(of: "---", with: "\u{2014}").replacingOccurrences(of: "--", with: "\u{2013}")
            let source = self == .githubASCII ? dashed.folding(options: .diacriticInsensitive, locale: nil) : dashed
            var id = ""
            for scalar in source.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars {
                if self == .githubASCII, !scalar.isASCII { continue }
                if scalar == "-" || scalar == " " {
                    id += "-"
                } else if scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal {
                    id += String(scalar).lowercased()
                }
            }
            return id.isEmpty ? "heading" : id
        case .kramdown:
            // kramdown: leading non-letters go, then all but ASCII letters, digits, spaces and hyphens; spaces become hyphens.
            let trimmed = text.unicodeScalars.drop { !(("a"..."z").contains($0) || ("A"..."Z").contains($0)) }
            var id = ""
            for scalar in trimmed where scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == " " || scalar == "-") {
                id += scalar == " " ? "-" : String(scalar).lowercased()
            }
            return id.isEmpty ? "section" : id
        case .zola:
            let slug = EntryURLMaker.zolaSlug(text)
            return slug.isEmpty ? "heading" : slug
        }
    }
}
