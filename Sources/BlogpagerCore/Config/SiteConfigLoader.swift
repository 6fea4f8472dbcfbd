import Foundation

/// Reads `blogpager.yml` into a `SiteConfig`, reporting every bad key with its place.
public struct SiteConfigLoader: Sendable {
    public var path: String

    public init(path: String) {
        self.path = path
    }

    /// A config and what came with it: warnings for keys not honoured, and (Jekyll) names left out of the static files.
    public struct Loaded: Sendable {
        public var config: SiteConfig
        public var warnings: [Diagnostic] = []
        public var excludedNames: Set<String> = []
    }

    /// One more file of a split config (Hugo's `config/_default/params.toml`): its text is the value of the key its name gives.
    public struct Part: Sendable {
        public var path: String
        public var text: String

        public init(path: String, text: String) {
            self.path = path
            self.text = text
        }

        /// `params` for `config/_default/params.toml`; Hugo reads `menu` and `menus` alike.
        var key: String {
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent.lowercased()
            return name == "menus" ? "menu" : name
        }

        /// Whether it is the config folder's own main file beside a config at the root (`config/_default/hugo.toml`):
        /// its keys are the config's own, over the root's, as Hugo merges them.
        var isMainFile: Bool { key == "hugo" || key == "config" }

        /// Where its value goes: `["params"]`; `["languages", "fr"]` for `languages.fr.toml`; a
        /// language's own menu or params (`menus.fr.toml`) inside that language's settings.
        var keyPath: [String] {
            let parts = key.split(separator: ".").map(String.init)
            guard parts.count == 2 else { return [key] }
            switch parts[0] {
            case "menu", "menus": return ["languages", parts[1], "menu"]
            case "params": return ["languages", parts[1], "params"]
            default: return parts
            }
        }
    }

    /// Reads a config as the generator it belongs to means it; blogpager's own is `load(_:)`.
    public func load(_ text: String, origin: SiteLayout.Origin, parts: [Part] = []) -> Result<Loaded, BuildFailure> {
        origin.rules.loadConfig(text, parts: parts, loader: self)
    }

    /// Another generator's config: its fields, with those of its other files, read as that generator reads them.
    func loadFields(_ text: String, parts: [Part], as generator: some GeneratorOrigin) -> Result<Loaded, BuildFailure> {
        let origin = generator.origin
        var fields: [FrontMatterField]
        var log = DiagnosticLog()
        switch Self.fields(of: text, path: path, origin: origin) {
        case .success(let found): fields = found
        case .failure(let diagnostic): log.append(diagnostic); fields = []
        }
        for part in parts {
            switch Self.fields(of: part.text, path: part.path, origin: origin) {
            case .success(let found):
                if part.isMainFile {
                    let keys = Set(found.map { $0.key.lowercased() })
                    fields = fields.filter { !keys.contains($0.key.lowercased()) } + found
                    continue
                }
                let start = SourceLocation(path: part.path)
                let value = FrontMatterValue.map(Dictionary(found.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last }))
                let path = part.keyPath
                guard path.count > 1 else {
                    fields.removeAll { $0.key.lowercased() == part.key }
                    fields.append(FrontMatterField(key: part.key, keyLocation: start, valueLocation: start, value: value, rawText: nil, items: []))
                    continue
                }
                // `languages.fr.toml`: the value of one key inside `languages`, beside what the main file says of the others.
                let index = fields.firstIndex { $0.key.lowercased() == path[0] }
                var outer = index.map { fields[$0].value } ?? .map([:])
                outer = outer.setting(Array(path.dropFirst()), to: value)
                if let index { fields.remove(at: index) }
                fields.append(FrontMatterField(key: path[0], keyLocation: start, valueLocation: start, value: outer, rawText: nil, items: []))
            case .failure(let diagnostic): log.append(diagnostic)
            }
        }
        if log.hasErrors { return .failure(BuildFailure(log.diagnostics)) }
        var values = ConfigValues(passedOver: generator.passedOverConfigValues, generator: origin.rawValue)
        var loaded = generator.readConfig(fields, into: &values)
        if values.log.hasErrors { return .failure(BuildFailure(values.log.diagnostics)) }
        loaded.warnings = values.warnings.sorted { ($0.location.path, $0.location.line) < ($1.location.path, $1.location.line) }
        return .success(loaded)
    }

    /// A config file's top-level values by lowercased key (the first of two spellings), for what
    /// must be known before the config itself is loaded (where the content is); nil for a file
    /// that cannot be read, whose errors come when it is loaded.
    static func valuesByKey(ofConfig path: String, origin: SiteLayout.Origin, in configs: ConfigFiles) -> [String: FrontMatterValue]? {
        guard let bytes = configs.probe(path),
              case .success(let fields) = fields(of: String(decoding: bytes, as: UTF8.self), path: path, origin: origin) else { return nil }
        return Dictionary(fields.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// A config file's top-level keys, in the language its name says.
    static func fields(of text: String, path: String, origin: SiteLayout.Origin) -> Result<[FrontMatterField], Diagnostic> {
        if path.hasSuffix(".toml") { return TOMLMappingReader(path: path).read(text) }
        if path.hasSuffix(".json") { return JSONMappingReader(path: path).read(text) }
        return YAMLMappingReader(path: path, keysMayRepeat: origin.rules.configKeysMayRepeat).read(text)
    }

    public func load(_ yaml: String) -> Result<SiteConfig, BuildFailure> {
        let fields: [FrontMatterField]
        switch YAMLMappingReader(path: path).read(yaml) {
        case .success(let read): fields = read
        case .failure(let diagnostic): return .failure(BuildFailure(diagnostic))
        }
        var config = SiteConfig()
        var values = ConfigValues()
        var declaredLanguages: FrontMatterField?
        for field in fields {
            func text() -> String? { values.text(field) }
            switch field.key {
            case "title": config.title = text() ?? config.title
            case "description": config.description = text() ?? ""
            case "author": config.author = text() ?? ""
            case "base_url", "baseURL", "url":
                if let value = text() { config.baseURL = values.baseURL(value, at: field, named: "base_url") ?? config.baseURL }
            case "language", "lang", "languageCode":
                config.language = text() ?? config.language
            case "time_zone", "timezone":
                config.timeZone = values.timeZone(field) ?? config.timeZone
            case "permalink":
                guard let pattern = text() else { break }
                do {
                    config.permalink = try PermalinkPattern(pattern)
                } catch {
                    values.log.append(.error(at: field.valueLocation, error.message))
                }
            case "page_size", "paginate":
                config.pageSize = values.pageSize(field.value, at: field, named: "page_size") ?? config.pageSize
            case "feed_size":
                if case .int(let size) = field.value, (0...1000).contains(size) {
                    config.feedSize = size
                } else {
                    values.log.append(.error(at: field.valueLocation, "feed_size must be a whole number from 0 (no feeds) to 1000"))
                }
            case "unsafe_html":
                if case .bool(let flag) = field.value { config.unsafeHTML = flag } else {
                    values.log.append(.error(at: field.valueLocation, "unsafe_html must be true or false"))
                }
            case "markdown":
                guard case .map(let settings) = field.value else {
                    values.log.append(.error(at: field.valueLocation, "markdown must be a mapping of settings such as 'footnotes: false'"))
                    break
                }
                config.markdown = .blogpager(settings) { _, message in values.log.append(.error(at: field.valueLocation, message)) }
            case "search":
                if case .bool(let flag) = field.value { config.searchIndex = flag } else {
                    values.log.append(.error(at: field.valueLocation, "search must be true or false"))
                }
            case "pagefind":
                if let path = text() { config.pagefindPath = path } else {
                    values.log.append(.error(at: field.valueLocation, "pagefind must be the path of Pagefind's binary"))
                }
            case "highlight":
                if case .bool(let flag) = field.value { config.highlightsCode = flag } else {
                    values.log.append(.error(at: field.valueLocation, "highlight must be true or false"))
                }
            case "list_content":
                if let value = text().flatMap(SiteConfig.ListContent.init(rawValue:)) { config.listContent = value } else {
                    values.log.append(.error(at: field.valueLocation, "list_content must be 'summary' or 'full'"))
                }
            case "taxonomies":
                if case .list(let list) = field.value, list.allSatisfy({ $0.scalarText != nil }) {
                    values.taxonomies(list.compactMap(\.scalarText), at: field, into: &config)
                } else {
                    values.log.append(.error(at: field.valueLocation, "taxonomies must be a list of names such as [series]"))
                }
            case "order":
                if let value = text().flatMap(SiteConfig.Order.init(rawValue:)) { config.order = value } else {
                    values.log.append(.error(at: field.valueLocation, "order must be 'newest-first' or 'oldest-first'"))
                }
            case "languages":
                declaredLanguages = field
            default:
                config.params[field.key] = field.value
            }
        }
        if let field = declaredLanguages { config.languages = Self.languages(field, config: config, log: &values.log) }
        // blogpager's own config names its taxonomies on purpose: one it cannot make is an error.
        for warning in values.warnings { values.log.append(.error(at: warning.location, warning.message)) }
        if values.log.hasErrors { return .failure(BuildFailure(values.log.diagnostics)) }
        return .success(config)
    }

    /// blogpager's `languages:`: the site's other languages, each by its code (`[fr, de]`), or
    /// with its own `title`, `description`, `name` and `tag` (`fr: {title: Mon blog}`); each at `/<code>/`
    /// beside `language` at the root, its files named `name.<code>.md`.
    private static func languages(_ field: FrontMatterField, config: SiteConfig, log: inout DiagnosticLog) -> [SiteLanguage] {
        let declared: [(String, [String: FrontMatterValue])]
        switch field.value {
        case .list(let codes) where codes.allSatisfy({ $0.scalarText != nil }): declared = codes.map { ($0.scalarText!, [:]) }
        case .map(let map):
            declared = map.keys.sorted().map { code in (code, { if case .map(let settings)? = map[code] { settings } else { [:] } }()) }
        default:
            log.append(.error(at: field.valueLocation, "languages must be a list of language codes such as [fr, de], or a mapping of each code to its settings (title, description, name, tag)"))
            return []
        }
        let defaultCode = config.language.lowercased()
        if let problem = SiteLanguage.problem(withCode: defaultCode) {
            log.append(.error(at: field.keyLocation, "language '\(config.language)' cannot be one of several: its code names a folder of out/ (\(problem))"))
            return []
        }
        var languages = [SiteLanguage(code: defaultCode, tag: config.language)]
        for (code, settings) in declared where code.lowercased() != defaultCode {
            guard SiteLanguage.problem(withCode: code) == nil, TagSlug.make(code) == code.lowercased() else {
                log.append(.error(at: field.valueLocation, "language code '\(code)' cannot name a folder of out/ and a file (name.\(code).md); use a code such as fr or pt-br"))
                continue
            }
            var language = SiteLanguage(code: code, tag: settings["tag"]?.scalarText, name: settings["name"]?.scalarText, root: [code.lowercased()])
            language.title = settings["title"]?.scalarText
            language.description = settings["description"]?.scalarText
            language.prefixesEntryURLs = true
            languages.append(language)
        }
        return languages.count > 1 ? languages : []
    }
}
