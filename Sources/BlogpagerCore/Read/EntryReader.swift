/// Reads one Markdown file into an `Entry` (front matter, date, slug, URL),
/// reporting every problem of the file it can find; its body is rendered later,
/// when a page needs it, by the render stage (`BodyRenderer`).
public struct EntryReader: Sendable {
    public let config: SiteConfig
    private let dateParser: EntryDateParser

    public static let moreMarker = "<!--more-->"

    /// A field written with nothing in it (`title:`, `title: ""`).
    private static func isEmpty(_ field: FrontMatterField) -> Bool {
        field.value == .null || field.value.scalarText?.trimmingSpaces.isEmpty == true
    }

    /// The texts Go's `strconv.ParseBool` takes, as Hugo reads a `draft` written as text.
    static let goBooleans: [String: Bool] = [
        "1": true, "t": true, "T": true, "TRUE": true, "true": true, "True": true,
        "0": false, "f": false, "F": false, "FALSE": false, "false": false, "False": false,
    ]

    public init(config: SiteConfig) {
        self.config = config
        self.dateParser = EntryDateParser(siteTimeZone: config.timeZone)
    }

    public func read(_ file: SourceFile) -> Result<Entry, BuildFailure> {
        frontMatter.read(file).flatMap { interpret($0.fields, file: file, body: $0.parts) }
    }

    private var frontMatter: FrontMatterReader { FrontMatterReader(config: config) }

    /// The entry and its body at once, rendered as a build without links between entries renders
    /// it (`BodyRenderer`): for a caller that wants one whole entry.
    public func readWithBody(_ file: SourceFile) -> Result<(entry: Entry, body: EntryBody), BuildFailure> {
        let bodies = BodyRenderer(config: config)
        return read(file).flatMap { entry in bodies.body(of: entry).map { (entry, $0) } }
    }

    private func interpret(_ fields: [FrontMatterField], file: SourceFile, body: FrontMatterSplitter.Parts) -> Result<Entry, BuildFailure> {
        var log = DiagnosticLog()
        let path = file.displayPath
        let start = SourceLocation(path: path)
        var byKey = Dictionary(fields.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let aliases = FrontMatterAliases(byKey)
        byKey = aliases.fields
        let nameParts = FileNameParts(source: file)

        // title; one left empty (`title:`, or `title: #tag` that YAML reads as a comment) is no title
        // where the site's generator titles such an entry by its file (Jekyll, Hugo)
        var title = ""
        if let field = byKey["title"], config.untitledEntries == .error || !Self.isEmpty(field) {
            if let text = field.rawText, field.value != .null, !text.trimmingSpaces.isEmpty {
                title = text.trimmingSpaces
            } else {
                log.append(.error(at: field.valueLocation, "title must be non-empty text"))
            }
        } else {
            switch config.untitledEntries {
            case .error: log.append(.error(at: start, "missing title: add 'title: ...' to the front matter"))
            case .fileName: title = nameParts.slug.replacingOccurrences(of: "-", with: " ")
            case .fileNameCapitalized:
                title = nameParts.slug.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
            }
        }

        // date: front matter, else the file name's YYYY-MM-DD- prefix, else the day the entry's own URL names
        var date: EntryDate?
        // None written at all (an unreadable one is an error already): whether that is one depends on the draft flag.
        var dateMissing = false
        if let field = byKey["date"], field.value != .null {
            date = parseDate(field, log: &log)
        } else if let prefix = nameParts.datePrefix {
            switch dateParser.parse(prefix) {
            case .success(let parsed): date = parsed
            case .failure(let failure): log.append(.error(at: start, "invalid date in file name: \(failure.message)"))
            }
        } else if let key = config.entryURLs.ownURLKey, let field = byKey[key], let text = field.value.scalarText,
                  let day = URLPathDate.day(in: text), case .success(let parsed) = dateParser.parse(day) {
            date = parsed
        } else if let undated = file.folderFacts.undatedDate {
            date = undated
        } else {
            dateMissing = true
        }
        let updated = byKey["updated"].flatMap { $0.value == .null ? nil : parseDate($0, log: &log) }
        let expires = byKey["expires"].flatMap { $0.value == .null ? nil : parseDate($0, log: &log) }

        // slug
        var slug = nameParts.slug
        var frontSlug: String?
        var slugLocation = start
        if let field = byKey["slug"] {
            slugLocation = field.valueLocation
            if let text = field.rawText?.trimmingSpaces, field.value != .null, !text.isEmpty {
                slug = text
                frontSlug = text
            } else {
                log.append(.error(at: field.valueLocation, "slug must be non-empty text"))
            }
        }
        if let problem = OutputPath.problem(with: slug) {
            log.append(.error(at: slugLocation, "slug '\(slug)' is not allowed: \(problem); a slug must stay inside out/"))
        }

        var terms = EntryTermsReader(taxonomies: config.taxonomies, splitsOnSpaces: config.termsSplitOnSpaces,
                                     skipsEmptyTerms: config.skipsEmptyTerms).read(byKey, log: &log)
        if !file.folderFacts.categories.isEmpty {
            let written = terms[Taxonomy.categories.key] ?? []
            terms[Taxonomy.categories.key] = file.folderFacts.categories + written.filter { !file.folderFacts.categories.contains($0) }
        }

        var isDraft = file.folderFacts.isDraft
        if let field = byKey["draft"] {
            switch field.value {
            case .bool(let flag): isDraft = flag || file.folderFacts.isDraft
            case .null: break
            case .string(let text) where config.draftsMayBeText && Self.goBooleans[text] != nil:
                isDraft = Self.goBooleans[text] == true || file.folderFacts.isDraft
            default: log.append(.error(at: field.valueLocation, "draft must be true or false"))
            }
        }
        if dateMissing {
            // A draft may have no date yet (Hugo and Zola build without one): its file's time dates it,
            // as Jekyll dates its `_drafts/`, until it has one.
            if isDraft, case .file(let path) = file.content, let identity = file.files.item(at: path) {
                date = EntryDate(epochSeconds: Int64(identity.modifiedSeconds))
            } else if config.undatedEntries != .error, !log.hasErrors {
                var failure = BuildFailure([])
                failure.isUndatedPage = true
                return .failure(failure)
            } else {
                let example = body.language == .toml ? "date = 2016-05-12" : body.language == .json ? "\"date\": \"2016-05-12\"" : "date: 2016-05-12"
                log.append(.error(at: start, "missing date: add '\(example)' to the front matter or name the file 2016-05-12-\(nameParts.slug).md"))
            }
        }

        var summarySource: String?
        if let field = byKey["summary"], field.value != .null {
            if let text = field.rawText { summarySource = text } else {
                log.append(.error(at: field.valueLocation, "summary must be text"))
            }
        }

        // The URL the entry names for itself (Jekyll's `permalink:`, Hugo's `url:`, Zola's `path:`);
        // empty text (`url: ""`, an archetype's blank) names none, as Hugo reads it.
        var ownURL: String?
        if let key = config.entryURLs.ownURLKey, let field = byKey[key], field.value != .null, !field.value.isBlankText {
            // Only ASCII blanks are trimmed, as YAML trims them: a URL that ends in an ideographic
            // space (seen on a real Hugo blog) is where the old generator wrote that page.
            if let text = field.rawText?.trimmingASCIIBlanks, !text.isEmpty,
               field.value.scalarText != nil { ownURL = text } else {
                log.append(.error(at: field.valueLocation, "\(key) must be a URL path such as /2016/05/my-entry/"))
            }
        }

        let known = Set(["title", "date", "slug", "summary", "draft", "updated", "expires", "aliases"] + config.taxonomies.map(\.key)
                        + (config.entryURLs.ownURLKey.map { [$0] } ?? []))
        var params: [String: FrontMatterValue] = [:]
        for field in fields where !known.contains(field.key) && !aliases.consumed.contains(field.key) { params[field.key] = field.value }

        guard !log.hasErrors, let date else { return .failure(BuildFailure(log.diagnostics)) }

        let maker = EntryURLMaker(rule: config.entryURLs, basePath: config.basePath, section: config.contentSection)
        let made: EntryURLMaker.Made
        do throws(EntryURLMaker.Problem) {
            made = try maker.make(EntryURLMaker.Facts(
                source: file, fileStem: nameParts.stem, fileSlug: nameParts.slug, frontSlug: frontSlug,
                title: title, date: date, categories: terms[Taxonomy.categories.key] ?? [], ownURL: ownURL))
        } catch {
            return .failure(BuildFailure(.error(at: slugLocation, "entry not placed: \(error.message)")))
        }
        // A relative old address is taken from the folder the entry's page sits in (`/posts/` for `/posts/x/`).
        var entryFolder = made.outputPath.segments
        if entryFolder.last == "index.html" { entryFolder.removeLast() }
        entryFolder.removeLast()
        let redirectsFrom = byKey["aliases"].map { RedirectPathsReader(entryFolder: entryFolder, style: config.entryURLs.redirects).read($0, log: &log) } ?? []
        guard !log.hasErrors else { return .failure(BuildFailure(log.diagnostics)) }

        return .success(Entry(
            cursor: Cursor(date: date, slug: slug),
            title: title,
            source: file,
            outputPath: made.outputPath,
            url: made.url,
            tags: [],
            terms: terms,
            summarySource: summarySource,
            isDraft: isDraft,
            updated: updated,
            expires: expires,
            redirectsFrom: redirectsFrom,
            references: bodyReferences(body, params: params),
            params: params))
    }

    private func parseDate(_ field: FrontMatterField, log: inout DiagnosticLog) -> EntryDate? {
        guard let text = field.rawText else {
            log.append(.error(at: field.valueLocation, "\(field.key) must be a date such as 2016-05-12 or 2016-05-12T10:00:00+09:00"))
            return nil
        }
        switch dateParser.parse(text) {
        case .success(let date):
            return config.showsDatesInSiteZone && date.hasTime ? date.shown(in: config.timeZone) : date
        case .failure(let failure):
            var location = field.valueLocation
            location.column += String(decoding: text.utf8.prefix(failure.offset), as: UTF8.self).unicodeScalars.count
            log.append(.error(at: location, "invalid \(field.key) '\(text)': \(failure.message)"))
            return nil
        }
    }

}

extension String {
    /// Without the spaces and tabs at its ends, and no other blank (an ideographic space stays).
    var trimmingASCIIBlanks: String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }

    var trimmingSpaces: String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
