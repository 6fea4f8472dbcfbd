import Liquid

/// A body's Liquid rendered, as Jekyll renders it before Markdown: an error where it is, in the
/// file or the include it is in.
extension LiquidSite {
    /// Whether a body has Liquid in it at all: most have none, and are not parsed.
    static func hasLiquid(_ text: String) -> Bool {
        text.utf8Range(of: "{{") != nil || text.utf8Range(of: "{%") != nil
    }

    /// The body's text with its Liquid rendered; `firstLine` is the file's line the body starts on.
    func render(_ text: String, page: LiquidHash, paginator: LiquidValue = .nil, source: SourceFile, firstLine: Int,
                markdown: MarkdownRenderer) -> Result<String, BuildFailure> {
        guard Self.hasLiquid(text) else { return .success(text) }
        do {
            let template = try LiquidTemplate(source: text, hostTags: Self.tagNames, hostBlockTags: Self.blockTagNames,
                                              includeTags: Self.includeTagNames(config))
            return .success(try template.render(variables(page: page, paginator: paginator), host: JekyllLiquidHost(site: self, source: source, markdown: markdown), options: options))
        } catch let error as LiquidError {
            return .failure(BuildFailure(diagnostic(for: error, in: source, firstLine: firstLine)))
        } catch {
            return .failure(BuildFailure(.error(at: SourceLocation(path: source.displayPath, line: firstLine, column: 1), "Liquid: \(error)")))
        }
    }

    /// Where a Liquid error is: in an include, at its place there; else in the body, shifted to the file's lines.
    func diagnostic(for error: LiquidError, in source: SourceFile, firstLine: Int) -> Diagnostic {
        if let include = error.include {
            let path = sources.root.isEmpty ? "\(Self.includesPath)/\(include)" : "\(sources.root)/\(Self.includesPath)/\(include)"
            return .error(at: SourceLocation(path: path, line: error.line, column: error.column),
                          "Liquid: \(error.message) (included from \(source.displayPath))")
        }
        return .error(at: SourceLocation(path: source.displayPath, line: firstLine + error.line - 1, column: error.column), "Liquid: \(error.message)")
    }

    static var includesPath: String { LiquidSources.includesFolder }
}
