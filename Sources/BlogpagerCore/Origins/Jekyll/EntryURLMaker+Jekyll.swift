import Foundation

/// Jekyll's URLs: a `permalink` template of `:tokens` (a collection's own for its documents), filled as Jekyll 4.3 fills it.
extension EntryURLMaker {
    func jekyllURL(_ facts: Facts, template: String) throws(Problem) -> Made {
        let collection = facts.source.folderFacts.section.flatMap { folder in collections.first { [$0.folder] == folder } }
        return try made(Self.jekyllPath(facts.ownURL ?? collection?.permalink ?? template, facts: facts, collection: collection), written: facts.ownURL)
    }

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
    struct DateTokens {
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
}
