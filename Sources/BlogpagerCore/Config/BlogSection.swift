/// A blog of its own inside a site with several (a Zola section with its own `_index.md`, a Hugo
/// section beside the main ones): its dated entries are a stream at the section's URL, with its
/// own pages, fragments, index and feed, and stay out of the main archive on the front page.
public struct BlogSection: Sendable, Hashable {
    /// Its folder below the content folder (`inside-rust`), which is also where its stream is under `out/`.
    public var folder: [String]
    /// What it calls itself (its `_index.md`'s title), else its folder's name.
    public var title: String
    public var description: String
    /// Whether it lies inside the content folder (a Zola site's blog at the top of `content/`), rather
    /// than beside the main section (its entries then marked by their folder, `FolderFacts.section`).
    public var isInContentFolder = true
    /// Where its stream is under `out/`: its folder, but for a Jekyll collection (`_news` is at `news/`).
    public var streamFolder: [String]
    /// Whether its stream is under its language's root in a site of several (`/fr/notes/`, a Hugo
    /// or Zola section), rather than at its own folder whatever the language (a Jekyll collection's).
    public var isInLanguageRoot = true

    public init(folder: [String], title: String, description: String = "", isInContentFolder: Bool = true) {
        self.folder = folder
        self.title = title
        self.description = description
        self.isInContentFolder = isInContentFolder
        self.streamFolder = folder
    }

    /// The section an entry is in: the one its folder is (a section beside the main one), else
    /// the deepest inside the content folder that holds it (`relativePath` below the content folder).
    static func index(of source: SourceFile, in sections: [BlogSection]) -> Int? {
        if let own = source.folderFacts.section { return sections.firstIndex { $0.folder == own } }
        let folders = source.relativePath.split(separator: "/").dropLast().map(String.init)
        var found: Int?
        for (index, section) in sections.enumerated() where section.isInContentFolder && folders.starts(with: section.folder) {
            if found.map({ sections[$0].folder.count < section.folder.count }) ?? true { found = index }
        }
        return found
    }

    /// A section with what its `_index.md` says of itself (its title and description); one that
    /// cannot be read is named by its folder, with a warning.
    static func read(folder: [String], in contentFolder: String, config: SiteConfig, files: FileSystem, warnings: inout [Diagnostic]) -> BlogSection {
        var section = BlogSection(folder: folder, title: folder.last ?? "")
        let base = ([contentFolder] + folder).joined(separator: "/")
        guard let name = ContentScanner.sectionFileNames.sorted().first(where: { files.item(at: "\(base)/\($0)") != nil }) else { return section }
        let path = "\(base)/\(name)"
        let source = SourceFile(displayPath: path, relativePath: (folder + [name]).joined(separator: "/"), filePath: path, identity: "", in: files)
        switch FrontMatterReader(config: config, page: true).fields(source) {
        case .success(let fields):
            let byKey = Dictionary(fields.map { ($0.key.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
            if let title = byKey["title"]?.value.scalarText?.trimmingSpaces, !title.isEmpty { section.title = title }
            if let description = byKey["description"]?.value.scalarText?.trimmingSpaces { section.description = description }
        case .failure(let failure):
            warnings += failure.diagnostics.map { .warning(at: $0.location, $0.message + "; the section is named by its folder") }
        }
        return section
    }
}
