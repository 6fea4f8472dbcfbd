import Foundation

/// Turns the command line's paths into a `SiteInput`: finds and reads the
/// config, lays template overrides over the defaults, scans the content.
public struct SiteLoader: Sendable {
    public var contentFolder: String
    /// `--config`; when nil, `blogpager.yml` in the current folder or the content folder's parent.
    public var configPath: String?
    /// `--templates`; when nil, a `templates/` folder beside the config, else the defaults.
    public var templatesFolder: String?

    /// Where the site's parts are: a site root's layout, or a plain folder of entries.
    public var layout: SiteLayout
    /// Resolved paths never read as input (the output folder, when it sits inside a site's root).
    public var excludedPaths: Set<String>
    /// What the command line asks of the config whatever it says (`--search`, `--max-entry-size`).
    public var overrides: Overrides
    /// The content folder as the build already walked it, for the scan (`ContentScanner.contentWalk`).
    var contentWalk: FolderWalk?
    /// Where the site is: the disk, or a tree in memory.
    public let files: FileSystem
    /// Where Dart Sass is looked for, and the build's now, for the stylesheets a Jekyll site compiles
    /// (`compilingStylesheets`); without them, such a stylesheet is a page that is not built.
    var stylesheetTools: StylesheetTools?

    /// Settings the command line gives over the config's.
    public struct Overrides: Sendable {
        /// Makes the search index whatever the config says (`--search`).
        public var search = false
        /// The most bytes one entry or page may have (`--max-entry-size`); nil for the default.
        public var maximumEntryBytes: Int?

        public init(search: Bool = false, maximumEntryBytes: Int? = nil) {
            self.search = search
            self.maximumEntryBytes = maximumEntryBytes
        }
    }

    /// `contentFolder` is the folder of entries, or the root of a Jekyll, Hugo, Zola or blogpager site.
    public init(contentFolder: String, configPath: String? = nil, templatesFolder: String? = nil, excludedPaths: Set<String> = [],
                overrides: Overrides = Overrides(), in files: FileSystem) {
        self.init(layout: SiteLayout.detect(contentFolder, configPath: configPath, in: files), contentFolder: contentFolder, configPath: configPath,
                  templatesFolder: templatesFolder, excludedPaths: excludedPaths, overrides: overrides, in: files)
    }

    /// A loader of a site already looked at (`layout`, with its config files as they were read then).
    init(layout: SiteLayout, contentFolder: String, configPath: String?, templatesFolder: String?, excludedPaths: Set<String>,
         overrides: Overrides, in files: FileSystem) {
        self.contentFolder = contentFolder
        self.configPath = configPath
        self.templatesFolder = templatesFolder
        self.excludedPaths = excludedPaths
        self.overrides = overrides
        self.files = files
        self.layout = layout
    }

    /// The site's config files, read once per build.
    private var configs: ConfigFiles { layout.configs ?? ConfigFiles(root: nil, named: nil, in: files) }

    /// This loader compiling a Jekyll site's stylesheets with what `tools` finds.
    public func compilingStylesheets(with tools: StylesheetTools) -> SiteLoader {
        var loader = self
        loader.stylesheetTools = tools
        return loader
    }

    /// This loader with the content folder as a build already walked it: the scan reads that walk.
    func reading(_ walk: FolderWalk) -> SiteLoader {
        var loader = self
        loader.contentWalk = walk
        return loader
    }

    public static let configFileName = "blogpager.yml"

    public func load() throws(BuildFailure) -> SiteInput {
        if let problem = layout.problem { throw BuildFailure(problem) }
        var log = DiagnosticLog()
        let (loaded, configFile) = loadConfig(&log)
        let templates = loadTemplates(configFile: configFile, log: &log)
        var staticFolders = layout.staticFolders
        for index in staticFolders.indices { staticFolders[index].excludedNames.formUnion(loaded?.excludedNames ?? []) }
        var layout = layout
        let rules = layout.origin.rules
        // A code written twice (`[fr, fr]`, Hugo's `FR` beside `fr`) is one language: its first settings.
        var codes: Set<String> = []
        let declared = (loaded?.config.languages ?? []).filter { codes.insert($0.code).inserted }
        // Hugo, Zola and ours name a file's language in its name (`post.fr.md`, the default's too, and a site's one
        // language's where it declares one alone).
        let namedLanguages = rules.namesLanguagesInFileNames ? Set(declared.map(\.code)) : []
        var languages = rules.languages(declared: declared, layout: &layout, config: loaded?.config, files: files)
        var scanner = scanner(of: layout, staticFolders: staticFolders, config: loaded?.config)
        scanner.translationLanguages = namedLanguages
        scanner.leftOutLanguages = loaded?.config.disabledLanguages ?? []
        scanner.contentWalk = contentWalk
        var found = scanner.scan()
        // A Hugo language with a content folder of its own: its files found there, as in a site of its own.
        var languageSections: [String: [String]] = [:]
        for (language, folder) in LanguageFolders.hugo(languages, layout: layout) {
            let own = SiteLayout.detect(contentFolder, configPath: configPath, hugoContentDir: folder, configs: configs, in: files)
            var languageScanner = self.scanner(of: own, staticFolders: [], config: loaded?.config)
            languageScanner.language = language.code
            languageScanner.translationLanguages = scanner.translationLanguages
            languageScanner.leftOutLanguages = scanner.leftOutLanguages
            var scanned = languageScanner.scan()
            // A language whose main section is another (`content/fr/articles/` beside `content/en/posts/`):
            // its entries name theirs, from its content root, as a section's beside the main one do.
            if own.contentSection != layout.contentSection {
                languageSections[language.code] = own.contentSection
                for index in scanned.sources.indices where scanned.sources[index].folderFacts.section == nil {
                    scanned.sources[index].relativePath = (own.contentSection + [scanned.sources[index].relativePath]).joined(separator: "/")
                    scanned.sources[index].folderFacts.section = own.contentSection
                }
            }
            found.merge(scanned)
            layout.blogSectionFolders += own.blogSectionFolders.filter { !layout.blogSectionFolders.contains($0) }
        }
        for index in languages.indices { languages[index].contentSection = languageSections[languages[index].code] }
        if stylesheetTools == nil {
            found.pages += found.stylesheets.map(\.displayPath)
            found.stylesheets = []
        }
        try log.throwIfErrors()
        guard var loaded, let templates else { throw BuildFailure(log.diagnostics) }
        loaded.config.languages = languages
        loaded.config.reading.languagesFromFrontMatter = rules.languagesFromFrontMatter && !languages.isEmpty
        var warnings = loaded.warnings + layout.warnings
        if let first = found.pages.first {
            warnings.append(.warning(at: SourceLocation(path: first),
                                     "\(found.pages.count) page\(found.pages.count == 1 ? "" : "s") with front matter in a format other than Markdown or HTML (this one among them) \(found.pages.count == 1 ? "is" : "are") not built: only Markdown and HTML pages are"))
        }
        let liquid = rules.liquidSources(layout: layout, config: loaded.config, configFile: configFile, configs: configs,
                                         environment: stylesheetTools?.environment ?? [:], files: files,
                                         log: &log, warnings: &warnings)
        var legacyPages: LegacyPages?
        if let path = layout.legacyPagesPath, files.item(at: path) != nil {
            let text = Result { () throws(POSIXError) in try files.read(path) }
                .mapError { BuildFailure(.error(at: SourceLocation(path: path), "cannot read file: \(SystemErrorText.reason($0))")) }
                .flatMap { TextDecoding.decode($0, path: path).mapError { BuildFailure($0) } }
            switch text.flatMap({ LegacyPages.read($0, path: path) }) {
            case .success(let read): legacyPages = read
            case .failure(let failure): log.append(contentsOf: failure.diagnostics)
            }
        }
        try log.throwIfErrors()
        if let first = found.undatedNames.first {
            let count = found.undatedNames.count
            warnings.append(.warning(at: SourceLocation(path: first),
                                     "\(count) file\(count == 1 ? " is" : "s are") not named yyyy-mm-dd-title (this one among them): like Jekyll, blogpager reads no other file of _posts/ as a post"))
        }
        var config = loaded.config
        config.contentSection = layout.contentSection
        if overrides.search { config.searchIndex = true }
        if let maximum = overrides.maximumEntryBytes { config.maximumEntryBytes = maximum }
        rules.sectionSettings(layout: layout, config: &config, files: files, warnings: &warnings)
        rules.frame(&config, liquid: liquid, pages: found.pageSources)
        config.blogSections += layout.blogSectionFolders.map { folder in
            var section = BlogSection.read(folder: folder, in: layout.blogSectionsAreBeside ? layout.contentRoot ?? layout.contentFolder : layout.contentFolder,
                                           config: config, files: files, warnings: &warnings)
            section.isInContentFolder = !layout.blogSectionsAreBeside
            return section
        }
        var staticFiles = found.staticFiles
        if let tools = stylesheetTools {
            staticFiles += rules.stylesheets(found.stylesheets, beside: Set(staticFiles.map(\.path)), layout: layout, config: config, liquid: liquid,
                                             tools: tools, files: files, warnings: &warnings)
        }
        if config.markdown.rendersMath {
            switch KaTeXFiles.staticFiles(in: files, settingAt: SourceLocation(path: configFile ?? "blogpager.yml")) {
            case .success(let katex): staticFiles += katex
            case .failure(let problem): throw BuildFailure(problem)
            }
        }
        var input = SiteInput(
            config: config, templates: templates, sources: found.sources,
            staticFiles: staticFiles, diagnostics: found.diagnostics, configPath: configFile)
        input.warnings = warnings
        input.configToEdit = layout.configToEdit
        input.addressKey = layout.origin.addressKey
        input.pageCount = found.pages.count + found.pageSources.count
        input.pages = found.pageSources
        input.bundleResources = found.bundleResources
        input.liquid = liquid
        input.legacyPagesPath = layout.legacyPagesPath
        input.legacyPages = legacyPages
        // An imported site's static files were made for its old generator: where ours replace them, ours win.
        input.generatedFilesWin = rules.isImported
        return input
    }

    /// The scan of a layout's content, as its origin reads it.
    private func scanner(of layout: SiteLayout, staticFolders: [SiteLayout.StaticFolder], config: SiteConfig?) -> ContentScanner {
        var scanner = ContentScanner(folder: layout.contentFolder, staticFolders: staticFolders, excludedPaths: excludedPaths,
                                     pagesFolder: layout.pagesFolder, in: files)
        scanner.contentExtensions = layout.contentExtensions
        scanner.entryFolders = layout.entryFolders
        layout.origin.rules.configure(&scanner, layout: layout, config: config)
        scanner.namesNeedDates = layout.contentNamesNeedDates
        scanner.folderMayBeMissing = layout.contentFolderMayBeMissing
        scanner.publishesBareHTML = layout.origin.rules.publishesBareHTML
        scanner.contentFilter = layout.contentFilter
        scanner.contentFilterRoot = layout.contentRoot
        return scanner
    }

    /// The config file that applies, if any.
    public func resolvedConfigPath() -> String? {
        if let configPath = layout.configPath ?? configPath { return configPath }
        if !layout.origin.rules.findsBlogpagerConfig { return nil }
        let content = URL(fileURLWithPath: contentFolder, isDirectory: true).standardizedFileURL
        let candidates = [
            Self.configFileName,
            content.deletingLastPathComponent().appending(path: Self.configFileName).path,
        ]
        return candidates.first { files.item(at: $0) != nil }
    }

    private func loadConfig(_ log: inout DiagnosticLog) -> (SiteConfigLoader.Loaded?, String?) {
        guard let path = resolvedConfigPath() else {
            // No config: the old generator's defaults, as it would have built the site (Jekyll's permalinks and excludes).
            return (layout.origin.rules.configWithoutFile(layout: layout) ?? SiteConfigLoader.Loaded(config: SiteConfig()), nil)
        }
        let data: [UInt8]
        do {
            data = try configs.read(path)
        } catch {
            log.append(.error(at: SourceLocation(path: path), "cannot read config file: \(SystemErrorText.reason(error))"))
            return (nil, path)
        }
        switch TextDecoding.decode(data, path: path) {
        case .failure(let diagnostic):
            log.append(diagnostic)
            return (nil, path)
        case .success(var text):
            let markWarning: Diagnostic?
            (text, markWarning) = layout.origin.rules.configText(text, bytes: data, path: path)
            var parts: [SiteConfigLoader.Part] = []
            for partPath in layout.configParts {
                let bytes: [UInt8]
                do {
                    bytes = try configs.read(partPath)
                } catch {
                    log.append(.error(at: SourceLocation(path: partPath), "cannot read config file: \(SystemErrorText.reason(error))"))
                    continue
                }
                switch TextDecoding.decode(bytes, path: partPath) {
                case .success(let partText): parts.append(SiteConfigLoader.Part(path: partPath, text: partText))
                case .failure(let diagnostic): log.append(diagnostic)
                }
            }
            switch SiteConfigLoader(path: path).load(text, origin: layout.origin, parts: parts) {
            case .success(var loaded):
                loaded.warnings = (markWarning.map { [$0] } ?? []) + loaded.warnings
                return (loaded, path)
            case .failure(let failure):
                log.append(contentsOf: failure.diagnostics)
                return (nil, path)
            }
        }
    }

    /// The templates folder that applies, if any: `--templates`, else `templates/` beside blogpager's own config.
    public func resolvedTemplatesFolder() -> String? {
        resolvedTemplatesFolder(configFile: resolvedConfigPath())
    }

    private func resolvedTemplatesFolder(configFile: String?) -> String? {
        if let templatesFolder { return templatesFolder }
        // Beside a Zola or Hugo config, `templates/` holds the old generator's theme, not ours.
        guard let configFile, layout.origin.rules.readsTemplatesBesideConfig else { return nil }
        let beside = URL(fileURLWithPath: configFile).deletingLastPathComponent().appending(path: "templates").path
        return files.isFolder(beside) ? beside : nil
    }

    private func loadTemplates(configFile: String?, log: inout DiagnosticLog) -> TemplateSet? {
        let folder = resolvedTemplatesFolder(configFile: configFile)
        var overrides: [String: String] = [:]
        var origins: [String: String] = [:]
        if let folder {
            let root = URL(fileURLWithPath: folder, isDirectory: true).standardizedFileURL.path
            guard files.isFolder(root) else {
                log.append(.error(at: SourceLocation(path: folder), "templates folder does not exist"))
                return nil
            }
            let shownFolder = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
            for (relative, item) in files.walk(root).items {
                let shown = LocalPath.joined(shownFolder, relative)
                switch item {
                case .folder: continue
                case .unreadable(let code):
                    log.append(.error(at: SourceLocation(path: relative.isEmpty ? shownFolder : shown),
                                      "cannot read folder: \(SystemErrorText.reason(POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)))"))
                    continue
                case .file, .dangling, .gone: break
                }
                let bytes: [UInt8]
                do {
                    bytes = try files.read(LocalPath.joined(root, relative))
                } catch {
                    log.append(.error(at: SourceLocation(path: shown), "cannot read template: \(SystemErrorText.reason(error))"))
                    continue
                }
                switch TextDecoding.decode(bytes, path: shown) {
                case .success(let text):
                    overrides[relative] = text
                    origins[relative] = shown
                case .failure(let diagnostic):
                    log.append(diagnostic)
                }
            }
        }
        do {
            return try TemplateSet.defaults(overriddenBy: overrides, origins: origins)
        } catch {
            log.append(contentsOf: error.diagnostics)
            return nil
        }
    }
}
