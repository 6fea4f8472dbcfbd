import Foundation

/// Reads one Markdown file into an `Entry` (front matter, date, slug, URL),
/// reporting every problem of the file it can find; its body is rendered later,
/// when a page needs it, by the render stage (`BodyRenderer`).
public struct EntryReader: Sendable {
    public let config: SiteConfig
    let dateParser: EntryDateParser

    public static let moreMarker = "<!--more-->"

    /// `now`: the build's, from which Ruby's reading completes a date without a year (Jekyll's).
    public init(config: SiteConfig, now: Date) {
        self.config = config
        self.dateParser = config.reading.readsDatesAsRuby
            ? EntryDateParser(siteTimeZone: config.timeZone, readingAsRubyAt: now)
            : EntryDateParser(siteTimeZone: config.timeZone)
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
        let aliases = FrontMatterAliases(Dictionary(fields.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first }),
                                         names: config.reading.frontMatterNames)
        let written = WrittenFields(byKey: aliases.fields, file: file, nameParts: FileNameParts(source: file))

        let title = readTitle(written, log: &log)
        let dated = readDate(written, log: &log)
        var date = dated.date
        let updated = written["updated"].flatMap { $0.value == .null ? nil : parseDate($0, log: &log) }
        let expires = written["expires"].flatMap { $0.value == .null ? nil : parseDate($0, log: &log) }
        let slug = readSlug(written, log: &log)
        let terms = readTerms(written, log: &log)
        let isDraft = readDraft(written, log: &log)
        if dated.missing {
            switch undated(written, isDraft: isDraft, language: body.language, log: log) {
            case .dated(let fileTime): date = fileTime
            case .page: return .failure(BuildFailure.undatedPage)
            case .missing(let diagnostic): log.append(diagnostic)
            }
        }
        let summarySource = readSummary(written, log: &log)
        let ownURL = readOwnURL(written, log: &log)
        let params = otherFields(fields, consumed: aliases.consumed)
        let references = bodyReferences(body, params: params, log: &log, file: file)
        guard !log.hasErrors, let date else { return .failure(BuildFailure(log.diagnostics)) }

        let made: EntryURLMaker.Made
        do throws(EntryURLMaker.Problem) {
            made = try EntryURLMaker(rule: config.entryURLs, basePath: config.basePath, section: config.contentSection,
                                     collections: config.collections, languages: config.languages).make(EntryURLMaker.Facts(
                source: file, fileStem: written.nameParts.stem, fileSlug: written.nameParts.slug, frontSlug: slug.written,
                title: title, date: date, categories: terms[Taxonomy.categories.key] ?? [], ownURL: ownURL))
        } catch {
            return .failure(BuildFailure(.error(at: slug.location, "entry not placed: \(error.message)")))
        }
        let redirectsFrom = readRedirects(written, outputPath: made.outputPath, log: &log)
        guard !log.hasErrors else { return .failure(BuildFailure(log.diagnostics)) }

        return .success(Entry(
            cursor: Cursor(date: date, slug: slug.value),
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
            references: references,
            params: params))
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
