import Foundation

/// Finds the inputs under the content folder: every `*.md` / `*.markdown`
/// (recursively, hidden files and folders skipped) and the files of
/// `static/`, which are copied to `out/` as they are. Hugo's `_index.md`
/// section files describe a folder, not an entry, and are skipped too.
public struct ContentScanner: Sendable {
    public struct Found: Sendable {
        public var sources: [SourceFile] = []
        public var staticFiles: [StaticFile] = []
        public var diagnostics: [Diagnostic] = []
        /// Files with front matter outside the entries that are not Markdown (a Jekyll site's Liquid
        /// `index.html` or `atom.xml`): pages that are not built.
        public var pages: [String] = []
        /// Markdown pages outside the entries (`about.md`), built as standalone pages.
        public var pageSources: [SourceFile] = []
        /// Sass stylesheets that open with front matter (Jekyll's `assets/main.scss`): compiled to CSS.
        public var stylesheets: [SourceFile] = []
        /// Content files not read because their names carry no date where only dated names are entries.
        public var undatedNames: [String] = []
        /// The files of each page bundle, by the bundle's folder (relative to the content folder).
        public var bundleResources: [String: [BundleResource]] = [:]

        /// What another scan found (a language's own content folder) beside this one's; a bundle's files are this scan's where both have it.
        mutating func merge(_ other: Found) {
            sources += other.sources
            diagnostics += other.diagnostics
            pages += other.pages
            pageSources += other.pageSources
            stylesheets += other.stylesheets
            undatedNames += other.undatedNames
            bundleResources.merge(other.bundleResources) { own, _ in own }
            staticFiles += other.staticFiles
        }

        /// A file copied as it is, at `segments` under `out/`: read when the build copies it, not
        /// here, so a rebuild keeps an unchanged copy unread. A name `out/` cannot hold is an error.
        mutating func copy(_ source: StaticFile.Source, to segments: [String]) {
            do {
                staticFiles.append(StaticFile(path: try OutputPath(segments), content: .file(source)))
            } catch {
                diagnostics.append(.error(at: SourceLocation(path: source.shownPath), "static file has an unsafe name: \(error.message)"))
            }
        }
    }

    /// The content folder as the user named it (used in messages).
    public var folder: String
    /// Folders copied as they are beside the content's own `static/` (a site root's layout).
    public var staticFolders: [SiteLayout.StaticFolder]
    /// Resolved paths never read: this build's output folder, which may sit inside a site's root.
    public var excludedPaths: Set<String>

    /// A folder whose Markdown files outside `folder` are pages (Hugo's and Zola's `content/`).
    public var pagesFolder: String?
    /// Whether only files named `yyyy-mm-dd-title` in `folder` are entries (Jekyll's `_posts/`).
    public var namesNeedDates = false
    /// Whether `folder` may be missing, holding no entries then (Jekyll's root `_posts/`).
    public var folderMayBeMissing = false
    /// Folders of entries beside `folder` (Jekyll's `_drafts/`, `work/_posts/`), each source marked with its folder's facts.
    public var entryFolders: [SiteLayout.EntryFolder] = []
    /// Jekyll's collections that it writes, each with its folder (`site/_work`).
    public var collections: [(folder: String, collection: JekyllCollection)] = []
    /// The extensions of content files: Markdown, and HTML where the old generator read it as content (Hugo, Jekyll).
    public var contentExtensions = ContentScanner.markdownExtensions
    /// The site's languages: a file named in one of them (`post.fr.md`) is in it.
    public var translationLanguages: Set<String> = []
    /// Languages turned off: a file named in one (`post.de.md`) is not read, as the old generator leaves it out.
    public var leftOutLanguages: Set<String> = []
    /// The language of every file here that names none (a Hugo language's own content folder); nil: the default.
    public var language: String?
    /// Whether an HTML content file without front matter is published as it is (a Hugo site's
    /// verification files), rather than read as an entry that lacks its front matter.
    public var publishesBareHTML = false
    /// Whether a Markdown file without front matter is a page too (jekyll-optional-front-matter), beside its copy.
    public var markdownWithoutFrontMatterIsPage = false
    /// Which content files the old generator leaves out (Hugo's `ignoreFiles` and mount filters),
    /// with the folder its mount's paths start at (the content root).
    public var contentFilter = HugoFileFilter()
    public var contentFilterRoot: String?
    /// The content folder as the build already walked it (`FolderWalk`); walked by the scan when nil.
    var contentWalk: FolderWalk?
    /// Where the site is: the disk, or a tree in memory.
    public let fileSystem: FileSystem

    public init(folder: String, staticFolders: [SiteLayout.StaticFolder] = [], excludedPaths: Set<String> = [], pagesFolder: String? = nil,
                in files: FileSystem) {
        self.fileSystem = files
        self.folder = folder
        self.staticFolders = staticFolders
        self.excludedPaths = excludedPaths
        self.pagesFolder = pagesFolder
    }

    public static let markdownExtensions: Set<String> = ["md", "markdown"]
    public static let stylesheetExtensions: Set<String> = ["scss", "sass"]
    public static let staticFolder = "static"
    public static let sectionFileNames: Set<String> = ["_index.md", "_index.markdown"]

    public func scan() -> Found {
        var found = Found()
        let rootPath = URL(fileURLWithPath: folder, isDirectory: true).standardizedFileURL.path
        let shownRoot = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        guard fileSystem.isFolder(rootPath) || (folderMayBeMissing && fileSystem.item(at: rootPath) == nil) else {
            found.diagnostics.append(.error(at: SourceLocation(path: shownRoot), "content folder does not exist or is not a folder"))
            return found
        }
        // Each file's relative path and `stat` identity (nil for a link to nothing), sorted by path.
        let files = !fileSystem.isFolder(rootPath) ? [] : files(in: contentWalk ?? fileSystem.walk(rootPath), diagnostics: &found.diagnostics, shownRoot: shownRoot)
        let filter = contentFilter.isEmpty ? nil : contentFilter.compiled()
        if let filter, !filter.unreadable.isEmpty {
            found.diagnostics.append(.warning(at: SourceLocation(path: shownRoot), "content filter \(filter.unreadable.map { "'\($0)'" }.joined(separator: ", ")) cannot be read as a pattern: it leaves no file out"))
        }
        let filterRoot = contentFilterRoot.map(fileSystem.resolve) ?? fileSystem.resolve(rootPath)
        // Whether the old generator leaves out the content file at `path` (below `base`, the resolved folder it was found in).
        let isFilteredOut = { (base: String, relative: String) -> Bool in
            guard let filter else { return false }
            let absolute = LocalPath.joined(base, relative)
            let mounted = absolute.hasPrefix(filterRoot + "/") ? String(absolute.dropFirst(filterRoot.count + 1)) : relative
            return filter.skips(absolutePath: absolute, relativePath: mounted)
        }
        let resolvedRoot = fileSystem.resolve(rootPath)
        // Asked only of a file that is no entry (a page bundle's image): made at the first.
        var listed: Set<String>?
        let staticPrefix = Self.staticFolder + "/"
        // With each file's identity, not looked up again by its path; names cut at their bytes,
        // not their characters (a tenth of a rebuild's scan).
        for (relative, identity) in files {
            let shown = LocalPath.joined(shownRoot, relative)
            let path = LocalPath.joined(rootPath, relative)
            let isStatic = relative.hasPrefix(staticPrefix)
            let name = relative.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(relative[relative.utf8.index(after: $0)...]) } ?? relative
            let ext = name.utf8.lastIndex(of: UInt8(ascii: ".")).map { name[name.utf8.index(after: $0)...].lowercased() } ?? ""
            guard isStatic || contentExtensions.contains(ext) else {
                // A page bundle's files (beside its index.md) go beside its entry page.
                let folder = relative.split(separator: "/").dropLast().joined(separator: "/")
                if listed == nil, !folder.isEmpty { listed = Set(files.lazy.map(\.path)) }
                if !folder.isEmpty, let listed {
                    addBundleResource(at: relative, in: folder, listed: listed, path: path, shown: shown, identity: identity, into: &found)
                }
                continue
            }
            if !isStatic, isFilteredOut(resolvedRoot, relative) { continue }
            let language = isStatic ? nil : translationLanguage(of: name)
            if isLeftOut(language) { continue }
            if !isStatic, Self.sectionFileNames.contains(FileNameParts.withoutLanguage(name, language)) { continue }
            if !isStatic, namesNeedDates, FileNameParts(fileName: name).datePrefix == nil {
                found.undatedNames.append(shown)
                continue
            }
            if !isStatic, publishesBareHTML(path, at: relative, shown: shown, into: &found) { continue }
            guard isStatic else {
                // Entries are read when the build needs them, not held from here.
                var source = SourceFile(displayPath: shown, relativePath: relative, filePath: path, identity: identity ?? "missing", in: fileSystem)
                source.folderFacts.in(language: language ?? self.language, named: language != nil)
                found.sources.append(source)
                continue
            }
            found.copy(StaticFile.Source(filePath: path, shownPath: shown, identity: identity ?? "missing", in: fileSystem),
                       to: relative.split(separator: "/").dropFirst().map(String.init))
        }
        for entryFolder in entryFolders {
            let base = fileSystem.resolve(entryFolder.path)
            scanEntries(entryFolder, skipping: { isFilteredOut(base, String($0.dropFirst(entryFolder.relativePath.count + 1))) }, into: &found)
        }
        for (folder, collection) in collections { scanCollection(collection, in: folder, into: &found) }
        for staticFolder in staticFolders { scanStatic(staticFolder, into: &found) }
        if let pagesFolder {
            let skipped = Set([fileSystem.resolve(folder)] + entryFolders.map { fileSystem.resolve($0.path) })
            let base = fileSystem.resolve(pagesFolder)
            for path in markdownFiles(in: pagesFolder, skipping: skipped, diagnostics: &found.diagnostics)
            where !isFilteredOut(base, String(path.dropFirst(pagesFolder.count + 1))) {
                let language = translationLanguage(of: path.split(separator: "/").last.map(String.init) ?? path)
                if isLeftOut(language) { continue }
                if publishesBareHTML(path, at: String(path.dropFirst(pagesFolder.count + 1)), shown: path, into: &found) { continue }
                guard let identity = fileSystem.item(at: path) else { continue }
                var source = SourceFile(displayPath: path, relativePath: String(path.dropFirst(pagesFolder.count + 1)),
                                        filePath: path, identity: identity.recordText, in: fileSystem)
                source.folderFacts.in(language: language ?? self.language, named: language != nil)
                found.pageSources.append(source)
            }
        }
        return found
    }

    /// An HTML content file without front matter (a search engine's verification file, a page made
    /// elsewhere) is no page or entry to build: where `publishesBareHTML` says so, it is published
    /// as it is, at its place (`relative`). True when it was.
    private func publishesBareHTML(_ path: String, at relative: String, shown: String, into found: inout Found) -> Bool {
        // A file that cannot be read, or not published at its name, is read as an entry, which reports why.
        guard publishesBareHTML, ["html", "htm"].contains(path.split(separator: ".").last.map { $0.lowercased() } ?? ""),
              let bytes = fileSystem.probeRead(path), !FrontMatterSplitter.opensFrontMatter(bytes),
              let output = OutputPath.ifValid(relative.split(separator: "/").map(String.init)) else { return false }
        let identity = fileSystem.item(at: path)?.recordText ?? "missing"
        found.staticFiles.append(StaticFile(path: output, content: .file(StaticFile.Source(filePath: path, shownPath: shown, identity: identity, in: fileSystem))))
        return true
    }

    /// `ca` for `index.ca.md`, `_index.ca.md`: a file in another of the site's languages, as Zola and Hugo name translations.
    func translationLanguage(of name: String) -> String? {
        guard !translationLanguages.isEmpty || !leftOutLanguages.isEmpty else { return nil }
        let parts = name.split(separator: ".")
        guard parts.count >= 3 else { return nil }
        let code = parts[parts.count - 2].lowercased()
        return translationLanguages.contains(code) || leftOutLanguages.contains(code) ? code : nil
    }

    /// Whether a file is in a language turned off.
    private func isLeftOut(_ language: String?) -> Bool { language.map(leftOutLanguages.contains) ?? false }

    /// The content files of a folder of entries beside the main one; their relative paths start with the folder's own.
    private func scanEntries(_ entryFolder: SiteLayout.EntryFolder, skipping isSkipped: (String) -> Bool, into found: inout Found) {
        let files = files(in: fileSystem.walk(entryFolder.path), prefix: entryFolder.relativePath, diagnostics: &found.diagnostics, shownRoot: entryFolder.path)
        // A section's own list (`_index.md`), and in another language, is no entry; a bundle's files go beside its entry.
        let listed = entryFolder.facts.section == nil ? [] : Set(files.map(\.path))
        for (relative, identity) in files {
            let name = relative.split(separator: "/").last.map(String.init) ?? relative
            let path = entryFolder.path + relative.dropFirst(entryFolder.relativePath.count)
            guard contentExtensions.contains(name.split(separator: ".").last.map { $0.lowercased() } ?? "") else {
                if !listed.isEmpty {
                    let folder = relative.split(separator: "/").dropLast().joined(separator: "/")
                    addBundleResource(at: relative, in: folder, listed: listed, path: path, shown: path, identity: identity, into: &found)
                }
                continue
            }
            if isSkipped(relative) { continue }
            let language = translationLanguage(of: name)
            if isLeftOut(language) { continue }
            if entryFolder.facts.section != nil, Self.sectionFileNames.contains(FileNameParts.withoutLanguage(name, language)) { continue }
            if entryFolder.namesNeedDates, FileNameParts(fileName: name).datePrefix == nil {
                found.undatedNames.append(path)
                continue
            }
            var source = SourceFile(displayPath: path, relativePath: relative, filePath: path, identity: identity ?? "missing", in: fileSystem)
            source.folderFacts = entryFolder.facts
            if let language { source.folderFacts.in(language: language, named: true) } else if source.folderFacts.language == nil { source.folderFacts.language = self.language }
            if entryFolder.datesUndatedByFileTime, let identity = fileSystem.item(at: path) {
                source.folderFacts.undatedDate = EntryDate(epochSeconds: Int64(identity.modifiedSeconds))
            }
            found.sources.append(source)
        }
    }

    /// A file beside a page bundle's `index.md` (its folder's, among the `listed` paths) goes beside
    /// its entry's page; read when the build copies it, not here: a rebuild keeps an unchanged copy unread.
    private func addBundleResource(at relative: String, in folder: String, listed: Set<String>, path: String, shown: String,
                                   identity: String?, into found: inout Found) {
        guard SourceFile.bundleIndexNames.contains(where: { listed.contains("\(folder)/\($0)") }) else { return }
        let source = StaticFile.Source(filePath: path, shownPath: shown, identity: identity ?? "missing", in: fileSystem)
        found.bundleResources[folder, default: []].append(BundleResource(name: String(relative.dropFirst(folder.count + 1)), content: .file(source)))
    }

    /// A Jekyll collection's files: a Markdown file that opens with front matter is a page
    /// (`_work/name.md`, at the collection's permalink); any other file is copied at its place
    /// below the collection's name, as Jekyll writes a collection's static files.
    private func scanCollection(_ collection: JekyllCollection, in folder: String, into found: inout Found) {
        guard fileSystem.isFolder(folder) else { return }
        let files = files(in: fileSystem.walk(folder), prefix: collection.folder, diagnostics: &found.diagnostics, shownRoot: folder)
        for (relative, walked) in files {
            let inner = relative.dropFirst(collection.folder.count + 1)
            let path = LocalPath.joined(folder, String(inner))
            let identity = walked ?? "missing"
            let ext = inner.split(separator: ".").count > 1 ? inner.split(separator: ".").last!.lowercased() : ""
            // One that cannot be read is copied, and its copy reports why.
            if Self.markdownExtensions.contains(ext), (try? opensWithFrontMatterLine(path)) == true {
                // An entry of the collection's own stream where it is dated, else a page at the collection's permalink.
                var source = SourceFile(displayPath: path, relativePath: relative, filePath: path, identity: identity, in: fileSystem)
                source.folderFacts = FolderFacts(section: [collection.folder], undatedIsPage: true)
                found.sources.append(source)
                continue
            }
            found.copy(StaticFile.Source(filePath: path, shownPath: path, identity: identity, in: fileSystem),
                       to: [collection.name] + inner.split(separator: "/").map(String.init))
        }
    }

    /// The Markdown files below `root` but outside `skipping` (section files left out).
    private func markdownFiles(in root: String, skipping: Set<String>, diagnostics: inout [Diagnostic]) -> [String] {
        var files: [String] = []
        var pending = [root]
        while let path = pending.popLast() {
            let names: [String]
            do {
                names = try fileSystem.names(in: path).sorted()
            } catch {
                diagnostics.append(.error(at: SourceLocation(path: path), "cannot read folder: \(SystemErrorText.reason(error))"))
                continue
            }
            for name in names where !name.hasPrefix(".") {
                let child = "\(path)/\(name)"
                if fileSystem.isFolder(child) {
                    if !skipping.contains(fileSystem.resolve(child)) { pending.append(child) }
                } else if contentExtensions.contains(name.split(separator: ".").last.map { $0.lowercased() } ?? ""),
                          !Self.sectionFileNames.contains(name) {
                    files.append(child)
                }
            }
        }
        return files
    }

    /// Every file of a static folder (hidden names, excluded names, and with
    /// Jekyll's rule names starting with `_`, left out), published at its place.
    private func scanStatic(_ source: SiteLayout.StaticFolder, into found: inout Found) {
        let contentRoot = fileSystem.resolve(folder)
        var pending = [(path: source.path, relative: [String]())]
        while let (path, relative) = pending.popLast() {
            let names: [String]
            do {
                names = try fileSystem.names(in: path).sorted()
            } catch {
                found.diagnostics.append(.error(at: SourceLocation(path: path), "cannot read folder: \(SystemErrorText.reason(error))"))
                continue
            }
            for name in names where !name.hasPrefix(".") {
                if relative.isEmpty, source.excludedNames.contains(name) { continue }
                if source.frontMatterFilesArePages, name.hasPrefix("_") { continue }
                let child = "\(path)/\(name)"
                guard let identity = fileSystem.item(at: child) else { continue }
                if identity.isFolder {
                    let resolved = fileSystem.resolve(child)
                    guard !excludedPaths.contains(resolved), resolved != contentRoot else { continue }
                    pending.append((child, relative + [name]))
                    continue
                }
                // Jekyll renders every file that opens with front matter (a Liquid `atom.xml` too): a page, never copied raw.
                // Its first five bytes tell; the rest is read when the build copies it.
                if source.frontMatterFilesArePages {
                    let opensWithFrontMatter: Bool
                    do {
                        opensWithFrontMatter = try opensWithFrontMatterLine(child)
                    } catch {
                        found.diagnostics.append(.error(at: SourceLocation(path: child), "cannot read file: \(SystemErrorText.reason(error))"))
                        continue
                    }
                    if opensWithFrontMatter {
                        let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
                        if Self.stylesheetExtensions.contains(ext) {
                            found.stylesheets.append(SourceFile(displayPath: child, relativePath: (relative + [name]).joined(separator: "/"),
                                                                filePath: child, identity: identity.recordText, in: fileSystem))
                        } else {
                            // Markdown, HTML, and any other (a Liquid `feed.xml`, `robots.txt`, `search.json`): a page, as Jekyll renders it.
                            found.pageSources.append(SourceFile(displayPath: child, relativePath: (relative + [name]).joined(separator: "/"),
                                                                filePath: child, identity: identity.recordText, in: fileSystem))
                        }
                        continue
                    }
                }
                if markdownWithoutFrontMatterIsPage, Self.markdownExtensions.contains(name.split(separator: ".").last.map { $0.lowercased() } ?? "") {
                    found.pageSources.append(SourceFile(displayPath: child, relativePath: (relative + [name]).joined(separator: "/"),
                                                        filePath: child, identity: identity.recordText, in: fileSystem))
                }
                found.copy(StaticFile.Source(filePath: child, shownPath: child, identity: identity.recordText, in: fileSystem), to: relative + [name])
            }
        }
    }

    /// Whether the file opens with Jekyll's front matter line (`---`), which makes it a page, not a
    /// file copied as it is: its first five bytes tell.
    private func opensWithFrontMatterLine(_ path: String) throws(POSIXError) -> Bool {
        let opening = try fileSystem.prefix(path, count: 5)
        return opening.starts(with: Array("---\n".utf8)) || opening.starts(with: Array("---\r\n".utf8))
    }

    /// The files of a walk by their paths below the walked folder, after `prefix`, sorted by path,
    /// each with its `stat` identity (nil for a link to nothing).
    private func files(in walk: FolderWalk, prefix: String = "", diagnostics: inout [Diagnostic], shownRoot: String) -> [(path: String, identity: String?)] {
        var files: [(path: String, identity: String?)] = []
        files.reserveCapacity(walk.items.count)
        for (path, item) in walk.items {
            let relative = prefix.isEmpty ? path : path.isEmpty ? prefix : "\(prefix)/\(path)"
            switch item {
            case .file(let identity): files.append((relative, identity))
            case .dangling: files.append((relative, nil))
            case .folder, .gone: continue
            case .unreadable(let code):
                let error = POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
                diagnostics.append(.error(at: SourceLocation(path: path.isEmpty ? shownRoot : "\(shownRoot)/\(path)"),
                                          "cannot read folder: \(SystemErrorText.reason(error))"))
            }
        }
        // The walk lists each folder's names in order, so its list is sorted runs (`a/x` comes
        // before `a-b/y` there, not by path) and this sort is little more than one pass over it.
        files.sort { $0.path < $1.path }
        return files
    }
}
