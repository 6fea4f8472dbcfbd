import Foundation

/// One build's writes into `out/`, batch by batch, so a build never holds all
/// its files at once. Each batch goes in as `OutputWriter` promises: unchanged
/// files are left alone, each changed file is renamed into place whole,
/// content-hashed names before the pages that link them, the root `index.json`
/// last. `finish` removes what the build no longer makes and writes the manifest.
///
/// A build calls `write` only once its input is known to be good, so bad input
/// never reaches `out/`. If writing stops half-way (a disk error, a file of the
/// user's in the way), `abandon` records what was written in the manifest, so
/// the next build knows those files are its own.
public struct OutputSession: Sendable {
    /// `out/`, resolved.
    let output: String
    /// `out/` as the user named it, for messages.
    let shownOutput: String
    /// Our files and their digests, from the previous build's manifest.
    private let ours: Set<String>
    /// True when `out/` was missing or empty: no file there can be in the way, so none is looked for.
    private let startsEmpty: Bool
    /// The previous manifest's digests, by path.
    public let oldDigests: [String: String]
    /// The digest of every file this build made so far, by path.
    private var digests: [String: String] = [:]
    private var report = WriteReport()
    private var madeFolders: Set<String> = []
    /// Every path this build made, in the order it made them.
    public private(set) var paths: [String] = []

    init(output: String, shownOutput: String, previous: OutputManifest?) {
        self.output = output
        self.shownOutput = shownOutput
        self.ours = Set(previous?.files ?? [])
        self.startsEmpty = previous == nil
        self.oldDigests = previous?.digests ?? [:]
    }

    /// The digest of what this build made at `path`, if it made it.
    public func digest(of path: String) -> String? {
        digests[path]
    }

    /// Writes one batch, and records its kept files as made and unchanged.
    public mutating func write(_ batch: OutputBatch) throws(BuildFailure) {
        for file in batch.kept {
            let path = file.path.string
            if digests.updateValue(file.digest, forKey: path) == nil { paths.append(path) }
            report.unchanged += 1
        }
        try write(batch.files)
    }

    /// Writes one batch. Files of one batch may link each other: hashed files go
    /// first. Across batches, the caller writes a file before those that link it.
    public mutating func write(_ files: [OutputFile]) throws(BuildFailure) {
        let output = output
        let ours = ours
        let oldDigests = oldDigests
        let startsEmpty = startsEmpty
        let checked: [(digest: String, unchanged: Bool, foreign: Bool)]
        do {
            // Hashing and the `stat`s are independent per file: spread them over the cores.
            checked = try files.parallelMap { file -> (digest: String, unchanged: Bool, foreign: Bool) in
                let path = file.path.string
                let digest = OutputManifest.digest(of: file.bytes)
                let target = output + "/" + path
                guard ours.contains(path) else { return (digest, false, !startsEmpty && OutputWriter.size(of: target) != nil) }
                // Ours before: unchanged when the digest matches and the file is still there
                // at that size; a format-1 manifest has no digests, so compare the bytes.
                if let old = oldDigests[path] {
                    return (digest, old == digest && OutputWriter.size(of: target) == file.bytes.count, false)
                }
                return (digest, try OutputWriter.hasSameBytes(target, file.bytes), false)
            }
        } catch {
            throw cannotWrite(error)
        }
        var pending: [OutputFile] = []
        for (file, check) in zip(files, checked) {
            let path = file.path.string
            // A path made twice (never by a build) keeps its first place in `paths`.
            if digests.updateValue(check.digest, forKey: path) == nil { paths.append(path) }
            if check.unchanged {
                report.unchanged += 1
                continue
            }
            if check.foreign {
                throw BuildFailure(.error(
                    at: SourceLocation(path: "\(shownOutput)/\(path)"),
                    "this file was not written by blogpager and the build would replace it; move it away"))
            }
            pending.append(file)
        }
        guard !pending.isEmpty else { return }
        // Content-hashed names first (nothing links them yet), then pages, the root index last.
        let rank = { (file: OutputFile) -> Int in
            file.path.string == "index.json" ? 2 : ContentHashedName.isHashed(file.path.segments.last ?? "") ? 0 : 1
        }
        do {
            for file in pending {
                let target = output + "/" + file.path.string
                let folder = String(target[..<target.lastIndex(of: "/")!])
                if madeFolders.insert(folder).inserted { try OutputWriter.makeFolder(folder) }
            }
            // Each rank in parallel, the ranks in order: nothing links a file before it is there.
            for step in 0...2 {
                let group = pending.filter { rank($0) == step }.sorted { $0.path < $1.path }
                _ = try group.parallelMap { try OutputWriter.replace(output + "/" + $0.path.string, with: $0.bytes) }
                report.written += group.map(\.path)
            }
        } catch {
            throw cannotWrite(error)
        }
    }

    /// Removes our old files this build did not make, then writes the manifest.
    public mutating func finish() throws(BuildFailure) -> WriteReport {
        report.removed = ours.subtracting(digests.keys).sorted()
        for path in report.removed {
            try? FileManager.default.removeItem(atPath: output + "/" + path)
            OutputWriter.removeEmptyFolders(above: path, in: output)
        }
        do {
            try writeManifest(OutputManifest(files: Array(digests.keys), digests: digests))
        } catch {
            throw cannotWrite(error)
        }
        return report
    }

    /// After a failed write: the manifest lists the old files and the new ones,
    /// so nothing blogpager wrote is taken for the user's next time.
    public func abandon() {
        guard !report.written.isEmpty else { return }
        var merged = oldDigests
        // Files of a format-1 manifest have no digest: an empty one never matches, so they are rewritten.
        for path in ours where merged[path] == nil { merged[path] = "" }
        for path in report.written.map(\.string) { merged[path] = digests[path] }
        try? writeManifest(OutputManifest(files: Array(merged.keys), digests: merged))
    }

    /// The manifest last: until it is in place, the old one still describes every file.
    /// The list goes in before the marker, so a marker of format 3 always has its list.
    private func writeManifest(_ manifest: OutputManifest) throws {
        let folder = output + "/" + OutputManifest.folder
        try OutputWriter.makeFolder(folder)
        try OutputWriter.replace(folder + "/" + OutputManifest.listFileName, with: manifest.listBytes())
        let markerPath = folder + "/" + OutputManifest.fileName
        let marker = OutputManifest.markerBytes()
        if FileManager.default.contents(atPath: markerPath).map([UInt8].init) != marker {
            try OutputWriter.replace(markerPath, with: marker)
        }
    }

    private func cannotWrite(_ error: Error) -> BuildFailure {
        if let failure = error as? BuildFailure { return failure }
        return BuildFailure(.error(
            at: SourceLocation(path: shownOutput),
            "cannot write the output: \(ContentScanner.reason(error)); files already written are complete, run the build again"))
    }
}
