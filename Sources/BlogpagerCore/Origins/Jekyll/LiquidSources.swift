import Foundation

import Liquid

/// What a Jekyll site's Liquid reads beside its pages, gathered as the site is loaded: `_data/`
/// as one tree (`site.data`), the files of `_includes/`, and the config as written (`site.*`).
/// Each data name and each include has a fingerprint of its bytes: a page that reads one is keyed on it.
public struct LiquidSources: Sendable {
    static let dataFolder = "_data"
    static let includesFolder = "_includes"

    /// `site.data`: each file by its name without its extension, each folder as a hash of its own.
    var data = LiquidHash()
    /// By top-level name of `site.data` (a file's or a folder's).
    var dataFingerprints: [String: String] = [:]
    /// By path below `_includes/`.
    var includes: [String: String] = [:]
    var includeFingerprints: [String: String] = [:]
    /// The config's keys in the order written.
    var settings = LiquidHash()
    /// The site's root: `include_relative` reads within it.
    var root: String
    var files: FileSystem

    /// Reads the site's data, includes and config; a file that cannot be read or parsed is an
    /// error (Jekyll stops there too), an include that leads out of `_includes/` a warning.
    static func load(root: String, configPath: String?, configs: ConfigFiles, files: FileSystem, log: inout DiagnosticLog,
                     warnings: inout [Diagnostic]) -> LiquidSources {
        var sources = LiquidSources(root: root, files: files)
        if let configPath, let text = read(configPath, reading: configs.read, log: &log) {
            switch LiquidDataReader(path: configPath).read(text, extension: "yml") {
            case .success(.hash(let settings)): sources.settings = settings
            case .success: break
            // The config's own reading reports what is wrong with it.
            case .failure: break
            }
        }
        let dataRoot = "\(root)/\(dataFolder)"
        if files.isFolder(dataRoot) {
            var fingerprintBytes: [String: [UInt8]] = [:]
            for (path, item) in files.walk(dataRoot).items {
                guard case .file = item, let dot = path.lastIndex(of: "."),
                      LiquidDataReader.extensions.contains(path[path.index(after: dot)...].lowercased()) else { continue }
                let full = "\(dataRoot)/\(path)"
                guard confined(full, to: dataRoot, files: files, warnings: &warnings), let text = read(full, files: files, log: &log) else { continue }
                switch LiquidDataReader(path: full).read(text, extension: String(path[path.index(after: dot)...])) {
                case .success(let value):
                    let names = String(path[..<dot]).split(separator: "/").map(String.init)
                    sources.data = inserting(value, at: names[...], into: sources.data)
                    fingerprintBytes[names[0], default: []] += Array("\(path)\n".utf8) + text.utf8
                case .failure(let failure): log.append(failure.diagnostic)
                }
            }
            sources.dataFingerprints = fingerprintBytes.mapValues(StableHash.digest)
        }
        let includesRoot = "\(root)/\(includesFolder)"
        if files.isFolder(includesRoot) {
            for (path, item) in files.walk(includesRoot).items {
                guard case .file = item else { continue }
                let full = "\(includesRoot)/\(path)"
                guard confined(full, to: includesRoot, files: files, warnings: &warnings), let text = read(full, files: files, log: &log) else { continue }
                sources.includes[path] = text
                sources.includeFingerprints[path] = StableHash.digest(Array(text.utf8))
            }
        }
        return sources
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
