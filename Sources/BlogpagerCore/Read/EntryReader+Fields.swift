/// The front-matter keys an entry is made of, one reading each: what each generator
/// writes there and what it makes of it. Each reports its own problems and reads on.
extension EntryReader {
    /// An entry's fields by key (aliases taken), with the facts of its file that stand in for them.
    struct WrittenFields {
        let byKey: [String: FrontMatterField]
        let file: SourceFile
        let nameParts: FileNameParts

        subscript(key: String) -> FrontMatterField? { byKey[key] }
        var start: SourceLocation { SourceLocation(path: file.displayPath) }
    }

    /// The slug an entry has, and where one that is refused was written.
    struct Slug {
        var value: String
        /// The slug as front matter wrote it, when it did.
        var written: String?
        var location: SourceLocation
    }

    /// What stands in for a date written nowhere.
    enum Undated {
        case dated(EntryDate)
        /// Built as a page, the site's generator building such a source so.
        case page
        case missing(Diagnostic)
    }

    /// A field written with nothing in it (`title:`, `title: ""`).
    static func isEmpty(_ field: FrontMatterField) -> Bool {
        field.value == .null || field.value.scalarText?.trimmingSpaces.isEmpty == true
    }

    /// The texts Go's `strconv.ParseBool` takes, as Hugo reads a `draft` written as text.
    static let goBooleans: [String: Bool] = [
        "1": true, "t": true, "T": true, "TRUE": true, "true": true, "True": true,
        "0": false, "f": false, "F": false, "FALSE": false, "false": false, "False": false,
    ]

    /// The keys read into the entry itself; every other field is one of its params.
    var knownKeys: Set<String> {
        Set(["title", "date", "slug", "summary", "updated", "expires", "aliases"] + config.taxonomies.map(\.key)
            + (config.reading.frontMatterNames == .jekyllsAlone ? [] : ["draft"])
            + (config.entryURLs.ownURLKey.map { [$0] } ?? []))
    }

    /// The title; one left empty (`title:`, or `title: #tag` that YAML reads as a comment) is no
    /// title where the site's generator titles such an entry by its file (Jekyll, Hugo).
    func readTitle(_ written: WrittenFields, log: inout DiagnosticLog) -> String {
        if let field = written["title"], config.reading.untitledEntries == .error || !Self.isEmpty(field) {
            if let text = field.rawText, field.value != .null, !text.trimmingSpaces.isEmpty { return text.trimmingSpaces }
            log.append(.error(at: field.valueLocation, "title must be non-empty text"))
            return ""
        }
        let slug = written.nameParts.slug
        switch config.reading.untitledEntries {
        case .error:
            log.append(.error(at: written.start, "missing title: add 'title: ...' to the front matter"))
            return ""
        case .fileName: return slug.replacingOccurrences(of: "-", with: " ")
        case .fileNameCapitalized: return slug.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        }
    }

    /// The date: front matter, else the file name's YYYY-MM-DD- prefix, else the day the entry's
    /// own URL names, else its folder's. `missing` when none is written at all (an unreadable one
    /// is an error already): whether that is one depends on the draft flag.
    func readDate(_ written: WrittenFields, log: inout DiagnosticLog) -> (date: EntryDate?, missing: Bool) {
        if let field = written["date"], field.value != .null { return (parseDate(field, log: &log), false) }
        if let prefix = written.nameParts.datePrefix {
            switch dateParser.parse(prefix) {
            case .success(let parsed): return (parsed, false)
            case .failure(let failure):
                log.append(.error(at: written.start, "invalid date in file name: \(failure.message)"))
                return (nil, false)
            }
        }
        if let key = config.entryURLs.ownURLKey, let field = written[key], let text = field.value.scalarText,
           let day = URLPathDate.day(in: text), case .success(let parsed) = dateParser.parse(day) {
            return (parsed, false)
        }
        if let undated = written.file.folderFacts.undatedDate { return (undated, false) }
        return (nil, true)
    }

    /// A draft may have no date yet (Hugo and Zola build without one): its file's time dates it,
    /// as Jekyll dates its `_drafts/`, until it has one. Otherwise an undated source is a page
    /// where the site's generator builds one so, and an error where it does not.
    func undated(_ written: WrittenFields, isDraft: Bool, language: FrontMatterSplitter.Language, log: DiagnosticLog) -> Undated {
        if isDraft, case .file(let path, let files) = written.file.content, let identity = files.item(at: path) {
            return .dated(EntryDate(epochSeconds: Int64(identity.modifiedSeconds)))
        }
        if config.reading.undatedEntries != .error || written.file.folderFacts.undatedIsPage, !log.hasErrors { return .page }
        let example = language == .toml ? "date = 2016-05-12" : language == .json ? "\"date\": \"2016-05-12\"" : "date: 2016-05-12"
        return .missing(.error(at: written.start, "missing date: add '\(example)' to the front matter or name the file 2016-05-12-\(written.nameParts.slug).md"))
    }

    func readSlug(_ written: WrittenFields, log: inout DiagnosticLog) -> Slug {
        var slug = Slug(value: written.nameParts.slug, written: nil, location: written.start)
        if let field = written["slug"] {
            slug.location = field.valueLocation
            if let text = field.rawText?.trimmingSpaces, field.value != .null, !text.isEmpty {
                slug.value = text
                slug.written = text
            } else if !config.entryURLs.namesByFileWithoutSlug {
                log.append(.error(at: field.valueLocation, "slug must be non-empty text"))
            }
        }
        if config.entryURLs.checksSlugAsFileName, let problem = OutputPath.problem(with: slug.value) {
            log.append(.error(at: slug.location, "slug '\(slug.value)' is not allowed: \(problem); a slug must stay inside out/"))
        }
        return slug
    }

    /// The entry's terms of every taxonomy, its folders' categories (Jekyll's) first.
    func readTerms(_ written: WrittenFields, log: inout DiagnosticLog) -> [String: [String]] {
        var terms = EntryTermsReader(taxonomies: config.taxonomies, splitsOnSpaces: config.reading.termsSplitOnSpaces,
                                     passesOverNonTextTerms: config.reading.passesOverNonTextTerms).read(written.byKey, log: &log)
        let folderCategories = written.file.folderFacts.categories
        if !folderCategories.isEmpty {
            let listed = terms[Taxonomy.categories.key] ?? []
            terms[Taxonomy.categories.key] = folderCategories + listed.filter { !folderCategories.contains($0) }
        }
        return terms
    }

    /// A draft by its flag or by its folder (Jekyll's `_drafts/`).
    func readDraft(_ written: WrittenFields, log: inout DiagnosticLog) -> Bool {
        let inDraftsFolder = written.file.folderFacts.isDraft
        guard let field = written["draft"] else { return inDraftsFolder }
        switch field.value {
        case .bool(let flag): return flag || inDraftsFolder
        case .null: return inDraftsFolder
        case .string(let text) where config.reading.draftFlag == .booleanOrGoText && Self.goBooleans[text] != nil:
            return Self.goBooleans[text] == true || inDraftsFolder
        default:
            log.append(.error(at: field.valueLocation, "draft must be true or false"))
            return inDraftsFolder
        }
    }

    func readSummary(_ written: WrittenFields, log: inout DiagnosticLog) -> String? {
        guard let field = written["summary"], field.value != .null else { return nil }
        if let text = field.rawText { return text }
        log.append(.error(at: field.valueLocation, "summary must be text"))
        return nil
    }

    /// The URL the entry names for itself (Jekyll's `permalink:`, Hugo's `url:`, Zola's `path:`);
    /// empty text (`url: ""`, an archetype's blank) names none, as Hugo reads it.
    func readOwnURL(_ written: WrittenFields, log: inout DiagnosticLog) -> String? {
        guard let key = config.entryURLs.ownURLKey, let field = written[key], field.value != .null, !field.value.isBlankText else { return nil }
        // Only ASCII blanks are trimmed, as YAML trims them: a URL that ends in an ideographic
        // space (seen on a real Hugo blog) is where the old generator wrote that page.
        if let text = field.rawText?.trimmingASCIIBlanks, !text.isEmpty, field.value.scalarText != nil { return text }
        log.append(.error(at: field.valueLocation, "\(key) must be a URL path such as /2016/05/my-entry/"))
        return nil
    }

    /// The entry's old addresses; a relative one is taken from the folder the entry's page sits
    /// in (`/posts/` for `/posts/x/`).
    func readRedirects(_ written: WrittenFields, outputPath: OutputPath, log: inout DiagnosticLog) -> [OutputPath] {
        guard let field = written["aliases"] else { return [] }
        var entryFolder = outputPath.segments
        if entryFolder.last == "index.html" { entryFolder.removeLast() }
        entryFolder.removeLast()
        return RedirectPathsReader(entryFolder: entryFolder, style: config.entryURLs.redirects).read(field, log: &log)
    }

    /// Every field the entry is not made of, for its templates; for Jekyll, every field but its title and date, as
    /// written (`excerpt`, `author`, `redirect_from`…): Jekyll's `page` holds them all, and its layouts read them.
    func otherFields(_ fields: [FrontMatterField], consumed: Set<String>) -> [String: FrontMatterValue] {
        var params: [String: FrontMatterValue] = [:]
        if config.reading.frontMatterNames == .jekyllsAlone {
            for field in fields where field.key != "title" && field.key != "date" { params[field.key] = field.value }
            return params
        }
        let known = knownKeys
        for field in fields where !known.contains(field.key) && !consumed.contains(field.key) { params[field.key] = field.value }
        return params
    }

    func parseDate(_ field: FrontMatterField, log: inout DiagnosticLog) -> EntryDate? {
        guard let text = field.rawText else {
            log.append(.error(at: field.valueLocation, "\(field.key) must be a date such as 2016-05-12 or 2016-05-12T10:00:00+09:00"))
            return nil
        }
        switch dateParser.parse(text) {
        case .success(let date):
            return config.reading.showsDatesInSiteZone && date.hasTime ? date.shown(in: config.timeZone) : date
        case .failure(let failure):
            var location = field.valueLocation
            location.column += String(decoding: text.utf8.prefix(failure.offset), as: UTF8.self).unicodeScalars.count
            log.append(.error(at: location, "invalid \(field.key) '\(text)': \(failure.message)"))
            return nil
        }
    }
}
