import Foundation

/// Puts a build's files in `out/` so that nothing is ever half-written or lost.
///
/// Everything is staged in a sibling folder first: unchanged files are hard
/// links to the old ones (same bytes, inode and time), changed ones are new,
/// files the user put in `out/` are carried over. Only then is the staged
/// folder swapped in. A failure at any point leaves `out/` as it was.
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
        let output = URL(fileURLWithPath: Self.resolved(outputFolder), isDirectory: true)
        let parent = output.deletingLastPathComponent()
        let staging = parent.appending(path: ".\(output.lastPathComponent).blogpager-staging")
        let retired = parent.appending(path: ".\(output.lastPathComponent).blogpager-old")
        let fileManager = FileManager.default
        do {
            for leftover in [staging, retired] where fileManager.fileExists(atPath: leftover.path) {
                try fileManager.removeItem(at: leftover)
            }
            let exists = fileManager.fileExists(atPath: output.path)
            let oldManifest = exists ? try OutputManifest.read(in: output) : nil
            let ours = Set(oldManifest?.files ?? [])
            let foreign = exists ? try foreignFiles(in: output, ours: ours) : []
            let newPaths = Set(files.map(\.path.string))
            if let clash = foreign.first(where: { newPaths.contains($0) }) {
                throw BuildFailure(.error(
                    at: SourceLocation(path: "\(outputFolder)/\(clash)"),
                    "this file was not written by blogpager and the build would replace it; move it away"))
            }

            var report = WriteReport()
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
            var madeFolders: Set<String> = []
            for file in files {
                let target = staging.appending(path: file.path.string)
                let folder = target.deletingLastPathComponent().path
                if madeFolders.insert(folder).inserted {
                    try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
                }
                let old = output.appending(path: file.path.string)
                if exists, ours.contains(file.path.string), try Self.hasSameBytes(old, file.bytes) {
                    try Self.link(old, to: target)
                    report.unchanged += 1
                } else {
                    try Data(file.bytes).write(to: target)
                    report.written.append(file.path)
                }
            }
            for path in foreign {
                let target = staging.appending(path: path)
                try fileManager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Self.link(output.appending(path: path), to: target)
                report.kept += 1
            }
            report.removed = ours.subtracting(newPaths).sorted()
            let markerFolder = staging.appending(path: OutputManifest.folder)
            try fileManager.createDirectory(at: markerFolder, withIntermediateDirectories: true)
            try OutputManifest(files: Array(newPaths)).encoded()
                .write(to: markerFolder.appending(path: OutputManifest.fileName))

            if exists {
                try fileManager.moveItem(at: output, to: retired)
                do {
                    try fileManager.moveItem(at: staging, to: output)
                } catch {
                    try? fileManager.moveItem(at: retired, to: output)  // put the old site back first
                    throw error
                }
                try fileManager.removeItem(at: retired)
            } else {
                try fileManager.moveItem(at: staging, to: output)
            }
            return report
        } catch let failure as BuildFailure {
            try? fileManager.removeItem(at: staging)
            throw failure
        } catch {
            try? fileManager.removeItem(at: staging)
            throw BuildFailure(.error(at: SourceLocation(path: outputFolder), "cannot write the output: \(ContentScanner.reason(error))"))
        }
    }

    /// Files under `out/` that the manifest does not list, relative paths.
    private func foreignFiles(in output: URL, ours: Set<String>) throws -> [String] {
        var found: [String] = []
        guard let walker = FileManager.default.enumerator(atPath: output.path) else { return [] }
        while let relative = walker.nextObject() as? String {
            if relative == OutputManifest.folder || relative.hasPrefix(OutputManifest.folder + "/") { continue }
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: output.appending(path: relative).path, isDirectory: &isFolder)
            if !isFolder.boolValue && !ours.contains(relative) { found.append(relative) }
        }
        return found.sorted()
    }

    private static func hasSameBytes(_ url: URL, _ bytes: [UInt8]) throws -> Bool {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              (attributes[.size] as? NSNumber)?.intValue == bytes.count else { return false }
        return try Data(contentsOf: url).elementsEqual(bytes)
    }

    private static func link(_ source: URL, to target: URL) throws {
        if Foundation.link(source.path, target.path) != 0 {
            // Hard links can fail on some file systems: fall back to a copy.
            try FileManager.default.copyItem(at: source, to: target)
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
