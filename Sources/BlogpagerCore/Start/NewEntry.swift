import Foundation

/// `blogpager new "Title"`: a new entry where the site's generator would put it, in the front
/// matter its entries use, dated now in the site's time zone with its offset, its slug from the
/// title, a draft unless asked otherwise. A folder of entries: beside the newest entry (in a new
/// year's folder where entries go by year), in its front matter's format. Jekyll:
/// `_posts/YYYY-MM-DD-slug.md`, unpublished (`published: false`, which Jekyll reads; it has no
/// `draft`). Hugo: the section's archetype, filled as `hugo new content` fills it. Zola: the blog
/// section's folder, TOML front matter.
public struct NewEntry: Sendable {
    public var title: String
    public var draft: Bool
    public var now: Date
    public var timeZone: TimeZone

    public init(title: String, draft: Bool, now: Date, timeZone: TimeZone) {
        self.title = title
        self.draft = draft
        self.now = now
        self.timeZone = timeZone
    }

    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Writes the entry (`file(for:in:)`); one already at its place is never replaced. Returns its path.
    public func write(for layout: SiteLayout, in files: FileSystem) throws(Failure) -> String {
        let (path, text) = try file(for: layout, in: files)
        guard files.item(at: path) == nil else { throw Failure(description: "\(path): error: an entry is already there; give another title") }
        do {
            if let slash = path.lastIndex(of: "/") { try files.makeFolder(String(path[..<slash])) }
            _ = try files.replace(path, with: Array(text.utf8), durable: true)
        } catch {
            throw Failure(description: "\(path): error: could not be written (\(error))")
        }
        return path
    }

    /// The file to write: its path and text.
    public func file(for layout: SiteLayout, in files: FileSystem) throws(Failure) -> (path: String, text: String) {
        let slug = Self.slug(title)
        guard !slug.isEmpty else { throw Failure(description: "error: the title \"\(title)\" gives no slug (no letter or digit); give it one") }
        switch layout.origin {
        case .jekyll:
            let folder = LocalPath.joined(layout.root ?? ".", "_posts")
            let day = String(Self.dateText(now, timeZone: timeZone, style: .spaced).prefix(10))
            var lines = ["---", "layout: post", "title: \(NewSite.quoted(title))", "date: \(Self.dateText(now, timeZone: timeZone, style: .spaced))"]
            if draft { lines.append("published: false") }
            return (LocalPath.joined(folder, "\(day)-\(slug).md"), (lines + ["---", "", ""]).joined(separator: "\n"))
        case .hugo:
            let path = LocalPath.joined(layout.contentFolder, "\(slug).md")
            return (path, try hugoText(layout: layout, path: path, files: files))
        case .zola:
            let section = layout.blogSectionFolders.first.map { $0.joined(separator: "/") }
            let folder = section.map { LocalPath.joined(layout.contentFolder, $0) } ?? layout.contentFolder
            var lines = ["+++", "title = \(Self.tomlString(title))", "date = \(Self.dateText(now, timeZone: timeZone, style: .rfc3339))"]
            if draft { lines.append("draft = true") }
            return (LocalPath.joined(folder, "\(slug).md"), (lines + ["+++", "", ""]).joined(separator: "\n"))
        case .blogpager:
            return ourFile(slug: slug, layout: layout, files: files)
        }
    }

    /// In a folder of entries: beside the newest entry, in its format; by year where it goes by year.
    private func ourFile(slug: String, layout: SiteLayout, files: FileSystem) -> (path: String, text: String) {
        let content = layout.contentFolder
        let sources = files.walk(content).items.compactMap { path, item -> String? in
            guard case .file = item, path.hasSuffix(".md") || path.hasSuffix(".markdown"), !path.split(separator: "/").contains("static") else { return nil }
            return path
        }
        let date = Self.dateText(now, timeZone: timeZone, style: .spaced)
        let year = String(date.prefix(4)), day = String(date.prefix(10))
        // The newest by name: entries are named by date where they are named so at all.
        let newest = sources.max { ($0.split(separator: "/").last ?? "") < ($1.split(separator: "/").last ?? "") }
        var folder = content
        var name = "\(slug).md"
        var format = "---"
        if let newest {
            let parts = newest.split(separator: "/").map(String.init)
            var parents = Array(parts.dropLast())
            if let last = parents.last, last.count == 4, last.allSatisfy(\.isNumber) { parents[parents.count - 1] = year }
            folder = parents.reduce(content) { LocalPath.joined($0, $1) }
            if let fileName = parts.last, fileName.count > 11, fileName.prefix(10).allSatisfy({ $0.isNumber || $0 == "-" }), fileName.dropFirst(10).first == "-" {
                name = "\(day)-\(slug).md"
            }
            // Its first bytes say the format; one that cannot be read leaves YAML, the usual one.
            do {
                let text = String(decoding: try files.prefix(LocalPath.joined(content, newest), count: 4), as: UTF8.self)
                if text.hasPrefix("+++") { format = "+++" } else if text.hasPrefix("{") { format = "{" }
            } catch {
                format = "---"
            }
        }
        let text: String
        switch format {
        case "+++":
            text = (["+++", "title = \(Self.tomlString(title))", "date = \(Self.dateText(now, timeZone: timeZone, style: .rfc3339))"]
                + (draft ? ["draft = true"] : []) + ["+++", "", ""]).joined(separator: "\n")
        case "{":
            text = "{\n  \"title\": \(Self.jsonString(title)),\n  \"date\": \"\(Self.dateText(now, timeZone: timeZone, style: .rfc3339))\"" + (draft ? ",\n  \"draft\": true" : "") + "\n}\n\n"
        default:
            text = (["---", "title: \(NewSite.quoted(title))", "date: \(date)"] + (draft ? ["draft: true"] : []) + ["---", "", ""]).joined(separator: "\n")
        }
        return (LocalPath.joined(folder, name), text)
    }

    // MARK: Hugo's archetypes

    /// The archetype `hugo new content` takes for the section, filled in: the site's
    /// `archetypes/<section>.md`, else its `archetypes/default.md`, else Hugo's own.
    private func hugoText(layout: SiteLayout, path: String, files: FileSystem) throws(Failure) -> String {
        let root = layout.root ?? "."
        let section = layout.contentFolder.split(separator: "/").last.map(String.init) ?? ""
        let candidates = [LocalPath.joined(root, "archetypes/\(section).md"), LocalPath.joined(root, "archetypes/default.md")]
        var archetype = Self.hugoDefaultArchetype
        var archetypePath = "Hugo's default archetype"
        for candidate in candidates where files.item(at: candidate) != nil {
            do {
                archetype = String(decoding: try files.read(candidate), as: UTF8.self)
            } catch {
                throw Failure(description: "\(candidate): error: cannot be read (\(error))")
            }
            archetypePath = candidate
            break
        }
        let baseName = String(path.split(separator: "/").last!.dropLast(3))
        let values = HugoArchetype.Values(date: Self.dateText(now, timeZone: timeZone, style: .rfc3339), contentBaseName: baseName,
                                          section: section, draft: draft, now: now, timeZone: timeZone)
        do {
            var text = try HugoArchetype.fill(archetype, values: values)
            if !draft { text = text.replacingOccurrences(of: "draft = true", with: "draft = false").replacingOccurrences(of: "draft: true", with: "draft: false") }
            return text
        } catch {
            throw Failure(description: "\(archetypePath):\(error.line):1: error: \(error.message)")
        }
    }

    /// Hugo 0.168's own archetype, for a site without one (`hugo new site` writes another, in TOML, into `archetypes/`).
    static let hugoDefaultArchetype = """
    ---
    title: "{{ replace .File.ContentBaseName "-" " " | title }}"
    date: {{ .Date }}
    draft: true
    ---


    """

    // MARK: Text

    public enum DateStyle: Sendable { case spaced, rfc3339 }

    /// `2026-12-07 13:05:00 +0900` (as Jekyll and our entries write it) or `2026-12-07T13:05:00+09:00`.
    public static func dateText(_ date: Date, timeZone: TimeZone, style: DateStyle) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let offset = timeZone.secondsFromGMT(for: date)
        let sign = offset < 0 ? "-" : "+"
        let hours = abs(offset) / 3600, minutes = abs(offset) % 3600 / 60
        let day = "\(parts.year!.zeroPadded(4))-\(parts.month!.zeroPadded(2))-\(parts.day!.zeroPadded(2))"
        let time = "\(parts.hour!.zeroPadded(2)):\(parts.minute!.zeroPadded(2)):\(parts.second!.zeroPadded(2))"
        switch style {
        case .spaced: return "\(day) \(time) \(sign)\(hours.zeroPadded(2))\(minutes.zeroPadded(2))"
        case .rfc3339: return offset == 0 ? "\(day)T\(time)Z" : "\(day)T\(time)\(sign)\(hours.zeroPadded(2)):\(minutes.zeroPadded(2))"
        }
    }

    /// Lowercase letters and digits, any other run a hyphen: `Hello, World!` → `hello-world`.
    public static func slug(_ title: String) -> String {
        var slug = ""
        var pendingHyphen = false
        for character in title.lowercased() {
            if character.isLetter || character.isNumber {
                if pendingHyphen, !slug.isEmpty { slug.append("-") }
                pendingHyphen = false
                slug.append(character)
            } else {
                pendingHyphen = true
            }
        }
        return slug
    }

    static func tomlString(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    static func jsonString(_ text: String) -> String {
        String(decoding: DeterministicJSON.bytes(text), as: UTF8.self)
    }
}
