/// The templates' `assets/` files, written twice: at their plain name (stable,
/// for people and other tools) and at a content-hashed name that pages link,
/// so browsers and CDNs may cache them forever.
struct AssetFiles {
    static let loaderStylesheet = "loader.css"

    var files: [OutputFile] = []
    /// Template key (`blogpager_css`) → URL of the hashed copy.
    var urls: [String: String] = [:]

    init(templates: TemplateSet, config: SiteConfig) throws(BuildFailure) {
        let siteURLs = SiteURLs(config: config)
        for (name, text) in templates.assets {
            // The loader's stylesheet alone is for an archive inside a site's own layouts (ours is in blogpager.css).
            if name == Self.loaderStylesheet, !config.usesSiteLayouts { continue }
            let bytes = Array(text.utf8)
            let plain: OutputPath
            do {
                plain = try OutputPath(["assets"] + name.split(separator: "/").map(String.init))
            } catch {
                throw BuildFailure(.error(at: SourceLocation(path: "templates/assets/\(name)"), "asset name is not a safe path: \(error.message)"))
            }
            let hashedName = ContentHashedName.make(plain.segments.last!, bytes: bytes)
            let hashed = try! OutputPath(Array(plain.segments.dropLast()) + [hashedName])
            files.append(OutputFile(path: plain, bytes: bytes))
            files.append(OutputFile(path: hashed, bytes: bytes))
            let key = String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
            urls[key] = siteURLs.path(of: hashed)
        }
    }
}
