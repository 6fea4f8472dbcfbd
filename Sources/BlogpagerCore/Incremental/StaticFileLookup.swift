/// Which copies of the last build's static files this one may keep: those whose
/// source has the same `stat` identity as when it was copied to the same path,
/// and whose copy is still as written (the files list's digest, the same size on
/// disk, and not one a killed build was writing). Like `ReuseLookup`, the disk is
/// looked at once, when the lookup is made; `kept` is then a pure lookup.
public struct StaticFileLookup: Sendable {
    private let intact: [String: Intact]

    private struct Intact: Sendable {
        var copy: StaticFileCache.Copy
        /// What `stat` said of the copy, for the record of this build's outputs.
        var identity: FileIdentity
    }

    /// Looks up every recorded copy on disk (one `stat` each).
    init(cache: StaticFileCache, digests: [String: String], interrupted: Set<String>, output: OutputFolder, execution: any BuildExecution) {
        let found = output.withOpened { folder in execution.statEach(cache.copies) { copy -> Intact? in
            guard let folder, digests[copy.path] == copy.digest, !interrupted.contains(copy.path),
                  let dash = copy.digest.utf8.firstIndex(of: UInt8(ascii: "-")),
                  let size = RecordText.decimal(copy.digest.utf8[..<dash]),
                  let identity = output.files.item(at: copy.path, in: folder), !identity.isFolder, identity.size == size
            else { return nil }
            return Intact(copy: copy, identity: identity)
        } }
        var intact: [String: Intact] = [:]
        intact.reserveCapacity(found.count)
        for case let copy? in found { intact[copy.copy.path] = copy }
        self.intact = intact
    }

    /// The copy at `path` to keep, with the image size recorded for it, when its
    /// source is the one copied there last time (`sourceIdentity`) and the copy is intact.
    func kept(_ path: OutputPath, sourceIdentity: String) -> (file: KeptFile, imageSize: ImageSize?)? {
        guard let found = intact[path.string], found.copy.sourceIdentity == sourceIdentity else { return nil }
        return (KeptFile(path: path, digest: found.copy.digest), found.copy.imageSize)
    }

    /// What `stat` said of the copy at `path` when the lookup was made; nil if it was not intact.
    func identity(of path: String) -> FileIdentity? {
        intact[path]?.identity
    }
}
