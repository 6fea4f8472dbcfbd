import Foundation

/// Whether a Zola site's blog is its root section: pages directly in `content/` (files or page
/// bundles) of which one is dated, by its file's name, its front matter's `date`, or the day its
/// `path` names. Zola lists a section's own pages, so a dated page at the top makes the root
/// section a blog, whatever its subsections hold. Read when the site's layout is found: the
/// pages' openings are looked at until one is dated (most sites answer at the first file).
enum ZolaRootBlog {
    /// How much of a file's opening is read for its front matter's date.
    static let openingBytes = 4096

    static func isRootBlog(content: String, files: FileSystem) -> Bool {
        // A folder that cannot be listed has no pages here: the content scan reports it.
        guard let names = files.probeNames(in: content) else { return false }
        for name in names.sorted() where !name.hasPrefix(".") && !ContentScanner.sectionFileNames.contains(name) {
            let path = "\(content)/\(name)"
            var page: String?
            if files.isFolder(path) {
                page = ContentScanner.markdownExtensions.sorted().map { "\(path)/index.\($0)" }.first { files.item(at: $0) != nil }
            } else if let dot = name.lastIndex(of: "."), ContentScanner.markdownExtensions.contains(name[name.index(after: dot)...].lowercased()) {
                page = path
            }
            guard let page else { continue }
            if FileNameParts(fileName: name).datePrefix != nil { return true }
            // One that cannot be read is no evidence either way: its error comes when it is read as an entry.
            guard let opening = try? files.prefix(page, count: openingBytes) else { continue }
            if isDated(String(decoding: opening, as: UTF8.self)) { return true }
        }
        return false
    }

    /// A `date` key in the front matter's opening, or a `path` that names a day.
    static func isDated(_ opening: String) -> Bool {
        var lines = opening.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
        guard let first = lines.next(), first.trimmingCharacters(in: .whitespaces) == "+++" || first.trimmingCharacters(in: .whitespaces) == "---" else { return false }
        while let line = lines.next() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "+++" || trimmed == "---" { return false }
            guard let separator = trimmed.firstIndex(where: { $0 == "=" || $0 == ":" }) else { continue }
            let key = trimmed[..<separator].trimmingCharacters(in: .whitespaces)
            let value = trimmed[trimmed.index(after: separator)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t\"'"))
            if key == "date", value.first?.isNumber == true { return true }
            if key == "path", URLPathDate.day(in: value) != nil { return true }
        }
        return false
    }
}
