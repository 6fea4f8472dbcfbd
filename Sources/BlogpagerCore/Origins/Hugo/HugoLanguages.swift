/// A Hugo site's languages as Hugo reads them: `languages` in the config, or one file per
/// language (`config/_default/languages.fr.toml`), each with its `languageName`,
/// `languageCode` (or `locale`), `title`, `params`, `weight`, `contentDir` and `disabled`;
/// `defaultContentLanguage` first, at the root unless `defaultContentLanguageInSubdir`, the
/// others at `/<code>/`, their entries' URLs too. `disableLanguages` leaves some out.
enum HugoLanguages {
    /// None for a site without `languages`; one for a site of one language that names its files by it.
    /// `defaultContentLanguage` where it is declared among `languages`; else, as Hugo 0.168 takes
    /// it, the first of those declared and not turned off, by weight.
    static func defaultCode(_ fields: [FrontMatterField]) -> String {
        let named = HugoConfigReader.defaultLanguage(fields)
        guard case .map(let declared)? = fields.first(where: { $0.key.lowercased() == "languages" })?.value,
              !declared.keys.contains(where: { $0.lowercased() == named }) else { return named }
        let enabled = declared.filter { $0.value.value(forKeyIgnoringCase: "disabled") != .bool(true) }.map { code, settings in
            (code: code.lowercased(), weight: Int(settings.value(forKeyIgnoringCase: "weight")?.scalarText ?? "") ?? 0)
        }
        let first = enabled.min { ($0.weight == 0 ? Int.max : $0.weight, $0.code) < ($1.weight == 0 ? Int.max : $1.weight, $1.code) }
        return first?.code ?? named
    }

    /// The languages declared but turned off: their files are left out, as Hugo leaves them.
    static func disabled(_ fields: [FrontMatterField]) -> Set<String> {
        let byKey = Dictionary(fields.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        var codes: Set<String> = if case .list(let codes)? = byKey["disablelanguages"] { Set(codes.compactMap { $0.scalarText?.lowercased() }) } else { [] }
        if case .map(let declared)? = byKey["languages"] {
            for (code, settings) in declared where settings.value(forKeyIgnoringCase: "disabled") == .bool(true) { codes.insert(code.lowercased()) }
        }
        return codes.subtracting([Self.defaultCode(fields)])
    }

    /// A language whose code cannot name a folder of `out/` is left out, with a warning in `values`.
    static func read(_ fields: [FrontMatterField], values: inout ConfigValues) -> [SiteLanguage] {
        let byKey = Dictionary(fields.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        let field = fields.first { $0.key.lowercased() == "languages" }
        guard case .map(let declared)? = byKey["languages"] else { return [] }
        let defaultCode = Self.defaultCode(fields)
        let inSubdir = byKey["defaultcontentlanguageinsubdir"] == .bool(true)
        let disabled: Set<String> = if case .list(let codes)? = byKey["disablelanguages"] { Set(codes.compactMap { $0.scalarText?.lowercased() }) } else { [] }
        var languages: [SiteLanguage] = []
        for (key, settings) in declared {
            let code = key.lowercased()
            guard !disabled.contains(code), settings.value(forKeyIgnoringCase: "disabled") != .bool(true) else { continue }
            if let problem = SiteLanguage.problem(withCode: code) {
                if let field { values.warnings.append(.warning(at: field.keyLocation, "language '\(key)' is not built: its code cannot name a folder of out/ (\(problem))")) }
                continue
            }
            let isDefault = code == defaultCode
            let own = { (name: String) in settings.value(forKeyIgnoringCase: name)?.scalarText?.trimmingSpaces }
            let tag = own("languagecode") ?? own("locale") ?? (isDefault ? byKey["languagecode"]?.scalarText : nil) ?? code
            var language = SiteLanguage(code: code, tag: tag, name: own("languagename") ?? own("label"),
                                        root: isDefault && !inSubdir ? [] : [code])
            language.prefixesEntryURLs = !language.root.isEmpty
            language.title = own("title") ?? byKey["title"]?.scalarText
            if case .map(let params)? = settings.value(forKeyIgnoringCase: "params") { language.params = params }
            language.description = own("description") ?? language.params["description"]?.scalarText
            language.weight = Int(own("weight") ?? "") ?? 0
            if let menu = settings.value(forKeyIgnoringCase: "menu") ?? settings.value(forKeyIgnoringCase: "menus") { language.menu = SiteMenu(hugo: menu) }
            // `[languages.de.permalinks]`, or its newer `[languages.de.permalinks.page]`.
            if case .map(let map)? = settings.value(forKeyIgnoringCase: "permalinks") {
                let pages = if case .map(let page)? = map["page"] { page } else { map }
                for (section, template) in pages { if let text = template.scalarText { language.permalinks[section] = text } }
            }
            languages.append(language)
        }
        // One language alone is kept for its files' names (`post.fr.md`): the loader builds it as a site of one language.
        return ordered(languages, defaultCode: defaultCode)
    }

    /// The default language first, then by weight (Hugo's order: a weight before none) and code.
    static func ordered(_ languages: [SiteLanguage], defaultCode: String) -> [SiteLanguage] {
        languages.sorted { first, second in
            if (first.code == defaultCode) != (second.code == defaultCode) { return first.code == defaultCode }
            let (a, b) = (first.weight == 0 ? Int.max : first.weight, second.weight == 0 ? Int.max : second.weight)
            return a != b ? a < b : first.code < second.code
        }
    }
}
