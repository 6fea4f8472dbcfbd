/// The check stage for what bodies name: every link between entries must land, and what the
/// site cannot make (a shortcode without a template, a tag blogpager does not make) is a warning.
struct ReferenceCheck {
    let links: EntryLinks
    let section: [String]
    let leavesFileLinks: Bool
    let templates: TemplateSet
    /// The site's includes (`_includes/`), by name: one a body names that is not there is left out,
    /// one that cannot be parsed is an error where it is, a plugin's tag in one a warning there.
    var includes: [String: LiquidInclude] = [:]
    /// Where the includes are, for their messages.
    var includesFolder = LiquidSources.includesFolder

    /// Every link between entries must land: one that names no entry is an error where it is
    /// written. A shortcode without a template of the site's, or a tag blogpager does not make,
    /// is left out: a warning for each name, at its first place, with how many there are.
    func run(_ entries: [Entry], log: inout DiagnosticLog, warnings: inout [Diagnostic]) {
        run(entries.map { ($0.source, $0.references) }, log: &log, warnings: &warnings)
    }

    /// The same for any sources' references (the entries', a Jekyll site's pages').
    func run(_ bodies: [(source: SourceFile, references: [BodyReference])], log: inout DiagnosticLog, warnings: inout [Diagnostic]) {
        var leftOut: [String: (location: SourceLocation, count: Int, message: String)] = [:]
        var checked: Set<String> = []
        // One warning a kind (`key`), at its first place, counting the others.
        func leaveOut(_ key: String, at location: SourceLocation, _ message: String) {
            leftOut[key] = leftOut[key].map { ($0.location, $0.count + 1, message) } ?? (location, 1, message)
        }
        for (source, references) in bodies {
            for reference in references {
                let location = SourceLocation(path: source.displayPath, line: reference.line, column: reference.column)
                switch reference.kind {
                case .link:
                    guard let found = links.url(for: reference, from: source) else { continue }
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
                case .include(let name, _) where JekyllIncludeName.problem(with: name) != nil:
                    // Jekyll stops on such a name only where it renders the tag: so does the render's check.
                    continue
                case .include(let name, false) where !name.isEmpty:
                    check(include: name, at: location, checked: &checked, log: &log, leaveOut: leaveOut)
                case .shortcode, .image, .include, .reads, .liquid: continue
                }
            }
        }
        for (_, found) in leftOut.sorted(by: { $0.key < $1.key }) {
            warnings.append(.warning(at: found.location, found.message + (found.count > 1 ? " (\(found.count) places, this one first)" : "")))
        }
    }

    /// What a Jekyll site's pages' Liquid names, read from their bodies (a syntax error is reported where it is).
    static func liquidReferences(of pages: [StandalonePage], config: SiteConfig, log: inout DiagnosticLog) -> [(source: SourceFile, references: [BodyReference])] {
        guard config.reading.templateSyntax == .liquid else { return [] }
        let reader = FrontMatterReader(config: config, page: true)
        return pages.compactMap { page in
            guard case .success(let parts) = reader.split(page.source), LiquidSite.hasLiquid(parts.body) else { return nil }
            return (page.source, EntryReader.liquidReferences(parts.body, firstLine: parts.bodyLine, path: page.source.displayPath,
                                                                     includeTags: LiquidSite.includeTagNames(config), log: &log))
        }
    }

    /// An include a body names, and the includes it names in turn, each looked at once.
    private func check(include name: String, at location: SourceLocation, checked: inout Set<String>, log: inout DiagnosticLog,
                       leaveOut: (String, SourceLocation, String) -> Void) {
        let name = JekyllIncludeName.pathBelowFolder(name)
        guard let include = includes[name] else {
            leaveOut("include " + name, location, "include '\(name)' is not in _includes/ (a theme's?): it is left out")
            return
        }
        guard checked.insert(name).inserted else { return }
        let path = "\(includesFolder)/\(name)"
        switch include.template {
        case .failure(let error):
            log.append(.error(at: SourceLocation(path: path, line: error.line, column: error.column), "Liquid: \(error.message)"))
        case .success:
            for tag in include.unknownTags {
                leaveOut("tag " + tag.name, SourceLocation(path: path, line: tag.position.line, column: tag.position.column),
                         "'\(tag.name)' is a tag blogpager does not have (a plugin's?): it makes nothing here, and any text inside it is kept")
            }
            for inner in include.includes.compactMap({ $0 }) where !inner.isEmpty {
                check(include: inner, at: SourceLocation(path: path), checked: &checked, log: &log, leaveOut: leaveOut)
            }
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
