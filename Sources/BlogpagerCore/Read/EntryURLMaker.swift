import Foundation

/// Makes an entry's URL and the file it is written to by the site's
/// `EntryURLRule`: the URL the old generator gave the same file, so links,
/// bookmarks and search results keep landing. A Jekyll URL without an
/// extension (`/posts/name`) is written as `posts/name.html`, as Jekyll
/// writes it and static hosts serve it.
struct EntryURLMaker {
    var rule: EntryURLRule
    var basePath: String
    /// The entries' folder below the site's content root (`posts` for Hugo's `content/posts/`).
    var section: [String]
    /// Jekyll's collections, whose dated documents are entries at their collection's permalink.
    var collections: [JekyllCollection] = []
    /// The site's languages: an entry in one whose URLs start at its root (Hugo's and Zola's `/fr/`) is placed there.
    var languages: [SiteLanguage] = []

    /// What an entry's URL may be made of.
    struct Facts {
        var source: SourceFile
        /// The file's name without extension, as written (a bundle's: its folder's name).
        var fileStem: String
        /// The same without a leading date (`2016-05-12-name` → `name`).
        var fileSlug: String
        /// `slug:` as written in the front matter.
        var frontSlug: String?
        var title: String
        var date: EntryDate
        var categories: [String]
        /// A URL the entry names for itself: Jekyll's `permalink:`, Hugo's `url:`, Zola's `path:`.
        var ownURL: String?
    }

    struct Made {
        var outputPath: OutputPath
        var url: String
    }

    struct Problem: Error {
        var message: String
    }

    func make(_ facts: Facts) throws(Problem) -> Made {
        let made = try makeInSite(facts)
        // A URL the entry names for itself is kept as written, as Hugo and Zola keep it.
        let code = facts.source.folderFacts.language
        guard facts.ownURL == nil, let language = languages.first(where: { $0.code == code }) ?? languages.first,
              language.prefixesEntryURLs, !language.root.isEmpty else { return made }
        let root = language.root.joined(separator: "/")
        return Made(outputPath: OutputPath(checked: root + "/" + made.outputPath.string),
                    url: basePath + "/" + root + made.url.dropFirst(basePath.count))
    }

    /// The URL the site's rule gives (its language's own templates over the site's), before the entry's language places it.
    private func makeInSite(_ facts: Facts) throws(Problem) -> Made {
        let code = facts.source.folderFacts.language
        let rule = (languages.first { $0.code == code } ?? languages.first)?.entryURLs(over: self.rule) ?? self.rule
        switch rule {
        case .pattern(let pattern):
            return try folderOrFile(pattern.outputSegments(slug: facts.frontSlug ?? facts.fileSlug, date: facts.date), extensionless: false)
        case .jekyll(let template):
            let collection = facts.source.folderFacts.section.flatMap { folder in collections.first { [$0.folder] == folder } }
            return try made(Self.jekyllPath(facts.ownURL ?? collection?.permalink ?? template, facts: facts, collection: collection), written: facts.ownURL)
        case .hugo(let templates, let uglyURLs, let paths):
            var path: String
            if let own = facts.ownURL {
                return try made(own.hasPrefix("/") ? own : "/" + own)
            } else {
                let sectionName = contentFolders(facts).first ?? ""
                if let template = templates[sectionName] {
                    path = paths.fromPermalink(hugoPath(template, facts: facts, paths: paths))
                } else {
                    path = paths.fromFilePlace("/" + (contentFolders(facts) + [facts.frontSlug ?? facts.fileStem]).joined(separator: "/"))
                }
                if !path.hasSuffix("/"), !path.hasSuffix(".html") { path += "/" }
                // `uglyURLs`: `/posts/name.html` for `/posts/name/`.
                if uglyURLs.applies(to: sectionName), path.hasSuffix("/"), path.count > 1 { path = String(path.dropLast()) + ".html" }
            }
            return try made(path)
        case .zola:
            if let own = facts.ownURL { return try made("/" + own.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + "/") }
            let slug = Self.zolaSlug(facts.frontSlug ?? facts.fileSlug)
            return try made("/" + (contentFolders(facts) + [slug]).joined(separator: "/") + "/")
        }
    }

    /// The folders from the content root down to the entry (a bundle's own folder left out).
    private func contentFolders(_ facts: Facts) -> [String] {
        var folders = facts.source.relativePath.split(separator: "/").map(String.init).dropLast()
        if facts.source.isBundleIndex { folders = folders.dropLast() }
        // A section beside the main one names its path from the content root.
        return facts.source.folderFacts.section != nil ? Array(folders) : section + folders
    }

    private func made(_ path: String, written: String? = nil) throws(Problem) -> Made {
        guard path.contains(where: { $0 != "/" }) else { throw Problem(message: "its URL '\(path)' is the site's front page") }
        let placed = rule.placement(ofOwnURL: path, written: written)
        return try folderOrFile(placed.segments, extensionless: placed.extensionless)
    }

    private func folderOrFile(_ segments: [String], extensionless: Bool) throws(Problem) -> Made {
        let outputPath: OutputPath
        do {
            outputPath = try OutputPath(segments)
        } catch {
            throw Problem(message: "its URL /\(segments.joined(separator: "/")) is not a safe path: \(error.message)")
        }
        return Made(outputPath: outputPath, url: outputPath.urlPath(basePath: basePath, leavingOutHTML: extensionless))
    }

    // MARK: Jekyll

    /// A Jekyll template filled in as Jekyll's URL drop fills it, then cleaned as Jekyll cleans it.
    /// `collection`: the Jekyll collection a document is of (nil for a post).
    static func jekyllPath(_ template: String, facts: Facts, collection: JekyllCollection? = nil) -> String {
        let date = DateTokens(facts.date), wall = date.wall, two = DateTokens.two
        let slug = facts.frontSlug ?? facts.fileSlug
        var categories: [String] = []
        for category in facts.categories.map({ $0.lowercased() }) where !categories.contains(category) { categories.append(category) }
        let values: [String: String] = [
            "year": wall.year.zeroPadded(4), "month": two(wall.month), "day": two(wall.day),
            "hour": two(wall.hour), "minute": two(wall.minute), "second": two(wall.second),
            "i_day": String(wall.day), "i_month": String(wall.month), "short_year": two(wall.year % 100),
            "short_month": String(date.monthName.prefix(3)), "long_month": date.monthName,
            "y_day": date.dayOfYear.zeroPadded(3),
            "w_year": String(date.weekYear), "week": two(date.week),
            "w_day": String(date.weekday == 1 ? 7 : date.weekday - 1), "short_day": String(date.dayName.prefix(3)), "long_day": date.dayName,
            "title": jekyllSlugify(slug, pretty: true, cased: true),
            "slug": jekyllSlugify(slug, pretty: false, cased: false),
            "name": jekyllSlugify(facts.fileStem, pretty: false, cased: false),
            "categories": categories.joined(separator: "/"),
            "slugified_categories": categories.map { jekyllSlugify($0, pretty: false, cased: false) }.joined(separator: "/"),
            "output_ext": ".html", "collection": collection?.name ?? "posts",
            "path": collection.map { "/" + JekyllCollection.stem(ofDocumentAt: String(facts.source.relativePath.dropFirst($0.folder.count + 1))) }
                ?? jekyllPathToken(facts.source.relativePath),
        ]
        let result = Self.jekyllFilled(template, values: values)
        var cleaned = ("/" + result).replacingOccurrences(of: "..", with: "/").replacingOccurrences(of: "./", with: "")
        while cleaned.contains("//") { cleaned = cleaned.replacingOccurrences(of: "//", with: "/") }
        return cleaned
    }

    /// Jekyll's `:path` of a post: its path from the site's root without its extension, the first
    /// `_posts` taken out (`en/_posts/2016-05-12-x.md` is `en//2016-05-12-x`; the URL's cleaning joins the slashes).
    static func jekyllPathToken(_ relativePath: String) -> String {
        let rooted = relativePath.contains("_posts/") || relativePath.hasPrefix("_drafts/") || relativePath.contains("/_drafts/")
            ? relativePath : "_posts/" + relativePath
        var path = rooted
        if let dot = path.lastIndex(of: "."), !path[dot...].contains("/") { path = String(path[..<dot]) }
        if let range = path.range(of: "_posts") { path.removeSubrange(range) }
        return path.hasPrefix("/") ? path : "/" + path
    }

    /// A Jekyll URL template with each `:name` it has a value for replaced (`:title_` read as
    /// `:title`); any other `:` stays as written.
    static func jekyllFilled(_ template: String, values: [String: String]) -> String {
        var result = ""
        var rest = Substring(template)
        while let colon = rest.firstIndex(of: ":") {
            result += rest[..<colon]
            var name = rest[rest.index(after: colon)...].prefix { $0.isASCII && ($0.isLowercase || $0 == "_") }
            // `:title_` style names fall back to the name without the underscore.
            if values[String(name)] == nil, name.hasSuffix("_"), values[String(name.dropLast())] != nil { name = name.dropLast() }
            if let value = values[String(name)] {
                result += value
                rest = rest[name.endIndex...]
            } else {
                result += ":"
                rest = rest[rest.index(after: colon)...]
            }
        }
        return result + rest
    }

    /// Jekyll's `slugify`: runs of characters other than letters, marks and digits (and, `pretty`,
    /// `._~!$&'()+,;=@`) become one hyphen; hyphens at the ends go; lowercased unless `cased`.
    static func jekyllSlugify(_ text: String, pretty: Bool, cased: Bool) -> String {
        let kept = Set("._~!$&'()+,;=@".unicodeScalars)
        var slug = ""
        var pendingHyphen = false
        for scalar in text.unicodeScalars {
            if isLetterMarkOrDigit(scalar) || (pretty && kept.contains(scalar)) {
                if pendingHyphen { slug += "-" }
                pendingHyphen = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingHyphen = true
            }
        }
        if pendingHyphen, !slug.isEmpty { slug += "-" }
        while slug.hasPrefix("-") { slug.removeFirst() }
        while slug.hasSuffix("-") { slug.removeLast() }
        return cased ? slug : slug.lowercased()
    }

    static func isLetterMarkOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber: true
        default: false
        }
    }

    /// What the date tokens of both generators are made of: the date as its author wrote it (in its own offset).
    private struct DateTokens {
        let wall: CivilDateTime
        /// 1 for Sunday.
        let weekday: Int
        let dayOfYear: Int
        let week: Int
        let weekYear: Int
        let monthName: String
        let dayName: String

        init(_ date: EntryDate) {
            var calendar = Calendar(identifier: .iso8601)
            calendar.timeZone = TimeZone(secondsFromGMT: Int(date.offsetSeconds)) ?? TimeZone(identifier: "UTC")!
            let instant = Date(timeIntervalSince1970: TimeInterval(date.epochSeconds))
            wall = date.local
            weekday = calendar.component(.weekday, from: instant)
            dayOfYear = calendar.ordinality(of: .day, in: .year, for: instant) ?? 1
            week = calendar.component(.weekOfYear, from: instant)
            weekYear = calendar.component(.yearForWeekOfYear, from: instant)
            monthName = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"][wall.month - 1]
            dayName = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][weekday - 1]
        }

        static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
    }

    // MARK: Hugo

    private func hugoPath(_ template: String, facts: Facts, paths: HugoPaths) -> String {
        let date = DateTokens(facts.date), wall = date.wall, two = DateTokens.two
        let folders = contentFolders(facts)
        let title = paths.urlized(facts.title)
        let slug = facts.frontSlug.map(paths.urlized), stem = paths.urlized(facts.fileStem)
        let values: [String: String] = [
            "year": String(wall.year), "month": two(wall.month), "monthname": date.monthName,
            "day": two(wall.day), "weekday": String(date.weekday - 1), "weekdayname": date.dayName,
            "yearday": String(date.dayOfYear),
            "section": folders.first ?? "", "sections": folders.joined(separator: "/"),
            "title": title, "slug": slug ?? title,
            "filename": stem, "contentbasename": stem,
            "slugorfilename": slug ?? stem, "slugorcontentbasename": slug ?? stem,
        ]
        var result = ""
        var rest = Substring(template)
        while let colon = rest.firstIndex(of: ":") {
            result += rest[..<colon]
            let name = rest[rest.index(after: colon)...].prefix { $0.isASCII && $0.isLetter }
            // The longest known name wins (`:slugorfilename` before `:slug`).
            if let known = values.keys.filter({ name.hasPrefix($0) }).max(by: { $0.count < $1.count }) {
                result += values[known]!
                rest = rest[rest.index(rest.index(after: colon), offsetBy: known.count)...]
            } else {
                result += ":"
                rest = rest[rest.index(after: colon)...]
            }
        }
        result += rest
        return result.hasPrefix("/") ? result : "/" + result
    }

    // MARK: Zola

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
