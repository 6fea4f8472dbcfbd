import Foundation

/// KaTeX as Debian ships it (`libjs-katex`), published under `assets/katex/` for a site whose math
/// is drawn in the reader's browser (`MarkdownFeatures.rendersMath`): its script, its auto-render
/// script, its style sheet and the fonts that style sheet names. The page's `math.js` loads them
/// only where an article holds math.
struct KaTeXFiles {
    static let folder = "/usr/share/javascript/katex"
    static let outputFolder = ["assets", "katex"]

    /// The files to copy, or an error naming what is missing and the package that has it.
    static func staticFiles(in files: FileSystem, settingAt location: SourceLocation) -> Result<[StaticFile], Diagnostic> {
        let style = folder + "/katex.min.css"
        guard files.item(at: style) != nil else {
            return .failure(.error(at: location, "math is drawn with KaTeX, which is not installed: \(style) is missing (Debian: apt-get install libjs-katex)"))
        }
        let css: [UInt8]
        do {
            css = try files.read(style)
        } catch {
            return .failure(.error(at: location, "math is drawn with KaTeX, whose style sheet \(style) cannot be read: \(SystemErrorText.reason(error))"))
        }
        // The fonts the style sheet names (`url(fonts/KaTeX_Main-Regular.woff2)`), as it names them.
        var fonts: Set<String> = []
        let text = String(decoding: css, as: UTF8.self)
        var rest = text[...]
        while let open = rest.range(of: "url(") {
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: ")") else { break }
            let name = after[..<close].trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
            if name.hasPrefix("fonts/"), !name.contains(".."), !name.dropFirst("fonts/".count).contains("/") { fonts.insert(name) }
            rest = after[close...]
        }
        var found: [StaticFile] = []
        for relative in ["katex.min.css", "katex.min.js", "contrib/auto-render.js"] + fonts.sorted() {
            let path = LocalPath.joined(folder, relative)
            guard let identity = files.item(at: path) else {
                return .failure(.error(at: location, "math is drawn with KaTeX, whose \(path) is missing (Debian: apt-get install libjs-katex)"))
            }
            guard let output = OutputPath.ifValid(outputFolder + relative.split(separator: "/").map(String.init)) else { continue }
            found.append(StaticFile(path: output, content: .file(StaticFile.Source(filePath: path, shownPath: path, identity: identity.recordText, in: files))))
        }
        return .success(found)
    }
}
