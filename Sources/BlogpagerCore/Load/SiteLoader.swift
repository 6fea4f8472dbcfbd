import Foundation

/// Turns the command line's paths into a `SiteInput`: finds and reads the
/// config, lays template overrides over the defaults, scans the content.
public struct SiteLoader: Sendable {
    public var contentFolder: String
    /// `--config`; when nil, `blogpager.yml` in the current folder or the content folder's parent.
    public var configPath: String?
    /// `--templates`; when nil, a `templates/` folder beside the config, else the defaults.
    public var templatesFolder: String?

    public init(contentFolder: String, configPath: String? = nil, templatesFolder: String? = nil) {
        self.contentFolder = contentFolder
        self.configPath = configPath
        self.templatesFolder = templatesFolder
    }

    public static let configFileName = "blogpager.yml"

    public func load() throws(BuildFailure) -> SiteInput {
        var log = DiagnosticLog()
        let (config, configFile) = loadConfig(&log)
        let templates = loadTemplates(configFile: configFile, log: &log)
        let found = ContentScanner(folder: contentFolder).scan()
        try log.throwIfErrors()
        guard let config, let templates else { throw BuildFailure(log.diagnostics) }
        return SiteInput(
            config: config, templates: templates, sources: found.sources,
            staticFiles: found.staticFiles, diagnostics: found.diagnostics, configPath: configFile)
    }

    /// The config file that applies, if any.
    public func resolvedConfigPath() -> String? {
        if let configPath { return configPath }
        let content = URL(fileURLWithPath: contentFolder, isDirectory: true).standardizedFileURL
        let candidates = [
            Self.configFileName,
            content.deletingLastPathComponent().appending(path: Self.configFileName).path,
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }

    private func loadConfig(_ log: inout DiagnosticLog) -> (SiteConfig?, String?) {
        guard let path = resolvedConfigPath() else { return (SiteConfig(), nil) }
        guard let data = FileManager.default.contents(atPath: path) else {
            log.append(.error(at: SourceLocation(path: path), "cannot read config file"))
            return (nil, path)
        }
        switch TextDecoding.decode(Array(data), path: path) {
        case .failure(let diagnostic):
            log.append(diagnostic)
            return (nil, path)
        case .success(let text):
            switch SiteConfigLoader(path: path).load(text) {
            case .success(let config): return (config, path)
            case .failure(let failure):
                log.append(contentsOf: failure.diagnostics)
                return (nil, path)
            }
        }
    }

    /// The templates folder that applies, if any: `--templates`, else `templates/` beside the config.
    public func resolvedTemplatesFolder() -> String? {
        resolvedTemplatesFolder(configFile: resolvedConfigPath())
    }

    private func resolvedTemplatesFolder(configFile: String?) -> String? {
        if let templatesFolder { return templatesFolder }
        guard let configFile else { return nil }
        let beside = URL(fileURLWithPath: configFile).deletingLastPathComponent().appending(path: "templates").path
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: beside, isDirectory: &isFolder) && isFolder.boolValue ? beside : nil
    }

    private func loadTemplates(configFile: String?, log: inout DiagnosticLog) -> TemplateSet? {
        let folder = resolvedTemplatesFolder(configFile: configFile)
        var overrides: [String: String] = [:]
        var origins: [String: String] = [:]
        if let folder {
            let root = URL(fileURLWithPath: folder, isDirectory: true).standardizedFileURL
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) else {
                log.append(.error(at: SourceLocation(path: folder), "templates folder does not exist"))
                return nil
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder), isFolder.boolValue else {
                log.append(.error(at: SourceLocation(path: folder), "templates folder does not exist"))
                return nil
            }
            while let url = walker.nextObject() as? URL {
                var isSubfolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isSubfolder), !isSubfolder.boolValue else { continue }
                let relative = String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))
                let shown = (folder.hasSuffix("/") ? String(folder.dropLast()) : folder) + "/" + relative
                guard let data = FileManager.default.contents(atPath: url.path) else {
                    log.append(.error(at: SourceLocation(path: shown), "cannot read template"))
                    continue
                }
                switch TextDecoding.decode(Array(data), path: shown) {
                case .success(let text):
                    overrides[relative] = text
                    origins[relative] = shown
                case .failure(let diagnostic):
                    log.append(diagnostic)
                }
            }
        }
        do {
            return try TemplateSet.defaults(overriddenBy: overrides, origins: origins)
        } catch {
            log.append(contentsOf: error.diagnostics)
            return nil
        }
    }
}
