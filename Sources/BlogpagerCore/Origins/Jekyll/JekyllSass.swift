import Foundation
import Liquid

/// A Jekyll site's Sass stylesheets compiled as upstream Jekyll 4.3 compiles them
/// (jekyll-sass-converter 3, Dart Sass): a `.scss` or `.sass` file that opens with front matter
/// loses it, has its Liquid rendered, and is compiled with the partials' folder (`sass_dir`) and
/// `load_paths`, to CSS at its own place (`assets/main.scss` → `assets/main.css`). One that does
/// not compile is a warning at its line, and the site is built without it.
struct JekyllSass {
    var root: String
    /// The root as Dart Sass names files in it: absolute, its links followed.
    var resolvedRoot: String
    var config: SiteConfig
    /// The site's Liquid, where it has one: a stylesheet's `{{ site.baseurl }}` is filled first.
    var liquid: LiquidSite?
    /// The theme gem's partials' folder, where the theme was found.
    var themeSass: String?

    func compile(_ sheets: [SourceFile], with finder: DartSass.Finder, warnings: inout [Diagnostic]) -> [StaticFile] {
        guard let first = sheets.first else { return [] }
        let sass: DartSass
        switch finder.find() {
        case .success(let found): sass = found
        case .failure(let unavailable):
            let count = sheets.count
            warnings.append(.warning(at: SourceLocation(path: first.displayPath),
                                     "\(count) Sass stylesheet\(count == 1 ? " is" : "s are") not compiled (this one among them): \(unavailable.message)"))
            return []
        }
        var compiled: [StaticFile] = []
        for sheet in sheets {
            switch css(of: sheet, with: sass) {
            case .success(let files): compiled += files
            case .failure(let problem): warnings.append(problem)
            }
        }
        return compiled
    }

    /// Where a stylesheet's CSS is written: `assets/main.scss` → `assets/main.css`; nil for a path that is no file below `out/`.
    static func cssPath(of relativePath: String) -> OutputPath? {
        var segments = relativePath.split(separator: "/").map(String.init)
        guard let name = segments.popLast() else { return nil }
        return OutputPath.ifValid(segments + [String(name.prefix { $0 != "." }) + ".css"])
    }

    /// The stylesheet's CSS file, or the warning that says why there is none.
    private func css(of sheet: SourceFile, with sass: DartSass) -> Result<[StaticFile], Diagnostic> {
        let shown = SourceLocation(path: sheet.displayPath)
        let notBuilt = "; the stylesheet is not built"
        let text: String
        switch sheet.load().flatMap({ TextDecoding.decode($0, path: sheet.displayPath) }) {
        case .success(let read): text = read.replacingOccurrences(of: "\r\n", with: "\n")
        case .failure(let problem): return .failure(.warning(at: problem.location, problem.message + notBuilt))
        }
        let parts: FrontMatterSplitter.Parts
        switch FrontMatterSplitter(path: sheet.displayPath).split(text) {
        case .success(let split): parts = split
        case .failure(let problem): return .failure(.warning(at: problem.location, problem.message + notBuilt))
        }
        var body = parts.body
        if let liquid {
            let markdown = MarkdownRenderer(allowsRawHTML: config.unsafeHTML, headingIDs: config.headingIDs, features: config.markdown)
            switch liquid.render(body, page: LiquidHash(), source: sheet, firstLine: parts.bodyLine, markdown: markdown) {
            case .success(let rendered): body = rendered
            case .failure(let failure):
                return .failure(failure.diagnostics.first.map { .warning(at: $0.location, $0.message + notBuilt) } ?? .warning(at: shown, "Liquid failed" + notBuilt))
            }
        }
        let folder = (sheet.filePath.map { ($0 as NSString).deletingLastPathComponent }).map { [$0] } ?? []
        let loadPaths = folder + ([config.stylesheets.sassFolder] + config.stylesheets.loadPaths).map { $0.hasPrefix("/") ? $0 : LocalPath.joined(root, $0) }
            + (themeSass.map { [$0] } ?? [])
        let job = DartSass.Job(text: body, indented: sheet.relativePath.lowercased().hasSuffix(".sass"), loadPaths: loadPaths,
                               style: config.stylesheets.style, sourceMap: config.stylesheets.writesSourceMaps)
        switch sass.compile(job) {
        case .success(let compiled):
            guard let output = Self.cssPath(of: sheet.relativePath), let name = output.segments.last,
                  let mapPath = OutputPath.ifValid(output.segments.dropLast() + [name + ".map"]) else {
                return .failure(.warning(at: shown, "a stylesheet at this path cannot be a file below out/" + notBuilt))
            }
            var css = compiled
            var files: [StaticFile] = []
            if let (withoutMap, map) = JekyllSourceMap.split(compiled) {
                css = withoutMap + "\n\n/*# sourceMappingURL=\(name).map */"
                files.append(StaticFile(path: mapPath, bytes: JekyllSourceMap.placed(map, file: name, sheet: sheet.relativePath, root: resolvedRoot)))
            }
            return .success([StaticFile(path: output, bytes: Array(css.utf8) + (css.hasSuffix("\n") ? [] : [0x0A]))] + files)
        case .failure(let problem):
            let place = problem.line.map { SourceLocation(path: sheet.displayPath, line: parts.bodyLine - 1 + $0, column: problem.column ?? 1) } ?? shown
            return .failure(.warning(at: place, "Sass: \(problem.message)" + notBuilt))
        }
    }
}
