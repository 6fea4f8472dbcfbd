import Liquid

/// A Jekyll site's layouts (`_layouts/`, its theme's under the site's own), each read once: its
/// front matter (what `layout.*` gives, and the layout it sits in) and its Liquid. A page is put
/// in them as Jekyll 4.3 puts it (`Renderer#place_in_layouts`): its layout, that one's, and so on
/// until one names none or one already used.
struct JekyllLayouts: Sendable {
    struct Layout: Sendable {
        /// Where it is, for errors.
        var path: String
        /// Its front matter: `layout.*`.
        var data: LiquidHash
        /// The layout it sits in.
        var parent: String?
        var template: Result<LiquidTemplate, LiquidError>
        /// Its text below the front matter, as written.
        var body: String
        /// The file's line its Liquid starts on.
        var bodyLine: Int
        /// The site values it reads (`site.posts`) and the includes it names, for the keys of pages put in it.
        var reads: Set<String> = []
        var includes: [String?] = []
        /// Tags of plugins the build does not make (`{% gist %}`), where they are: warned of, they make nothing.
        var unknownTags: [LiquidUses.HostTag] = []
        var fingerprint: String
    }

    /// By name: the path below `_layouts/` without its extension (`post`, `blog/post`).
    let byName: [String: Layout]

    var isEmpty: Bool { byName.isEmpty }

    init(_ byName: [String: Layout] = [:]) {
        self.byName = byName
    }

    /// The layouts of the site's sources; one whose front matter does not read is a layout of no data, as Jekyll reads it with a warning.
    init(sources: LiquidSources, includeTags: Set<String>) {
        var byName: [String: Layout] = [:]
        for (below, file) in sources.layouts {
            // Jekyll's name: the path without its last extension.
            let name = below.contains(".") ? String(below[..<below.lastIndex(of: ".")!]) : below
            var data = LiquidHash(), body = file.text, bodyLine = 1
            if case .success(let parts) = FrontMatterSplitter(path: file.path).split(file.text, optional: true) {
                body = parts.body
                bodyLine = parts.bodyLine
                if !parts.text.isEmpty, case .success(.hash(let read)) = LiquidDataReader(path: file.path).read(parts.text, extension: "yml") { data = read }
            }
            let template = Result { try LiquidTemplate(source: body, hostTags: LiquidSite.tagNames, hostBlockTags: LiquidSite.blockTagNames, includeTags: includeTags) }
                .mapError { $0 as? LiquidError ?? LiquidError("\($0)", at: LiquidPosition(line: 1, column: 1)) }
            var layout = Layout(path: file.path, data: data, parent: data["layout"].flatMap { $0 == .nil ? nil : $0.renderedText },
                                template: template, body: body, bodyLine: bodyLine, fingerprint: StableHash.digest(Array(file.text.utf8)))
            if case .success(let parsed) = template {
                layout.reads = LiquidReads.of(parsed.uses)
                layout.includes = parsed.uses.includes.filter { !$0.isRelative }.map(\.name)
                layout.unknownTags = parsed.uses.unknownTags
            }
            byName[name] = layout
        }
        self.byName = byName
    }

    /// The names of the layouts a page named `first` is put in, innermost first.
    func chain(from first: String?) -> [String] {
        var names: [String] = []
        var next = first
        while let name = next, byName[name] != nil, !names.contains(name) {
            names.append(name)
            next = byName[name]?.parent
        }
        return names
    }

    /// `content` put in the layout named `first` and those around it; `variables` are the page's
    /// (`page`, `site`, `paginator`…). A Liquid error is where it is in the layout's file.
    func place(_ content: String, in first: String?, variables: LiquidHash, host: JekyllLiquidHost, options: LiquidOptions,
               page: String) -> Result<String, BuildFailure> {
        var output = content
        var merged = LiquidHash()
        var variables = variables
        for name in chain(from: first) {
            let layout = byName[name]!
            // The inner layout's data wins over the outer's (`Utils.deep_merge_hashes(layout.data, payload["layout"])`).
            merged = LiquidSources.deepMerged(layout.data, over: merged)
            variables["content"] = .string(output)
            variables["layout"] = .hash(merged)
            do {
                output = try layout.template.get().render(variables, host: host, options: options)
            } catch let error as LiquidError {
                return .failure(BuildFailure(diagnostic(for: error, in: layout, page: page, root: host.site.sources.root)))
            } catch {
                return .failure(BuildFailure(.error(at: SourceLocation(path: layout.path, line: layout.bodyLine, column: 1), "Liquid: \(error) (rendering \(page))")))
            }
        }
        return .success(output)
    }

    private func diagnostic(for error: LiquidError, in layout: Layout, page: String, root: String) -> Diagnostic {
        if let include = error.include {
            let path = root.isEmpty ? "\(LiquidSources.includesFolder)/\(include)" : "\(root)/\(LiquidSources.includesFolder)/\(include)"
            return .error(at: SourceLocation(path: path, line: error.line, column: error.column),
                          "Liquid: \(error.message) (included from \(layout.path), rendering \(page))")
        }
        return .error(at: SourceLocation(path: layout.path, line: layout.bodyLine + error.line - 1, column: error.column),
                      "Liquid: \(error.message) (rendering \(page))")
    }

    /// What a layout names that is not there (an include not in `_includes/` nor the theme's, a plugin's tag the build
    /// does not make), each a warning where it is: the page is built, that part of it empty.
    func warnings(for name: String, includes: [String: String]) -> [Diagnostic] {
        guard let layout = byName[name] else { return [] }
        var found: [Diagnostic] = []
        for include in layout.includes.compactMap({ $0 }) where includes[JekyllIncludeName.pathBelowFolder(include)] == nil {
            found.append(.warning(at: SourceLocation(path: layout.path), "include '\(include)' is not in _includes/ (nor the theme's): it is left out"))
        }
        for tag in layout.unknownTags {
            found.append(.warning(at: SourceLocation(path: layout.path, line: layout.bodyLine + tag.position.line - 1, column: tag.position.column),
                                  "'\(tag.name)' is a tag blogpager does not have (a plugin's?): it makes nothing here"))
        }
        return found
    }

    /// What the key of a page put in the layout named `first` takes from its layouts: each one's bytes, and what their Liquid reads.
    func keyParts(from first: String?, site: LiquidSite) -> [String] {
        let names = chain(from: first)
        guard !names.isEmpty else { return [] }
        var references: [BodyReference] = []
        var parts: [String] = []
        for name in names {
            let layout = byName[name]!
            parts.append("layout \(name) \(layout.fingerprint)")
            references += layout.reads.map { BodyReference(kind: .reads(path: $0), line: 1, column: 1) }
            references += layout.includes.map { BodyReference(kind: .include(name: $0 ?? "", relative: false), line: 1, column: 1) }
        }
        return parts + site.keyParts(for: references)
    }
}
