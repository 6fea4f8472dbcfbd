/// What a file name says: `2016-05-12-hello world.md` gives the date prefix
/// `2016-05-12` (the Jekyll convention) and the slug `hello-world`. Months and
/// days may have one digit (`2016-1-5-name.md`), as Jekyll reads them.
public struct FileNameParts: Sendable, Equatable {
    public var datePrefix: String?
    public var slug: String
    /// The name without its extension, date and all, as written (`2016-05-12-hello world`).
    public var stem: String

    /// A page bundle's `index.md` (Hugo's, and Zola's with its assets) is named by its folder.
    public init(source: SourceFile) {
        let segments = source.relativePath.split(separator: "/")
        self.init(fileName: source.isBundleIndex ? String(segments[segments.count - 2]) + ".md" : source.baseFileName)
    }

    /// `post.md` for `post.fr.md` in `fr`: a translation's name without its language.
    static func withoutLanguage(_ name: String, _ language: String?) -> String {
        guard let language, let dot = name.lastIndex(of: ".") else { return name }
        let stem = name[..<dot]
        guard stem.lowercased().hasSuffix("." + language) else { return name }
        return String(stem.dropLast(language.count + 1)) + name[dot...]
    }

    public init(fileName: String) {
        var stem = Substring(fileName)
        if let dot = stem.lastIndex(of: ".") { stem = stem[..<dot] }
        self.stem = String(stem)
        if let length = Self.datePrefixLength(Array(stem.utf8)) {
            datePrefix = String(stem.prefix(length))
            stem = stem.dropFirst(length + 1)
        }
        // Spaces become hyphens so that URLs stay readable; everything else is kept.
        slug = stem.split(whereSeparator: { $0.isWhitespace }).joined(separator: "-")
    }

    /// The length of a `yyyy-m(m)-d(d)` prefix followed by `-` or `_` and a name, if there is one.
    private static func datePrefixLength(_ bytes: [UInt8]) -> Int? {
        let isDigit = { (index: Int) in index < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) }
        guard (0..<4).allSatisfy(isDigit), bytes.count > 4, bytes[4] == UInt8(ascii: "-") else { return nil }
        var position = 5
        for part in 0..<2 {
            let start = position
            while position - start < 2, isDigit(position) { position += 1 }
            guard position > start, position < bytes.count else { return nil }
            let separator = bytes[position]
            if part == 0 { guard separator == UInt8(ascii: "-") else { return nil } }
            else { guard separator == UInt8(ascii: "-") || separator == UInt8(ascii: "_") else { return nil } }
            position += 1
        }
        // A name must follow the date.
        return position < bytes.count ? position - 1 : nil
    }
}
