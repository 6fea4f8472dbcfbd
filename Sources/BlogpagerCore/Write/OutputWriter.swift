import Foundation

/// Puts a build's files in `out/`, touching only what changed, so that
/// nothing is ever half-written or lost.
///
/// The writer runs only after a build succeeded: bad input never reaches it,
/// so a failed build leaves `out/` byte for byte. The manifest records a
/// digest of every file written, so unchanged files are recognised without
/// reading them and stay as they are (same inode and time). Each changed file
/// is written beside its target and renamed over it, so a reader (or the
/// server) sees the old file or the new one, never a part. New content-hashed
/// files go first and `index.json` last, and old files are removed only after
/// that, so a page being read never points at a missing fragment. Files the
/// user put in `out/` are left alone. Cost: proportional to what changed, plus
/// one `stat` per file.
public struct OutputWriter: Sendable {
    /// `out/` as the user named it.
    public var outputFolder: String
    /// The content folder, which `out/` may neither be nor sit inside.
    public var contentFolder: String?

    public init(outputFolder: String, contentFolder: String?) {
        self.outputFolder = outputFolder
        self.contentFolder = contentFolder
    }

    /// Checks that `out/` may be written, before anything is built.
    public func checkTarget() throws(BuildFailure) {
        let output = Self.resolved(outputFolder)
        let shown = SourceLocation(path: outputFolder)
        if let contentFolder {
            let content = Self.resolved(contentFolder)
            if output == content || output.hasPrefix(content + "/") {
                throw BuildFailure(.error(at: shown, "output folder is inside the content folder \(contentFolder); choose a folder outside it"))
            }
            if content.hasPrefix(output + "/") {
                throw BuildFailure(.error(at: shown, "output folder contains the content folder \(contentFolder); choose another output folder"))
            }
        }
        if output == "/" { throw BuildFailure(.error(at: shown, "refusing to use / as the output folder")) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: output, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else {
            throw BuildFailure(.error(at: shown, "output path exists and is not a folder"))
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []
        if names.isEmpty { return }
        do {
            if try OutputManifest.read(in: URL(fileURLWithPath: output)) == nil {
                throw BuildFailure(.error(at: shown, "output folder is not empty and was not written by blogpager (no \(OutputManifest.folder)/\(OutputManifest.fileName)); refusing to touch it — choose an empty or new folder"))
            }
        } catch let failure as BuildFailure {
            throw failure
        } catch {
            throw BuildFailure(.error(at: SourceLocation(path: "\(outputFolder)/\(OutputManifest.folder)/\(OutputManifest.fileName)"), "unreadable manifest: \(error)"))
        }
    }

    public func write(_ files: [OutputFile]) throws(BuildFailure) -> WriteReport {
        try checkTarget()
        let output = Self.resolved(outputFolder)
        let fileManager = FileManager.default
        do {
            let oldManifest = try OutputManifest.read(in: URL(fileURLWithPath: output, isDirectory: true))
            let ours = Set(oldManifest?.files ?? [])
            let oldDigests = oldManifest?.digests ?? [:]
            var report = WriteReport()
            var digests: [String: String] = [:]
            var pending: [(file: OutputFile, digest: String)] = []
            // Hashing and the `stat`s are independent per file: spread them over the cores.
            let checked = try files.parallelMap { file -> (digest: String, unchanged: Bool, foreign: Bool) in
                let path = file.path.string
                let digest = OutputManifest.digest(of: file.bytes)
                let target = output + "/" + path
                guard ours.contains(path) else { return (digest, false, Self.size(of: target) != nil) }
                // Ours before: unchanged when the digest matches and the file is still there
                // at that size; a format-1 manifest has no digests, so compare the bytes.
                if let old = oldDigests[path] {
                    return (digest, old == digest && Self.size(of: target) == file.bytes.count, false)
                }
                return (digest, try Self.hasSameBytes(target, file.bytes), false)
            }
            for (file, check) in zip(files, checked) {
                let path = file.path.string
                digests[path] = check.digest
                if check.unchanged {
                    report.unchanged += 1
                    continue
                }
                if check.foreign {
                    throw BuildFailure(.error(
                        at: SourceLocation(path: "\(outputFolder)/\(path)"),
                        "this file was not written by blogpager and the build would replace it; move it away"))
                }
                pending.append((file, check.digest))
            }
            // Content-hashed names first (nothing links them yet), then pages, the index last.
            let rank = { (file: OutputFile) -> Int in
                file.path.string == "index.json" ? 2 : ContentHashedName.isHashed(file.path.segments.last ?? "") ? 0 : 1
            }
            pending.sort { (rank($0.file), $0.file.path.string) < (rank($1.file), $1.file.path.string) }
            try fileManager.createDirectory(atPath: output, withIntermediateDirectories: true)
            var madeFolders: Set<String> = []
            for (file, _) in pending {
                let target = output + "/" + file.path.string
                let folder = String(target[..<target.lastIndex(of: "/")!])
                if madeFolders.insert(folder).inserted, Self.size(of: folder) == nil {
                    try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
                }
            }
            // Each rank in parallel, the ranks in order: nothing links a file before it is there.
            for step in 0...2 {
                let group = pending.filter { rank($0.file) == step }
                _ = try group.parallelMap { try Self.replace(output + "/" + $0.file.path.string, with: $0.file.bytes) }
                report.written += group.map(\.file.path)
            }
            let newPaths = Set(digests.keys)
            report.removed = ours.subtracting(newPaths).sorted()
            for path in report.removed {
                try? fileManager.removeItem(atPath: output + "/" + path)
                Self.removeEmptyFolders(above: path, in: output)
            }
            // The manifest last: until it is in place, the old one still describes every file.
            let manifest = OutputManifest(files: Array(newPaths), digests: digests).encoded()
            let manifestPath = output + "/" + OutputManifest.folder + "/" + OutputManifest.fileName
            if fileManager.contents(atPath: manifestPath) != manifest {
                try fileManager.createDirectory(atPath: output + "/" + OutputManifest.folder, withIntermediateDirectories: true)
                try Self.replace(manifestPath, with: Array(manifest))
            }
            return report
        } catch let failure as BuildFailure {
            throw failure
        } catch {
            throw BuildFailure(.error(
                at: SourceLocation(path: outputFolder),
                "cannot write the output: \(ContentScanner.reason(error)); files already written are complete, run the build again"))
        }
    }

    /// The size of a file or folder, nil when nothing is there.
    private static func size(of path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }

    private static func hasSameBytes(_ path: String, _ bytes: [UInt8]) throws -> Bool {
        guard size(of: path) == bytes.count, let data = FileManager.default.contents(atPath: path) else { return false }
        return data.elementsEqual(bytes)
    }

    /// Writes beside the target, then renames over it: readers see old or new, never a part.
    /// (Foundation's `.atomic` does the same plus an `fsync` per file, which
    /// costs seconds on a build of ten thousand files.)
    static func replace(_ path: String, with bytes: [UInt8]) throws {
        let slash = path.lastIndex(of: "/")!
        let temporary = String(path[...slash]) + ".\(path[path.index(after: slash)...]).blogpager-tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(descriptor)
                unlink(temporary)
                throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
            }
            written += count
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
    }

    /// After a file is removed, its folders go too while they are empty (never `out/` itself).
    private static func removeEmptyFolders(above path: String, in output: String) {
        var segments = path.split(separator: "/").dropLast()
        while !segments.isEmpty {
            if rmdir(output + "/" + segments.joined(separator: "/")) != 0 { return }
            segments = segments.dropLast()
        }
    }

    /// An absolute, symlink-free path, so `out` and `./out/` compare equal.
    static func resolved(_ path: String) -> String {
        var url = URL(fileURLWithPath: path).standardizedFileURL
        url.resolveSymlinksInPath()
        var text = url.path
        while text.count > 1 && text.hasSuffix("/") { text.removeLast() }
        return text
    }
}
