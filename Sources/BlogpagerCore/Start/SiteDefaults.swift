import Foundation

/// The site a command without arguments takes: the current folder's (ours, `blogpager.yml` and
/// `content/`; or a Jekyll, Hugo or Zola root), with the output folder its generator uses
/// (`out/`; Jekyll's `_site/`; Hugo's and Zola's `public/`).
public enum SiteDefaults {
    public struct Found: Sendable {
        public var layout: SiteLayout?
        /// What `build` takes as its content argument, and its output folder.
        public var content = "."
        public var output = "out"
        /// The config to pass along (ours, at the root); nil for a generator's own.
        public var config: String?
        /// The time zone the site's config names; nil where it names none.
        public var timeZone: TimeZone?
        /// Why there is none.
        public var problem: String?

        /// `a blogpager site (content/, blogpager.yml)`, `a Hugo site`...
        public var description: String {
            guard let layout else { return "no site" }
            switch layout.origin {
            case .blogpager: return "the blog in \(content)/ with \(config ?? SiteLoader.configFileName)"
            default: return "the \(layout.origin.rawValue) site here"
            }
        }
    }

    /// The site at `site` (a root or a folder of entries), else the current folder's.
    public static func find(site: String?, currentFolder: String, in files: FileSystem) -> Found {
        let root = site ?? "."
        if files.item(at: LocalPath.joined(root, SiteLoader.configFileName)) != nil, files.item(at: LocalPath.joined(root, "content"))?.isFolder == true {
            let config = LocalPath.joined(root, SiteLoader.configFileName)
            var found = Found(layout: SiteLayout.detect(LocalPath.joined(root, "content"), configPath: config, in: files),
                              content: shown(LocalPath.joined(root, "content")), output: shown(LocalPath.joined(root, "out")), config: shown(config))
            found.timeZone = timeZone(configPath: config, origin: .blogpager, in: files)
            return found
        }
        let layout = SiteLayout.detect(root, configPath: nil, in: files)
        guard layout.origin != .blogpager else {
            if let site, files.item(at: site)?.isFolder == true {
                return Found(layout: layout, content: site, output: "out")
            }
            return Found(problem: "\(site ?? currentFolder) holds no site: no blogpager.yml and content/, and no Jekyll, Hugo or Zola config")
        }
        let output = layout.origin == .jekyll ? "_site" : "public"
        var found = Found(layout: layout, content: shown(root), output: shown(LocalPath.joined(root, output)))
        found.timeZone = layout.configPath.flatMap { timeZone(configPath: $0, origin: layout.origin, in: files) }
        return found
    }

    /// The zone a config names (`time_zone`, Jekyll's `timezone`, Hugo's `timeZone`); nil for none.
    static func timeZone(configPath: String, origin: SiteLayout.Origin, in files: FileSystem) -> TimeZone? {
        let text: String
        do {
            text = String(decoding: try files.read(configPath), as: UTF8.self)
        } catch {
            return nil  // no config to read: the zone of the machine, as the generators take it
        }
        guard text.lowercased().contains("time_zone") || text.lowercased().contains("timezone") else { return nil }
        guard case .success(let loaded) = SiteConfigLoader(path: configPath).load(text, origin: origin) else { return nil }
        return loaded.config.timeZone
    }

    /// A path as a person reads it: `./` taken off the front.
    public static func shown(_ path: String) -> String {
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        return path.isEmpty ? "." : path
    }
}
