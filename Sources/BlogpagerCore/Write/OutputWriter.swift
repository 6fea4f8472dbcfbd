import Foundation

/// Puts a build's files in `out/`, touching only what changed, so that
/// nothing is ever half-written or lost.
///
/// Before anything is built, `checkTarget` makes sure `out/` may be written:
/// it is new, empty, or blogpager's (its `.blogpager/` has the marker, or the
/// journal of a build that was killed), and neither is nor holds the content.
/// Then a session (`OutputSession`) writes: the files list records a digest
/// of every file written, so unchanged files are recognised without reading
/// them and stay as they are (same inode and time). Each changed file is
/// written beside its target and renamed over it, so a reader (or the server)
/// sees the old file or the new one, never a part. New content-hashed files go
/// first and `index.json` last, and old files are removed only after that, so
/// a page being read never points at a missing fragment. Files the user put in
/// `out/` are left alone. Cost: proportional to what changed, plus one `stat`
/// per file.
public struct OutputWriter: Sendable {
    public var folder: OutputFolder
    /// The content folder, which `out/` may neither be nor sit inside.
    public var contentFolder: String?

    public init(outputFolder: String, contentFolder: String?, in files: FileSystem) {
        folder = OutputFolder(outputFolder, in: files)
        self.contentFolder = contentFolder
    }

    /// `out/` as the user named it.
    public var outputFolder: String { folder.shown }

    /// Checks that `out/` may be written, before anything is built. Reads only.
    public func checkTarget() throws(BuildFailure) {
        let output = folder.resolved
        let shown = SourceLocation(path: folder.shown)
        if let contentFolder {
            let content = folder.files.resolve(contentFolder)
            if output == content || output.hasPrefix(content + "/") {
                throw BuildFailure(.error(at: shown, "output folder is inside the content folder \(contentFolder); choose a folder outside it"))
            }
            if content.hasPrefix(output + "/") {
                throw BuildFailure(.error(at: shown, "output folder contains the content folder \(contentFolder); choose another output folder"))
            }
        }
        if output == "/" { throw BuildFailure(.error(at: shown, "refusing to use / as the output folder")) }
        guard let identity = folder.files.item(at: output) else { return }
        guard identity.isFolder else { throw BuildFailure(.error(at: shown, "output path exists and is not a folder")) }
        let state = folder.state
        // The marker, or the journal of a first build that was killed before it wrote the marker.
        if state.contains(.marker) || state.contains(.journal) { return }
        let names: [String]
        do {
            names = try folder.files.names(in: output)
        } catch {
            throw BuildFailure(.error(at: shown, "cannot read the output folder: \(SystemErrorText.reason(error))"))
        }
        // Empty, or holding only a lock a build took before it was stopped.
        if names.allSatisfy({ $0 == StateFolder.name }) { return }
        throw BuildFailure(.error(at: shown, "output folder is not empty and was not written by blogpager (no \(StateFolder.name)/\(StateFolder.Record.marker.rawValue)); refusing to touch it — choose an empty or new folder"))
    }

    /// Starts writing, given what the builds before left (read under the lock).
    /// Nothing is written until the session's first `write`.
    func begin(previous: PreviousBuild) -> OutputSession {
        OutputSession(folder: folder, previous: previous)
    }

    /// Writes a whole site's files at once: for callers that hold them all.
    /// Fails at once if another build holds the folder.
    /// `classifier`: what the caller knows of the files' classes (a site's static copies, its redirects).
    public func write(_ files: [OutputFile], classifier: OutputClassifier = OutputClassifier()) throws(BuildFailure) -> WriteReport {
        try checkTarget()
        let lock = try BuildLock.take(folder.state)
        let previous = try PreviousBuild(reading: folder.state, cache: EntryCache())
        var session = begin(previous: previous)
        do {
            try session.write(files)
        } catch {
            if session.hasWritten { folder.state.commitPartial(session.partialManifest()) }
            lock.release()
            throw error
        }
        // No render cache or static files' record speaks for these files: the old ones go.
        let execution = PlainExecution()
        let early = folder.state.startWriting(.init(renderCache: nil, entryCache: nil), execution: execution)
        var report = session.finish()
        let (paths, digests) = (report.paths, report.digests)
        let listing = folder.state.startListing(execution: execution) { OutputManifest(files: paths, digests: digests, classifiedBy: classifier) }
        report.warnings = folder.state.commit(.init(lastBuild: nil), listing: listing, besides: early, execution: execution)
        lock.release()
        return report
    }
}
