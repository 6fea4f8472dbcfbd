/// Reads a source's front matter, in whichever language it is written, into
/// located fields, and gives its body: what entries and pages share.
struct FrontMatterReader {
    var yamlKeysMayRepeat: Bool
    /// Whether a file without front matter is read as all body (Jekyll's posts) rather than refused.
    var frontMatterIsOptional = false
    /// Whether a file that opens no front matter, even after blank lines, is all body: a page of a
    /// site whose generator builds one so (Hugo, `SiteConfig.reading.pagesMayLackFrontMatter`).
    var bareTextIsBody = false
    /// The most bytes one file may have (`--max-entry-size`).
    var maximumBytes: Int? = SiteConfig.defaultMaximumEntryBytes

    /// Jekyll's defaults, put under each file's own front matter.
    var defaults = FrontMatterDefaults()
    var isPage = false
    var collections: [JekyllCollection] = []

    /// `page`: for a page rather than an entry.
    init(config: SiteConfig, page: Bool = false) {
        defaults = config.frontMatterDefaults
        isPage = page
        collections = config.collections
        yamlKeysMayRepeat = config.reading.yamlKeysMayRepeat
        frontMatterIsOptional = config.reading.frontMatterIsOptional
        bareTextIsBody = page && config.reading.pagesMayLackFrontMatter
        maximumBytes = config.maximumEntryBytes
    }

    /// Whether the file opens no front matter (read again: for a source that failed as an entry).
    static func opensNoFrontMatter(_ file: SourceFile) -> Bool {
        guard case .success(let bytes) = file.load() else { return false }
        return !FrontMatterSplitter.opensFrontMatter(bytes)
    }

    /// The file's text split into front matter and body.
    func split(_ file: SourceFile) -> Result<FrontMatterSplitter.Parts, BuildFailure> {
        let path = file.displayPath
        let bytes: [UInt8]
        switch file.load() {
        case .success(let loaded): bytes = loaded
        case .failure(let diagnostic): return .failure(BuildFailure(diagnostic))
        }
        if let maximumBytes, bytes.count > maximumBytes {
            return .failure(BuildFailure(.error(at: SourceLocation(path: path), Self.tooLong(bytes.count, maximum: maximumBytes))))
        }
        let text: String
        switch TextDecoding.decode(bytes, path: path) {
        case .success(let decoded): text = decoded
        case .failure(let diagnostic): return .failure(BuildFailure(diagnostic))
        }
        if bareTextIsBody, !FrontMatterSplitter.opensFrontMatter(bytes) {
            return .success(FrontMatterSplitter.Parts(language: .yaml, text: "", firstLine: 0, body: text))
        }
        let split = FrontMatterSplitter(path: path).split(text, optional: frontMatterIsOptional)
        // Jekyll renders a page of another format whose `---` line no other closes (an `.apinotes` file) as all content.
        if case .failure = split, isPage, frontMatterIsOptional, !PageReader.isMarkup(file) {
            return .success(FrontMatterSplitter.Parts(language: .yaml, text: "", firstLine: 0, body: text))
        }
        return split.mapError { BuildFailure($0) }
    }

    /// The front matter's fields.
    func fields(_ file: SourceFile) -> Result<[FrontMatterField], BuildFailure> {
        read(file).map(\.fields)
    }

    /// The front matter's fields and the parts of the file, read once; a Markdown body is checked
    /// against the bounds of the Markdown library's work (`MarkdownLimits`).
    func read(_ file: SourceFile) -> Result<(fields: [FrontMatterField], parts: FrontMatterSplitter.Parts), BuildFailure> {
        split(file).flatMap { parts in
            if !HTMLContentRenderer.isHTML(file), let problem = MarkdownLimits.check(parts.body, firstLine: parts.bodyLine) {
                return .failure(BuildFailure(.error(at: SourceLocation(path: file.displayPath, line: problem.line), problem.message)))
            }
            // No front matter at all (where that is allowed): no fields but the defaults'.
            if parts.firstLine == 0 { return .success((withDefaults([], of: file), parts)) }
            let read = switch parts.language {
            case .yaml: YAMLMappingReader(path: file.displayPath, firstLine: parts.firstLine, keysMayRepeat: yamlKeysMayRepeat).read(parts.text)
            case .toml: TOMLMappingReader(path: file.displayPath, firstLine: parts.firstLine).read(parts.text)
            case .json: JSONMappingReader(path: file.displayPath).read(parts.text)
            }
            return read.map { (withDefaults($0, of: file), parts) }.mapError { BuildFailure($0) }
        }
    }

    private func withDefaults(_ fields: [FrontMatterField], of file: SourceFile) -> [FrontMatterField] {
        defaults.sets.isEmpty ? fields : defaults.apply(to: fields, of: FrontMatterDefaults.document(file, isPage: isPage, collections: collections))
    }

    /// `file is 5.2 MB, more than …`, for a file over the size bound.
    static func tooLong(_ count: Int, maximum: Int) -> String {
        func megabytes(_ bytes: Int) -> String {
            let tenths = (bytes + 50_000) / 100_000
            return tenths % 10 == 0 ? "\(tenths / 10) MB" : "\(tenths / 10).\(tenths % 10) MB"
        }
        let needed = (count + 999_999) / 1_000_000
        let size = megabytes(count) == megabytes(maximum) ? "\(count) bytes" : megabytes(count)
        return "file is \(size), more than the \(megabytes(maximum)) blogpager reads in one entry or page (a bound that keeps one file "
            + "from stalling a build); if it is meant to be this long, raise the bound with --max-entry-size \(needed)"
    }
}
