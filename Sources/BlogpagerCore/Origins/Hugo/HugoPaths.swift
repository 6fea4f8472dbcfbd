import Foundation

/// How Hugo 0.168 turns names into URL paths, measured against `hugo list all` on a table of odd
/// file names (sitetests/test_old_generator_judges.py): a permalink's tokens (`:title`, `:slug`,
/// `:filename`) are each made a path segment first (`urlize`: `+` and `%XX` read as a query
/// string reads them, then sanitized), where a path made from the file's place has each space
/// turned into a hyphen before it is sanitized (`« a »-b` is `-a--b` there, `a-b` as a token).
/// `removePathAccents` drops accents; paths are lowercased unless `disablePathToLower`.
public struct HugoPaths: Sendable, Hashable {
    public var lowercase = true
    public var removesAccents = false

    public init(lowercase: Bool = true, removesAccents: Bool = false) {
        self.lowercase = lowercase
        self.removesAccents = removesAccents
    }

    /// A permalink token's value: one segment (a `/` in it a hyphen).
    func urlized(_ text: String) -> String {
        finished(Self.sanitized(Self.queryUnescaped(text).replacingOccurrences(of: "/", with: "-")))
    }

    /// A path made from a file's place (its folders and its slug or name).
    func fromFilePlace(_ path: String) -> String {
        finished(Self.sanitized(path.replacingOccurrences(of: " ", with: "-")))
    }

    /// A whole path made from a permalink, its tokens already urlized.
    func fromPermalink(_ path: String) -> String {
        finished(Self.sanitized(path))
    }

    private func finished(_ path: String) -> String {
        var path = path
        if removesAccents {
            path = String(String.UnicodeScalarView(path.decomposedStringWithCanonicalMapping.unicodeScalars.filter {
                $0.properties.generalCategory != .nonspacingMark
            })).precomposedStringWithCanonicalMapping
        }
        return lowercase ? path.lowercased() : path
    }

    /// Go's `url.QueryUnescape`: `+` a space, `%XX` its byte; text with a bad escape stays as written.
    static func queryUnescaped(_ text: String) -> String {
        guard text.contains("+") || text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        while let byte = utf8.popFirst() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard utf8.count >= 2, let high = hex(utf8[utf8.startIndex]), let low = hex(utf8[utf8.startIndex + 1]) else { return text }
                bytes.append(high << 4 | low)
                utf8.removeFirst(2)
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Hugo's `paths.Sanitize`: letters, marks, digits, `./\_#+~-@` and `%` before two hex digits
    /// stay; a run of blanks between kept characters becomes one hyphen (none after a hyphen, none
    /// at the ends); anything else goes.
    static func sanitized(_ path: String) -> String {
        let scalars = Array(path.unicodeScalars)
        let allowed = Set("./\\_#+~-@".unicodeScalars)
        func isHex(_ index: Int) -> Bool { index < scalars.count && scalars[index].properties.isASCIIHexDigit }
        var result = String.UnicodeScalarView()
        var prependHyphen = false
        var wasHyphen = false
        for (index, scalar) in scalars.enumerated() {
            let isAllowed = allowed.contains(scalar) || EntryURLMaker.isLetterMarkOrDigit(scalar) || (scalar == "%" && isHex(index + 1) && isHex(index + 2))
            if isAllowed {
                wasHyphen = scalar == "-"
                if prependHyphen {
                    if !wasHyphen { result.append("-") }
                    prependHyphen = false
                }
                result.append(scalar)
            } else if !result.isEmpty, !wasHyphen, scalar.properties.isWhitespace {
                prependHyphen = true
            }
        }
        return String(result)
    }
}

extension HugoPaths {
    /// Hugo dates an undated page at the year 1.
    static let yearOne: Int64 = -62_135_596_800

    /// Where Hugo places a page by its file: by its section's `[permalinks]` template where it has one
    /// (dated as Hugo dates an undated page), else its folders and its slug or name, sanitized as Hugo
    /// sanitizes paths, lowercased unless the site turns that off.
    static func pageSegments(of file: SourceFile, stem: String, slug: String?, title: String, templates: [String: String],
                             uglyURLs: HugoUglyURLs, paths: HugoPaths, languageRule: EntryURLRule) -> [String] {
        if let first = file.relativePath.split(separator: "/").first, file.relativePath.contains("/"), templates[String(first)] != nil {
            let name = FileNameParts(source: file)
            let facts = EntryURLMaker.Facts(source: file, fileStem: name.stem, fileSlug: name.slug, frontSlug: slug, title: title,
                                            date: EntryDate(epochSeconds: yearOne), categories: [], ownURL: nil)
            // A template that makes no page of its own (the site's front page) leaves the page at its file's place, below.
            if case .success(let made) = Result(catching: { () throws(EntryURLMaker.Problem) in
                try EntryURLMaker(rule: languageRule, basePath: "", section: []).make(facts)
            }) {
                return made.outputPath.segments
            }
        }
        var parts = file.relativePath.split(separator: "/").dropLast().map(String.init)
        // `slug` is the last segment of the URL: a bundle's (`about/index.md`) in place of its folder's name.
        if stem == "index", let slug, !parts.isEmpty { parts[parts.count - 1] = slug } else if stem != "index" || slug != nil { parts.append(slug ?? stem) }
        var segments = paths.fromFilePlace(parts.joined(separator: "/")).split(separator: "/").map(String.init)
        let section = file.relativePath.contains("/") ? String(file.relativePath.prefix { $0 != "/" }) : ""
        if uglyURLs.applies(to: section), let last = segments.popLast() { segments.append(last + ".html") } else { segments.append("index.html") }
        return segments
    }
}
