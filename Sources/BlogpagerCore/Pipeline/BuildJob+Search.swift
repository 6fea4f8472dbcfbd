import Foundation

/// The search step, after every page is written and before the build's files are
/// counted: Pagefind reads the entry pages now in `out/` into a staging folder, and
/// its bundle is written into `out/pagefind/` through the same session as every
/// other file (journaled, atomic, recorded; removed when search is turned off).
extension BuildJob {
    struct SearchOutcome {
        var warning: Diagnostic?
        /// Seconds Pagefind ran; nil when the last index was kept.
        var seconds: Double?
    }

    static let searchFolder = "pagefind"

    func indexForSearch(_ site: SiteBuild, input: SiteInput, previous: PreviousBuild,
                        session: inout OutputSession) throws(BuildFailure) -> SearchOutcome? {
        guard input.config.searchIndex else { return nil }
        let prefix = Self.searchFolder + "/"
        let kept = (previous.manifest?.digests ?? [:]).filter { $0.key.hasPrefix(prefix) && !$0.value.isEmpty }
            .map { KeptFile(path: OutputPath(literal: $0.key), digest: $0.value) }
        // Pagefind has no incremental mode: it runs when an entry's text may have changed (a source
        // read or gone, other settings or templates), or when there is no index yet.
        let changed = site.entriesRead > 0 || site.entryCache.count != previous.entriesCached
            || previous.renderGeneration != site.rendered.generation || kept.isEmpty
        guard changed else {
            try session.write(OutputBatch(kept: kept))
            return SearchOutcome()
        }
        let location = SourceLocation(path: input.configPath ?? SiteLoader.configFileName)
        guard let pagefind = Pagefind.locate(configured: input.config.pagefindPath, python: python,
                                             path: environment["PATH"]) else {
            try session.write(OutputBatch(kept: kept))
            return SearchOutcome(warning: .warning(at: location, "search is on but Pagefind was not found (pip install 'pagefind[extended]', or set pagefind: to its binary); the search index "
                + (kept.isEmpty ? "was not made" : "was left as it was")))
        }
        let started = ContinuousClock.now
        let staging = writer.folder.state.path + "/search-staging"
        switch pagefind.index(site: writer.folder.resolved, staging: staging, language: Self.indexLanguage(site, config: input.config),
                              in: writer.folder.files) {
        case .failure(let failure):
            try session.write(OutputBatch(kept: kept))
            return SearchOutcome(warning: .warning(at: location, failure.message + "; the search index " + (kept.isEmpty ? "was not made" : "was left as it was")))
        case .success(let files):
            var bundle: [OutputFile] = []
            for file in files {
                do {
                    bundle.append(OutputFile(path: try OutputPath([Self.searchFolder] + file.path.split(separator: "/").map(String.init)), bytes: file.bytes))
                } catch {
                    continue
                }
            }
            // The entry file names the others: it goes last, so a reader never gets it before them.
            let entry = bundle.filter { $0.path.name == "pagefind-entry.json" }
            try session.write(bundle.filter { $0.path.name != "pagefind-entry.json" })
            try session.write(entry)
            let elapsed = ContinuousClock.now - started
            return SearchOutcome(seconds: elapsed.inSeconds)
        }
    }

    /// One index for a blog of one language: the site's language, unless some entries are in Chinese,
    /// Japanese or Korean, which Pagefind's extended build must cut into words (English words
    /// are still found, cut at spaces).
    /// In a site of several languages, none: Pagefind makes an index per language, by each page's `<html lang>`.
    static func indexLanguage(_ build: SiteBuild, config: SiteConfig) -> String? {
        guard config.languages.isEmpty else { return nil }
        let cutIntoWords: Set<String> = ["ja", "zh", "ko"]
        let own = String(config.language.prefix(2)).lowercased()
        if cutIntoWords.contains(own) { return own }
        var counts: [String: Int] = [:]
        for entry in build.archive.entries {
            guard let language = entry.language.map({ String($0.prefix(2)).lowercased() }), cutIntoWords.contains(language) else { continue }
            counts[language, default: 0] += 1
        }
        return counts.max { $0.value < $1.value }?.key ?? own
    }
}
