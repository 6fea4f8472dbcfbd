import Foundation

/// A site's config files, each read once per build: which generator made the site, where its
/// content is, and the settings themselves are all read from these texts. Read when the site is
/// first looked at: every name a generator reads its config by at the root, the files of Hugo's
/// config folder, and a config named on the command line.
public struct ConfigFiles: Sendable, Equatable {
    private var bytesByPath: [String: Result<[UInt8], POSIXError>] = [:]
    /// Where a config not read ahead is read from (one found beside the content, `blogpager.yml`).
    let files: FileSystem

    /// Every name a generator reads its config by at a root (Jekyll 4.3, Hugo 0.168, Zola 0.21, ours).
    static let namesAtRoot = SiteLayout.jekyllConfigNames + SiteLayout.hugoConfigNames + ["zola.toml"]
        + SiteLayout.configExtensions.map { "config." + $0 } + [SiteLoader.configFileName]

    /// The config files at `root` (nil for a plain folder of entries) and `named`, read now.
    init(root: String?, named: String?, in files: FileSystem) {
        self.files = files
        var paths = root.map { root in Self.namesAtRoot.map { "\(root)/\($0)" } } ?? []
        if let root, let parts = files.probeNames(in: "\(root)/config/_default") {
            paths += parts.filter { !$0.hasPrefix(".") }.map { "\(root)/config/_default/\($0)" }
        }
        if let named { paths.append(named) }
        for path in paths where bytesByPath[path] == nil && files.file(at: path) != nil {
            bytesByPath[path] = Result { () throws(POSIXError) in try files.read(path) }
        }
    }

    /// A config file's bytes, or the system's reason it cannot be read.
    func read(_ path: String) throws(POSIXError) -> [UInt8] {
        if let known = bytesByPath[path] { return try known.get() }
        return try files.read(path)
    }

    /// A probe, for what must be known before the config is loaded (which reports its own errors):
    /// a config's bytes, or nil where it cannot be read.
    func probe(_ path: String) -> [UInt8]? {
        do { return try read(path) } catch { return nil }
    }
}
