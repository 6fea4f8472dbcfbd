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
    let library: MustacheLibrary

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
        try log.throwIfErrors()
        self.library = library
    }

    /// The defaults with `overrides` laid over them, file by file.
    public static func defaults(overriddenBy overrides: [String: String], origins: [String: String]) throws(BuildFailure) -> TemplateSet {
        try TemplateSet(files: DefaultTemplates.all.merging(overrides) { _, override in override }, origins: origins)
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

    /// Renders a named template; the names are checked when the set is made.
    func render(_ name: String, _ context: [String: Any]) -> String {
        library.render(context, withTemplate: name) ?? ""
    }

    /// Files to copy under `out/assets/`, by their path below `assets/`.
    public var assets: [(name: String, text: String)] {
        files.filter { $0.key.hasPrefix("assets/") }
            .map { (String($0.key.dropFirst("assets/".count)), $0.value) }
            .sorted { $0.name < $1.name }
    }
}
