/// What one deploy does, worked out before anything is sent: which files go up in which phase,
/// which are unchanged, which of the last deploy's files are deleted now and which wait, and what
/// on the remote was changed by hand. Made from the build's list of files, the remote's manifest
/// and one listing of the remote; it touches nothing.
public struct DeployPlan: Sendable {
    /// A file of the build, as its list of files gives it.
    public struct LocalFile: Sendable, Equatable {
        public var path: String
        public var size: Int
        public var digest: String
        public var kind: OutputClass

        public init(path: String, size: Int, digest: String, kind: OutputClass) {
            self.path = path
            self.size = size
            self.digest = digest
            self.kind = kind
        }
    }

    /// A file on the remote, as one listing gives it.
    public struct RemoteFile: Sendable, Equatable {
        public var size: Int
        /// Lowercase hex; nil where the store gave none.
        public var md5: String?

        public init(size: Int, md5: String?) {
            self.size = size
            self.md5 = md5
        }
    }

    /// The order files go up in, so that no reader meets a file naming one not yet there: what
    /// never changes first, then the pages, each stream's index, the main indexes, the feeds.
    public enum Phase: Int, Sendable, CaseIterable, Comparable {
        case immutable, pages, streamIndexes, mainIndexes, feeds

        public static func < (left: Phase, right: Phase) -> Bool { left.rawValue < right.rawValue }

        public var name: String {
            switch self {
            case .immutable: "immutable files"
            case .pages: "pages"
            case .streamIndexes: "stream indexes"
            case .mainIndexes: "main indexes"
            case .feeds: "feeds"
            }
        }
    }

    /// A file on the remote that the last deploy did not leave as it is.
    public struct Conflict: Sendable, Equatable, CustomStringConvertible {
        public enum Reason: String, Sendable { case deleted = "deleted", changed = "changed", notOurs = "not uploaded by blogpager" }
        public var path: String
        public var reason: Reason
        public var description: String { "\(path) (\(reason.rawValue))" }
    }

    public var uploads: [Phase: [LocalFile]] = [:]
    public var unchanged = 0
    /// The last deploy's files no build makes any more, past the grace period.
    public var deleteNow: [String] = []
    /// Those still within it, with the epoch second their deletion is due.
    public var deferred: [(path: String, due: Int64)] = []
    public var conflicts: [Conflict] = []
    /// The manifest after this deploy, but for the uploads' MD5s (`recording(md5:)`).
    public var next: DeployedManifest

    public var uploadCount: Int { uploads.values.reduce(0) { $0 + $1.count } }
    public var uploadBytes: Int { uploads.values.reduce(0) { $0 + $1.reduce(0) { $0 + $1.size } } }

    /// `unfinished`: files a deploy that was stopped may have sent (its marker names them): ours,
    /// whatever state they are in. `languages`: the site's language codes, whose roots hold main indexes.
    public init(local: [LocalFile], deployed: DeployedManifest?, listing: [String: RemoteFile], unfinished: Set<String> = [],
                languages: [String] = [], now: Int64, keepRemoved: Int64) {
        let last = deployed?.files ?? [:]
        next = DeployedManifest(deployedAt: now, files: [:])
        let localPaths = Set(local.map(\.path))
        for (path, entry) in last.sorted(by: { $0.key < $1.key }) where entry.deleting != true && !unfinished.contains(path) {
            guard let found = listing[path] else {
                conflicts.append(Conflict(path: path, reason: .deleted))
                continue
            }
            if found.size != entry.size || (found.md5 != nil && !entry.md5.isEmpty && found.md5 != entry.md5) {
                conflicts.append(Conflict(path: path, reason: .changed))
            }
        }
        for file in local {
            let entry = last[file.path]
            if entry == nil, listing[file.path] != nil, !unfinished.contains(file.path) {
                conflicts.append(Conflict(path: file.path, reason: .notOurs))
            }
            if let entry, entry.deleting != true, entry.digest == file.digest, entry.size == file.size, listing[file.path] != nil,
               !unfinished.contains(file.path) {
                unchanged += 1
                next.files[file.path] = DeployedManifest.File(size: file.size, md5: entry.md5, digest: file.digest, kind: file.kind.rawValue)
            } else {
                uploads[Self.phase(of: file, languages: languages), default: []].append(file)
                next.files[file.path] = DeployedManifest.File(size: file.size, md5: "", digest: file.digest, kind: file.kind.rawValue)
            }
        }
        for (path, entry) in last.sorted(by: { $0.key < $1.key }) where !localPaths.contains(path) {
            // Gone already (deleted by a deploy that stopped before its manifest): nothing to do.
            guard listing[path] != nil else { continue }
            let since = entry.removedSince ?? now
            var kept = entry
            kept.removedSince = since
            if now - since >= keepRemoved {
                deleteNow.append(path)
                kept.deleting = true
            } else {
                deferred.append((path, since + keepRemoved))
            }
            next.files[path] = kept
        }
        conflicts.sort { $0.path < $1.path }
    }

    static func phase(of file: LocalFile, languages: [String]) -> Phase {
        switch file.kind {
        case .immutable: .immutable
        case .page, .redirect, .siteFile: .pages
        case .index: OutputClass.isMainIndex(file.path, languages: languages) ? .mainIndexes : .streamIndexes
        case .feed: .feeds
        }
    }

    /// The next manifest with the MD5 of each file uploaded, and without the files deleted.
    func recording(md5: [String: String], deleted: Set<String>) -> DeployedManifest {
        var manifest = next
        for (path, hash) in md5 where manifest.files[path] != nil { manifest.files[path]?.md5 = hash }
        for path in deleted { manifest.files[path] = nil }
        return manifest
    }
}
