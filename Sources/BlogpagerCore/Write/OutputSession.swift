import Foundation

/// One build's writes into `out/`, batch by batch, so a build never holds all
/// its files at once. Unchanged files are left alone; each changed file is
/// renamed into place whole, content-hashed names before the pages that link
/// them, the root `index.json` last. Before a batch touches the disk, its
/// paths go into the journal (`StateFolder.journal`): a build killed at any
/// moment leaves files the next build knows for its own. `finish` removes
/// what the build no longer makes and reports every file's digest.
///
/// A build calls `write` only once its input is known to be good, so bad input
/// never reaches `out/`.
public struct OutputSession: Sendable {
    let folder: OutputFolder
    /// Our files (the last finished build's, and any a killed build may have written), each
    /// with the digest of its bytes, empty where they are not known.
    private let ours: [String: String]
    /// Files a killed build may have left, with its temporary files beside them.
    private let interrupted: [String]
    /// True when `out/` was new or empty: no file there can be in the way, so none is looked for.
    private let startsEmpty: Bool
    private var report = WriteReport()
    private var madeFolders: Set<String> = []
    /// Every path this build put in the journal: a batch that failed part-way may have written some.
    private var journaled: [String] = []
    /// Whether anything reached `out/` (the journal included): then a failure has changed it.
    public private(set) var hasWritten = false
    /// How many of the paths made so far were not ours before (`ours`): when the rest are as
    /// many as `ours`, this build made every one of them and `finish` has nothing to look for.
    private var madeBesideOurs = 0
    init(folder: OutputFolder, previous: PreviousBuild) {
        self.folder = folder
        ours = previous.ownedFiles
        interrupted = previous.interrupted
        startsEmpty = previous.manifest == nil && previous.interrupted.isEmpty
        // A rebuild makes about the files the last build made: room for them all at once,
        // not grown by doubling one path at a time.
        report.digests.reserveCapacity(ours.count)
        report.paths.reserveCapacity(ours.count)
    }

    /// What one write put on the disk: the files whose bytes changed, and how many bytes they hold.
    public struct Written: Sendable {
        public var paths: [String] = []
        public var bytes = 0
    }

    /// Writes one batch, and records its kept files as made and unchanged.
    @discardableResult
    public mutating func write(_ batch: OutputBatch) throws(BuildFailure) -> Written {
        // A kept file is always ours: it is kept by what the last build's list says of it.
        for file in batch.kept {
            _ = record(file.path.string, digest: file.digest, wasOurs: true)
            report.unchanged += 1
        }
        return try write(batch.files)
    }

    /// Writes one batch. Files of one batch may link each other: hashed files go
    /// first. Across batches, the caller writes a file before those that link it.
    @discardableResult
    public mutating func write(_ files: [OutputFile]) throws(BuildFailure) -> Written {
        let (folder, ours, startsEmpty) = (folder, ours, startsEmpty)
        // Hashing and the `stat`s are independent per file: spread them over the cores.
        let checked = files.parallelMap { file -> (digest: String, unchanged: Bool, foreign: Bool, wasOurs: Bool) in
            let path = file.path.string
            let digest = OutputManifest.digest(of: file.bytes)
            let target = folder.path(of: file.path)
            guard let old = ours[path] else { return (digest, false, !startsEmpty && folder.files.item(at: target) != nil, false) }
            // Ours before: unchanged when the digest matches and the file is still there at that
            // size; without a digest (a format-1 manifest, a killed build's file) compare the bytes.
            if !old.isEmpty {
                return (digest, old == digest && folder.files.item(at: target)?.size == file.bytes.count, false, true)
            }
            return (digest, folder.files.hasSameBytes(target, file.bytes), false, true)
        }
        var pending: [(file: OutputFile, place: Int)] = []
        for (file, check) in zip(files, checked) {
            let place = record(file.path.string, digest: check.digest, wasOurs: check.wasOurs)
            if check.unchanged {
                report.unchanged += 1
                continue
            }
            if check.foreign {
                throw BuildFailure(.error(
                    at: SourceLocation(path: "\(folder.shown)/\(file.path)"),
                    "this file was not written by blogpager and the build would replace it; move it away"))
            }
            pending.append((file, place))
        }
        guard !pending.isEmpty else { return Written() }
        do {
            try folder.state.journal(pending.map(\.file.path.string))
            journaled += pending.map(\.file.path.string)
            if !hasWritten { folder.state.invalidate() }
            hasWritten = true
            for (file, _) in pending {
                let parent = folder.folder(ofRecorded: file.path.string)
                if madeFolders.insert(parent).inserted { try folder.files.makeFolder(parent) }
            }
            // Content-hashed names first (nothing links them yet), then pages, a stream's index last (the main one wherever it is):
            // each rank in parallel, the ranks in order, so nothing links a file before it is there.
            let rank = { (file: OutputFile) -> Int in
                file.path.name == "index.json" ? 2 : ContentHashedName.isHashed(String(file.path.name)) ? 0 : 1
            }
            var identities: [(place: Int, identity: FileIdentity)] = []
            identities.reserveCapacity(pending.count)
            for step in 0...2 {
                let group = pending.filter { rank($0.file) == step }.sorted { $0.file.path < $1.file.path }
                let written = try group.parallelMap { try folder.files.replace(folder.path(of: $0.file.path), with: $0.file.bytes) }
                report.written += group.map(\.file.path)
                identities += zip(group, written).map { ($0.place, $1) }
            }
            // In the order of their places: the list stays sorted by appending alone.
            for (place, identity) in identities.sorted(by: { $0.place < $1.place }) { report.identities.record(identity, at: place) }
            return Written(paths: pending.map { folder.path(of: $0.file.path) }, bytes: pending.reduce(0) { $0 + $1.file.bytes.count })
        } catch {
            throw cannotWrite(error)
        }
    }

    /// The digest of every file this build made so far, by path (`finish` adds none).
    var digests: [String: String] { report.digests }

    /// The path's place in the report's list: a path made twice (never by a build) keeps its first place.
    private mutating func record(_ path: String, digest: String, wasOurs: Bool) -> Int {
        guard report.digests.updateValue(digest, forKey: path) == nil else { return report.paths.firstIndex(of: path)! }
        report.paths.append(path)
        if !wasOurs { madeBesideOurs += 1 }
        return report.paths.count - 1
    }

    /// Removes our old files this build did not make (and what a killed build
    /// left half-made); the report then describes `out/` whole.
    public mutating func finish() -> WriteReport {
        // Only what was there counts as removed (a killed build may have journaled files it never wrote).
        // Looked up over every core, not subtracted: a copy of `ours` to take all but a few from it cost more.
        let made = report.digests
        // Each of ours made again (an add-one or an edit rebuild): none to look for among 18,000.
        let madeOfOurs = made.count - madeBesideOurs
        let gone = madeOfOurs == ours.count ? [] : Array(ours.keys).parallelFilter { made[$0] == nil }
        report.removed = gone.sorted { $0.precedesInBytes($1) }.filter { path in
            defer { removeEmptyFolders(above: path) }
            return folder.files.remove(folder.path(ofRecorded: path))
        }
        for path in interrupted {
            folder.files.remove(DiskFile.temporaryPath(of: folder.path(ofRecorded: path)))
            removeEmptyFolders(above: path)
        }
        return report
    }

    /// After a build that stopped part-way: the old files and those written
    /// now, each with what is known of its bytes, for `StateFolder.commitPartial`.
    public func partialManifest() -> OutputManifest {
        // A file whose bytes are unknown has an empty digest: it never matches, so it is compared again.
        var merged = ours
        // So are those of a batch that failed part-way (a full disk): some of them may be in place.
        for path in journaled where merged[path] == nil { merged[path] = "" }
        for path in report.written.map(\.string) { merged[path] = report.digests[path] }
        return OutputManifest(files: Array(merged.keys), digests: merged)
    }

    /// After a file is removed, its folders go too while they are empty (never `out/` itself).
    private func removeEmptyFolders(above path: String) {
        var segments = path.split(separator: "/").dropLast()
        while !segments.isEmpty {
            if !folder.files.removeFolder(folder.path(ofRecorded: segments.joined(separator: "/"))) { return }
            segments = segments.dropLast()
        }
    }

    private func cannotWrite(_ error: any Error) -> BuildFailure {
        var failure = BuildFailure(.error(
            at: SourceLocation(path: folder.shown),
            "cannot write the output: \(SystemErrorText.reason(error))"))
        failure.output = hasWritten ? .partlyWritten : .untouched
        return failure
    }
}
