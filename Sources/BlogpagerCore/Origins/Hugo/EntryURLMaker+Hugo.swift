import Foundation

/// Hugo's URLs: a `[permalinks]` template per section, else the file's place, made as Hugo makes paths, with `uglyURLs`.
extension EntryURLMaker {
    func hugoURL(_ facts: Facts, templates: [String: String], uglyURLs: HugoUglyURLs, paths: HugoPaths) throws(Problem) -> Made {
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
    }

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
}
