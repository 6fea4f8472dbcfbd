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
            // (Foundation's replacing and trimming only where there is something to replace or trim:
            // every heading of every entry comes here.)
            let dashed = text.utf8Contains("--")
                ? text.replacingOccurrences(of: "---", with: "\u{2014}").replacingOccurrences(of: "--", with: "\u{2013}") : text
            let source = self == .githubASCII ? dashed.folding(options: .diacriticInsensitive, locale: nil) : dashed
            let edges = (source.unicodeScalars.first, source.unicodeScalars.last)
            let trimmed = [edges.0, edges.1].contains { $0.map { $0.properties.isWhitespace || $0 == "\n" || $0 == "\r" } ?? false }
                ? source.trimmingCharacters(in: .whitespacesAndNewlines) : source
            var id: [UInt8] = []
            for scalar in trimmed.unicodeScalars {
                if scalar.isASCII {
                    // The ASCII letters, digits and `_` as the Unicode properties below would judge them.
                    let byte = UInt8(scalar.value)
                    switch byte {
                    case UInt8(ascii: "-"), UInt8(ascii: " "): id.append(UInt8(ascii: "-"))
                    case UInt8(ascii: "A")...UInt8(ascii: "Z"): id.append(byte + 32)
                    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"): id.append(byte)
                    default: break
                    }
                } else if self == .github, scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal {
                    id += String(scalar).lowercased().utf8
                }
            }
            return id.isEmpty ? "heading" : String(decoding: id, as: UTF8.self)
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
