/// How a Jekyll site's Sass stylesheets are compiled, as its `sass:` settings say
/// (jekyll-sass-converter 3's keys): the output style, the folder of partials and the other
/// folders imports are looked for in.
public struct StylesheetSettings: Sendable, Hashable {
    /// `expanded` (the converter's default) or `compressed`; libsass's `nested` and `compact` are
    /// `expanded` to Dart Sass, as the converter maps them.
    public var style = "expanded"
    /// The partials' folder below the site's root (`sass_dir`).
    public var sassFolder = "_sass"
    /// More folders imports are looked for in (`load_paths`), below the root unless absolute.
    public var loadPaths: [String] = []
    /// Whether a stylesheet's source map is written beside it (`sourcemap`: `always`, the converter's
    /// default, and `development`, the environment a build is in unless `JEKYLL_ENV` says otherwise; not `never`).
    public var writesSourceMaps = true
    /// The site's theme gem (`theme:`), whose `_sass/` the stylesheets import from too.
    public var theme: String?

    public init() {}

    /// Reads a `sass:` mapping; a value that is not one the converter takes is a warning.
    mutating func read(_ value: FrontMatterValue, at field: FrontMatterField, values: inout ConfigValues) {
        guard case .map(let settings) = value else { return }
        for (key, setting) in settings.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "style", "output_style":
                switch setting.scalarText?.lowercased() {
                case "compressed"?, ":compressed"?: style = "compressed"
                case "expanded"?, ":expanded"?, "nested"?, ":nested"?, "compact"?, ":compact"?: style = "expanded"
                default: values.warnings.append(.warning(at: field.valueLocation, "sass: style '\(setting.scalarText ?? "")' is not one Dart Sass has (expanded, compressed); expanded is used"))
                }
            case "sass_dir":
                if let folder = setting.scalarText, !folder.isEmpty { sassFolder = folder }
            case "load_paths":
                if case .list(let paths) = setting { loadPaths = paths.compactMap(\.scalarText) } else if let path = setting.scalarText { loadPaths = [path] }
            case "sourcemap":
                writesSourceMaps = !["never", ":never"].contains(setting.scalarText ?? "")
            default: break
            }
        }
    }
}
