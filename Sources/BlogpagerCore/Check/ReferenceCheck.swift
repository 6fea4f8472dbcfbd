/// The check stage for what bodies name: every link between entries must land, and what the
/// site cannot make (a shortcode without a template, a tag blogpager does not make) is a warning.
struct ReferenceCheck {
    let links: EntryLinks
    let section: [String]
    let leavesFileLinks: Bool
    let templates: TemplateSet
    /// The site's includes (`_includes/`), by name: one a body names that is not there is left out.
    var includes: Set<String> = []

    /// Every link between entries must land: one that names no entry is an error where it is
    /// written. A shortcode without a template of the site's, or a tag blogpager does not make,
    /// is left out: a warning for each name, at its first place, with how many there are.
    func run(_ entries: [Entry], log: inout DiagnosticLog, warnings: inout [Diagnostic]) {
        var leftOut: [String: (location: SourceLocation, count: Int, message: String)] = [:]
        // One warning a kind (`key`), at its first place, counting the others.
        func leaveOut(_ key: String, at location: SourceLocation, _ message: String) {
            leftOut[key] = leftOut[key].map { ($0.location, $0.count + 1, message) } ?? (location, 1, message)
        }
        for entry in entries {
            for reference in entry.references {
                let location = SourceLocation(path: entry.sourcePath, line: reference.line, column: reference.column)
                switch reference.kind {
                case .link:
                    guard let found = links.url(for: reference, from: entry.source) else { continue }
                    let target = found.link.target
                    if found.url == nil, found.link.style == .relativeFile, leavesFileLinks {
                        leaveOut("file link " + target, at: location,
                                 "link to '\(target)' names no entry of this site; it is left as written, as the old generator left it")
                    } else if found.url == nil {
                        log.append(.error(at: location, "link to '\(target)' names no entry of this site\(Self.linkHint(found.link.style))"))
                    } else if let url = found.url, found.link.style == .contentPath,
                              let folder = EntryLinks.sectionFolder(ofList: EntryLinks.normalized(target)), folder != section.joined(separator: "/") {
                        leaveOut("section list " + folder, at: location,
                                 "link to '\(target)' names the list of the section '\(folder)', which blogpager does not make: it leads to \(url) as on the old site")
                    }
                case .shortcode(let name) where !templates.hasShortcode(name):
                    leaveOut("shortcode " + name, at: location,
                             "shortcode '\(name)' is left out (any text inside it is kept): add templates/shortcodes/\(name).mustache to make it")
                case .unknown(let name):
                    leaveOut("tag " + name, at: location,
                             "'\(name)' is a tag blogpager does not have (a plugin's?): it makes nothing here, and any text inside it is kept")
                case .include(let name, _) where !name.isEmpty && JekyllLiquidHost.problem(withIncludeName: name) != nil:
                    log.append(.error(at: location, "Liquid: include '\(name)' is refused: \(JekyllLiquidHost.problem(withIncludeName: name)!)"))
                case .include(let name, false) where !name.isEmpty && !includes.contains(name):
                    leaveOut("include " + name, at: location,
                             "include '\(name)' is not in _includes/ (a theme's?): it is left out")
                case .shortcode, .image, .include, .reads: continue
                }
            }
        }
        for (_, found) in leftOut.sorted(by: { $0.key < $1.key }) {
            warnings.append(.warning(at: found.location, found.message + (found.count > 1 ? " (\(found.count) places, this one first)" : "")))
        }
    }

    static func linkHint(_ style: TemplateText.LinkReference.Style) -> String {
        switch style {
        case .postName: " (post_url names a post of _posts/ by its file's name, such as 2016-05-12-name)"
        case .sitePath: " (link names a file by its path from the site's root, such as _posts/2016-05-12-name.md)"
        case .hugoRef: " (ref names a content file by its path, such as posts/name.md, or by its name alone)"
        case .contentPath: " (@/ names a content file by its path below content/, such as @/blog/name.md)"
        case .relativeFile: " (a link to a .md file is taken from the linking file's own folder)"
        }
    }
}
