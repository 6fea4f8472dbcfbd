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
        _ = try checkedManifest()
    }

    /// The checks of `checkTarget`, giving the manifest they read (nil for a new or empty folder).
    private func checkedManifest() throws(BuildFailure) -> OutputManifest? {
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
        guard FileManager.default.fileExists(atPath: output, isDirectory: &isFolder) else { return nil }
        guard isFolder.boolValue else {
            throw BuildFailure(.error(at: shown, "output path exists and is not a folder"))
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []
        if names.isEmpty { return nil }
        do {
            guard let manifest = try OutputManifest.read(in: output) else {
                throw BuildFailure(.error(at: shown, "output folder is not empty and was not written by blogpager (no \(OutputManifest.folder)/\(OutputManifest.fileName)); refusing to touch it — choose an empty or new folder"))
            }
            return manifest
        } catch let failure as BuildFailure {
            throw failure
        } catch {
            throw BuildFailure(.error(at: SourceLocation(path: "\(outputFolder)/\(OutputManifest.folder)/\(OutputManifest.fileName)"), "unreadable manifest: \(error)"))
        }
    }

    /// Starts writing: checks `out/` and reads its manifest. Nothing is written
    /// until the session's first `write`.
    public func begin() throws(BuildFailure) -> OutputSession {
        OutputSession(output: Self.resolved(outputFolder), shownOutput: outputFolder, previous: try checkedManifest())
    }

    /// Writes a whole site's files at once.
    public func write(_ files: [OutputFile]) throws(BuildFailure) -> WriteReport {
        var session = try begin()
        do {
            try session.write(files)
        } catch {
            session.abandon()
            throw error
        }
        return try session.finish()
    }

    /// The size of a file or folder, nil when nothing is there.
    static func size(of path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }

    static func hasSameBytes(_ path: String, _ bytes: [UInt8]) throws -> Bool {
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

    /// Makes a folder and any missing parents with one `mkdir` each; one that
    /// is already there is fine. (Foundation's `createDirectory` looks at every
    /// parent first: thousands of `stat`s on a large build.)
    static func makeFolder(_ path: String) throws {
        if mkdir(path, 0o755) == 0 || errno == EEXIST { return }
        guard errno == ENOENT, let slash = path.lastIndex(of: "/"), slash > path.startIndex else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        try makeFolder(String(path[..<slash]))
        if mkdir(path, 0o755) != 0 && errno != EEXIST { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    /// After a file is removed, its folders go too while they are empty (never `out/` itself).
    static func removeEmptyFolders(above path: String, in output: String) {
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
