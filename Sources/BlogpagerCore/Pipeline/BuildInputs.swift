/// What a build reads, identified before it reads any of it: the fingerprint of its inputs
/// (`InputFingerprint`, taken with `stat` alone before anything is read, so a file changed during
/// the build makes the next one run), the content folder's walk, taken once and handed to the
/// scan, and how many bytes of sources it holds (what the execution is chosen by).
struct BuildInputs: Sendable {
    /// Kept to take the digest again where the build writes an input (`legacy-pages.yml`).
    let fingerprint: InputFingerprint
    /// Nil when an input cannot be identified (then the build always runs).
    let digest: String?
    /// The loader with the walk, for the load to take (`Handoff`: then no one else holds the walk).
    let scanning: Handoff<SiteLoader>?
    let sourceBytes: Int

    init(_ job: BuildJob) {
        let loader = job.loader, layout = job.loader.layout
        var fingerprint = InputFingerprint(
            program: job.program, contentFolder: layout.contentFolder, staticFolders: layout.staticFolders, pagesFolder: layout.pagesFolder,
            configPath: loader.resolvedConfigPath(), templatesFolder: loader.resolvedTemplatesFolder(), output: job.writer.folder,
            includeDrafts: job.includeDrafts, includeFuture: job.includeFuture)
        fingerprint.configParts = layout.configParts
        fingerprint.entryFolders = layout.entryFolders.map(\.path) + layout.collectionFolders + layout.liquidFolders + layout.languageContentFolders.map(\.path)
        fingerprint.files = layout.legacyPagesPath.map { [$0] } ?? []
        var sourceBytes = 0
        if loader.files.isFolder(layout.contentFolder) {
            let walk = loader.files.walk(layout.contentFolder)
            for case .file(let identity) in walk.items.lazy.map(\.item) { sourceBytes += FileIdentity.size(inRecordText: identity) }
            fingerprint.contentWalk = walk
            scanning = Handoff(loader.reading(walk))
        } else {
            scanning = nil
        }
        digest = fingerprint.digest()
        // Digested: the walk (every path of the archive) is the scan's alone from here, but
        // where this build may write the old list pages' file: the digest is then taken again, of
        // the inputs as they were before anything was read.
        if layout.legacyPagesPath.map({ loader.files.item(at: $0) != nil }) ?? true { fingerprint.contentWalk = nil }
        self.fingerprint = fingerprint
        self.sourceBytes = sourceBytes
    }
}
