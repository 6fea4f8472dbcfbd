import Foundation

/// A stylesheet's source map, as Jekyll writes it beside the CSS (`main.css.map`): taken from the
/// map Dart Sass embeds, its sources named by their place in the site (`assets/main.scss`,
/// `_sass/_base.scss`) rather than this machine's paths.
enum JekyllSourceMap {
    static let embeddedPrefix = "/*# sourceMappingURL=data:application/json;charset=utf-8,"

    /// The CSS without its embedded map, and the map's JSON; nil where there is none.
    static func split(_ css: String) -> (css: String, map: [UInt8])? {
        guard let start = css.range(of: embeddedPrefix, options: .backwards), let end = css.range(of: " */", range: start.upperBound..<css.endIndex),
              let json = String(css[start.upperBound..<end.lowerBound]).removingPercentEncoding else { return nil }
        var rest = String(css[..<start.lowerBound])
        while rest.last?.isWhitespace == true { rest.removeLast() }
        return (rest, Array(json.utf8))
    }

    /// The map with its `file` and its sources placed in the site; a map that is not the JSON Dart Sass writes is kept as it is.
    static func placed(_ map: [UInt8], file: String, sheet: String, root: String) -> [UInt8] {
        let parsed: Any
        do { parsed = try JSONSerialization.jsonObject(with: Data(map)) } catch { return map }
        guard var object = parsed as? [String: Any] else { return map }
        let sources = (object["sources"] as? [String]) ?? []
        object["sources"] = sources.map { source -> String in
            // The stylesheet itself came on standard input; the rest are files, named below the root where they are in it.
            if source.hasPrefix("data:") { return sheet }
            let path = URL(string: source)?.path ?? source
            return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
        }
        object["file"] = file
        object.removeValue(forKey: "sourceRoot")
        do {
            return Array(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
        } catch {
            return map
        }
    }
}
