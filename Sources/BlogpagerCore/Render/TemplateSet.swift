import Dispatch
import Foundation
import Mustache

/// The site's templates: the compiled-in defaults, each replaced by a file of
/// the same name from an override folder when there is one. Parsed once.
public struct TemplateSet: Sendable {
    /// Templates every site needs; partials may add to them.
    public static let requiredNames = ["layout", "list", "entry", "fragment", "article"]

    /// Source text by relative path (`layout.mustache`, `assets/blogpager.css`).
    public let files: [String: String]
    /// Where each file came from, for messages.
    public let origins: [String: String]
    /// Our templates' own words by language (`i18n/fr.yml`), read once (`SiteStrings`).
    let words: [String: [String: String]]
    private(set) var library: MustacheLibrary
    /// Lets `concurrentRenders` renders run at once. Each name a template looks up costs the
    /// Swift runtime dynamic casts, which go through one cache that every thread shares, so
    /// more threads render no faster past a few (`docs/benchmarks.md`), while the rest of a
    /// build (Markdown, hashing, writing) uses every core. Shared by the set's copies.
    private let renderSlots = DispatchSemaphore(value: TemplateSet.concurrentRenders)
    /// The shells this set's templates have rendered (`TemplateShells`); nil where a template
    /// could make a shell wrong: it chooses its own escaping, or holds a marker's characters.
    private var shells: TemplateShells?
    private static var concurrentRenders: Int { min(6, max(1, ProcessInfo.processInfo.activeProcessorCount)) }

    public static func defaults() throws(BuildFailure) -> TemplateSet {
        try TemplateSet(files: DefaultTemplates.all, origins: [:])
    }

    /// `overrides` maps relative paths to text; `origins` to a path to show in errors.
    public init(files: [String: String], origins: [String: String]) throws(BuildFailure) {
        self.files = files
        self.origins = origins
        HTMLEscaping.register()
        var library = MustacheLibrary()
        var log = DiagnosticLog()
        let isTemplate = { (path: String) in path.hasSuffix(".mustache") && (!path.contains("/") || Self.isShortcode(path)) }
        for (path, text) in files.sorted(by: { $0.key < $1.key }) where isTemplate(path) {
            let name = String(path.dropLast(".mustache".count))
            do {
                library.register(try MustacheTemplate(string: HTMLEscaping.pragmaLine + text), named: name)
            } catch let error as MustacheTemplate.ParserError {
                let shown = origins[path] ?? "templates/\(path)"
                // Lines are counted in the file, without the pragma line put before it.
                log.append(.error(
                    at: SourceLocation(path: shown, line: max(1, error.context.lineNumber - 1), column: error.context.columnNumber),
                    "invalid template: \(error.error)"))
            } catch {
                log.append(.error(at: SourceLocation(path: origins[path] ?? "templates/\(path)"), "invalid template: \(error)"))
            }
        }
        for name in Self.requiredNames where files["\(name).mustache"] == nil {
            log.append(.error(at: SourceLocation(path: "templates/\(name).mustache"), "missing template '\(name)'"))
        }
        // A site's i18n file lays its words over ours key by key, not over the whole file.
        var words = SiteStrings.read(DefaultTemplates.all, origins: [:], log: &log)
        for (language, own) in SiteStrings.read(files.filter { origins[$0.key] != nil }, origins: origins, log: &log) {
            words[language, default: [:]].merge(own) { _, site in site }
        }
        self.words = words
        try log.throwIfErrors()
        self.library = library
        shells = Self.allowShells(files) ? TemplateShells() : nil
    }

    /// Shells fill texts in escaped as `HTMLEscaping` escapes them: a template that sets another
    /// content type, or holds a marker's characters, is rendered by Mustache alone.
    private static func allowShells(_ files: [String: String]) -> Bool {
        !files.contains { path, text in
            path.hasSuffix(".mustache") && (text.utf8Contains("CONTENT_TYPE") || TemplateShell.holdsMarkerCharacters(text))
        }
    }

    /// The defaults with `overrides` laid over them, file by file.
    public static func defaults(overriddenBy overrides: [String: String], origins: [String: String]) throws(BuildFailure) -> TemplateSet {
        try TemplateSet(files: DefaultTemplates.all.merging(overrides) { _, override in override }, origins: origins)
    }

    /// Our templates' words in `language` (a BCP 47 tag, `fr-CA`).
    func strings(for language: String) -> SiteStrings {
        SiteStrings(language: language, files: words)
    }

    /// `shortcodes/NAME.mustache`: a site's own shortcode.
    private static func isShortcode(_ path: String) -> Bool {
        path.hasPrefix("shortcodes/") && path.split(separator: "/").count == 2
    }

    /// Whether the site makes a shortcode with a template of its own.
    public func hasShortcode(_ name: String) -> Bool {
        files["shortcodes/\(name).mustache"] != nil
    }

    /// A shortcode made by the site's template: its positional `arguments` (also `arg0`, `arg1`...),
    /// its named arguments by name, and its inner text as written (`inner`) and rendered (`inner_html`).
    func shortcode(_ name: String, arguments: [String], named: [String: String], inner: String?, innerHTML: String?) -> String? {
        guard hasShortcode(name) else { return nil }
        var context: [String: Any] = named
        context["arguments"] = arguments
        for (index, argument) in arguments.enumerated() { context["arg\(index)"] = argument }
        if let inner { context["inner"] = inner }
        if let innerHTML { context["inner_html"] = innerHTML }
        return render("shortcodes/\(name)", context)
    }

    /// Partials that show only the site's values (`site` and `assets`), so the same text on every
    /// page: the layout's `<head>` links, header and navigation, and footer.
    static let sitePartNames = ["site_head", "site_header", "site_footer"]

    /// This set with each site part rendered once, from `values`, and kept as that text, which
    /// pages then insert as it is, without looking up a name (see `renderSlots` for what a lookup
    /// costs): the layout's site names were about a third of a build's casts.
    /// `throughShells`: whether its pages render through the shells their templates learn
    /// (`BuildExecution.rendersThroughShells`).
    func renderingSiteParts(once values: [String: Any], throughShells: Bool = true) -> TemplateSet {
        var rendered = self
        for name in Self.sitePartNames where library.getTemplate(named: name) != nil {
            guard let text = Self.literal(render(name, values)) else { continue }
            rendered.library.register(text, named: name)
        }
        // The shells of the templates as they were would be wrong for these.
        rendered.shells = shells == nil || !throughShells ? nil : TemplateShells()
        return rendered
    }

    /// A template that renders `text` as it is: where `text` holds `{{`, behind delimiters it does
    /// not hold (a set-delimiter tag on a line of its own, which renders nothing). Nil when every
    /// pair occurs in it: the part is then rendered page by page, as before.
    /// A text Mustache cannot take as a template is that too (it is rendered as before, and fails there if it must).
    private static func literal(_ text: String) -> MustacheTemplate? {
        guard text.utf8Contains("{{") else { return try? MustacheTemplate(string: text) }
        for (open, close) in [("<%", "%>"), ("[[%", "%]]"), ("\u{1}", "\u{2}")] where !text.utf8Contains(open) && !text.utf8Contains(close) {
            return try? MustacheTemplate(string: "{{=\(open) \(close)=}}\n" + text)
        }
        return nil
    }

    /// Renders a named template; the names are checked when the set is made. Never called from
    /// inside a render (a render waits for one of the set's slots).
    func render(_ name: String, _ context: [String: Any]) -> String {
        guard let shells else { return mustache(name, TemplateString.wrappingStrings(in: context)) }
        return shells.render(name, context) { mustache(name, $0) }
    }

    /// Mustache's own render of `context` (its strings made `TemplateString`s).
    private func mustache(_ name: String, _ context: [String: Any]) -> String {
        renderSlots.wait()
        defer { renderSlots.signal() }
        return library.render(context, withTemplate: name) ?? ""
    }

    /// This set rendering with Mustache alone, and what its shells learnt: for tests.
    var withoutShells: TemplateSet {
        var set = self
        set.shells = nil
        return set
    }
    var shellsLearnt: (shells: Int, mustacheOnly: Int)? { shells?.learnt }

    /// Files to copy under `out/assets/`, by their path below `assets/`.
    public var assets: [(name: String, text: String)] {
        files.filter { $0.key.hasPrefix("assets/") }
            .map { (String($0.key.dropFirst("assets/".count)), $0.value) }
            .sorted { $0.name < $1.name }
    }
}
