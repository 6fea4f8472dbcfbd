import Foundation

import Liquid

/// What a Jekyll site's Liquid reads beside its pages, gathered as the site is loaded: `_data/`
/// as one tree (`site.data`), the files of `_includes/` and `_layouts/`, and the config as written
/// (`site.*`); under each, its theme gem's, which the site's own files replace name by name.
/// Each data name, include and layout has a fingerprint of its bytes: a page that reads one is keyed on it.
public struct LiquidSources: Sendable {
    static let dataFolder = "_data"
    static let includesFolder = "_includes"
    static let layoutsFolder = "_layouts"

    /// `site.data`: each file by its name without its extension, each folder as a hash of its own.
    var data = LiquidHash()
    /// By top-level name of `site.data` (a file's or a folder's).
    var dataFingerprints: [String: String] = [:]
    /// By path below `_includes/`.
    var includes: [String: String] = [:]
    var includeFingerprints: [String: String] = [:]
    /// By path below `_layouts/` (`post.html`), the site's own over its theme's: each file where it is and its text.
    var layouts: [String: (path: String, text: String)] = [:]
    /// The theme gem the config names, where it was found.
    var theme: JekyllTheme?
    /// The config's keys in the order written.
    var settings = LiquidHash()
    /// The site's root: `include_relative` reads within it.
    var root: String
    var files: FileSystem

    /// Reads the site's data, includes and config; a file that cannot be read or parsed is an
    /// error (Jekyll stops there too), an include that leads out of `_includes/` a warning.
    static func load(root: String, configPath: String?, configs: ConfigFiles, theme: JekyllTheme? = nil, files: FileSystem, log: inout DiagnosticLog,
                     warnings: inout [Diagnostic]) -> LiquidSources {
        var sources = LiquidSources(root: root, files: files)
        sources.theme = theme
        if let configPath, let text = read(configPath, reading: configs.read, log: &log) {
            switch LiquidDataReader(path: configPath).read(text, extension: "yml") {
            case .success(.hash(let settings)): sources.settings = settings
            case .success: break
            // The config's own reading reports what is wrong with it.
            case .failure: break
            }
        }
        // The theme's own config under the site's, key by key, as Jekyll merges it (unless the site says not to).
        if let theme, sources.settings["ignore_theme_config"] != .bool(true) {
            let path = LocalPath.joined(theme.root, "_config.yml")
            if files.item(at: path) != nil, let text = read(path, files: files, log: &log),
               case .success(.hash(let themeSettings)) = LiquidDataReader(path: path).read(text, extension: "yml") {
                sources.settings = deepMerged(themeSettings, over: sources.settings)
            }
        }
        for folder in (theme.map { [LocalPath.joined($0.root, dataFolder)] } ?? []) + ["\(root)/\(dataFolder)"] {
            sources.readData(in: folder, log: &log, warnings: &warnings)
        }
        // Ours, then the theme's: the site's own of a name replaces them.
        for (path, text) in blogpagerIncludes {
            sources.includes[path] = text
            sources.includeFingerprints[path] = StableHash.digest(Array(text.utf8))
        }
        for folder in (theme.map { [LocalPath.joined($0.root, includesFolder)] } ?? []) + ["\(root)/\(includesFolder)"] {
            for (path, text) in readTexts(in: folder, files: files, log: &log, warnings: &warnings) {
                sources.includes[path] = text.text
                sources.includeFingerprints[path] = StableHash.digest(Array(text.text.utf8))
            }
        }
        for folder in (theme.map { [LocalPath.joined($0.root, layoutsFolder)] } ?? []) + ["\(root)/\(layoutsFolder)"] {
            for (path, text) in readTexts(in: folder, files: files, log: &log, warnings: &warnings) { sources.layouts[path] = text }
        }
        return sources
    }

    /// What blogpager lends a site's layouts to include where they choose, never put in a foreign page of its own accord:
    /// the archive's rail of months (`{% include blogpager/timeline.html %}`, anywhere in the page).
    static let blogpagerIncludes: [String: String] = [
        "blogpager/timeline.html": "<div class=\"bp-timeline-slot\" data-bp-timeline hidden></div>\n",
    ]

    /// `over`'s keys over `under`'s, hashes merged key by key (Jekyll's `Utils.deep_merge_hashes`).
    static func deepMerged(_ under: LiquidHash, over: LiquidHash) -> LiquidHash {
        var merged = under
        for (key, value) in over.pairs {
            if case .hash(let inner) = value, case .hash(let below)? = merged[key] {
                merged[key] = .hash(deepMerged(below, over: inner))
            } else {
                merged[key] = value
            }
        }
        return merged
    }

    /// Every file of a folder (`_includes/`, `_layouts/`) by its path below it, with its text; one whose link leads out of the folder is not read.
    private static func readTexts(in folder: String, files: FileSystem, log: inout DiagnosticLog,
                                  warnings: inout [Diagnostic]) -> [(path: String, text: (path: String, text: String))] {
        guard files.isFolder(folder) else { return [] }
        var texts: [(path: String, text: (path: String, text: String))] = []
        for (path, item) in files.walk(folder).items {
            guard case .file = item else { continue }
            let full = "\(folder)/\(path)"
            guard confined(full, to: folder, files: files, warnings: &warnings), let text = read(full, files: files, log: &log) else { continue }
            texts.append((path, (full, text)))
        }
        return texts
    }

    /// The data files of one `_data/` folder (a theme's, then the site's: a site's file replaces its theme's of the same name).
    private mutating func readData(in dataRoot: String, log: inout DiagnosticLog, warnings: inout [Diagnostic]) {
        if files.isFolder(dataRoot) {
            var fingerprintBytes: [String: [UInt8]] = [:]
            for (path, item) in files.walk(dataRoot).items {
                guard case .file = item, let dot = path.lastIndex(of: "."),
                      LiquidDataReader.extensions.contains(path[path.index(after: dot)...].lowercased()) else { continue }
                let full = "\(dataRoot)/\(path)"
                guard Self.confined(full, to: dataRoot, files: files, warnings: &warnings), let text = Self.read(full, files: files, log: &log) else { continue }
                switch LiquidDataReader(path: full).read(text, extension: String(path[path.index(after: dot)...])) {
                case .success(let value):
                    let names = String(path[..<dot]).split(separator: "/").map(String.init)
                    data = Self.inserting(value, at: names[...], into: data)
                    fingerprintBytes[names[0], default: []] += Array("\(path)\n".utf8) + text.utf8
                case .failure(let failure): log.append(failure.diagnostic)
                }
            }
            dataFingerprints.merge(fingerprintBytes.mapValues(StableHash.digest)) { _, new in new }
        }
    }

    /// A folder's file as a hash in its parent's: `_data/team/people.yml` is `site.data.team.people`.
    private static func inserting(_ value: LiquidValue, at names: ArraySlice<String>, into hash: LiquidHash) -> LiquidHash {
        var hash = hash
        guard let first = names.first else { return hash }
        if names.count == 1 {
            hash[first] = value
        } else {
            let inner: LiquidHash = if case .hash(let existing)? = hash[first] { existing } else { LiquidHash() }
            hash[first] = .hash(inserting(value, at: names.dropFirst(), into: inner))
        }
        return hash
    }

    /// Whether the file, links followed, is still inside `folder`: a link out of it is not read.
    static func confined(_ path: String, to folder: String, files: FileSystem, warnings: inout [Diagnostic]) -> Bool {
        let resolved = files.resolve(path), base = files.resolve(folder)
        guard resolved.hasPrefix(base + "/") else {
            warnings.append(.warning(at: SourceLocation(path: path), "leads out of \(folder) (a link to \(resolved)); it is not read"))
            return false
        }
        return true
    }

    private static func read(_ path: String, files: FileSystem, log: inout DiagnosticLog) -> String? {
        read(path, reading: files.read, log: &log)
    }

    private static func read(_ path: String, reading: (String) throws(POSIXError) -> [UInt8], log: inout DiagnosticLog) -> String? {
        do {
            let bytes = try reading(path)
            switch TextDecoding.decode(bytes, path: path) {
            case .success(let text): return text
            case .failure(let diagnostic):
                log.append(diagnostic)
                return nil
            }
        } catch {
            log.append(.error(at: SourceLocation(path: path), "cannot read file: \(SystemErrorText.reason(error))"))
            return nil
        }
    }
}
