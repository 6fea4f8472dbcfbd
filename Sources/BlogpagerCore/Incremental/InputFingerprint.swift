import Foundation

/// A digest of everything a build reads, taken with `stat` alone: the
/// blogpager program itself, the options, the config, every template and
/// every file under the content folder (path, size, modification time,
/// inode). Equal digests mean the build would make the same files, so a
/// build can stop after this walk. Nothing is read but folder listings.
struct InputFingerprint: Sendable {
    var program: ProgramIdentity
    var contentFolder: String
    /// The content folder as the build walked it, once for this and the scan; walked here when nil.
    var contentWalk: FolderWalk?
    /// A site root's folders copied as they are (the output folder among them is left out).
    var staticFolders: [SiteLayout.StaticFolder] = []
    /// Where a Hugo or Zola site's pages are, beside its entries' section.
    var pagesFolder: String?
    var configPath: String?
    /// A split config's other files (Hugo's `config/_default/params.toml`).
    var configParts: [String] = []
    /// Folders read beside the content folder (Jekyll's `_drafts/`, `work/_posts/`, `_data/`, `_includes/`).
    var entryFolders: [String] = []
    /// Other files read (`legacy-pages.yml`), present or not.
    var files: [String] = []
    var templatesFolder: String?
    var output: OutputFolder
    var includeDrafts: Bool
    var includeFuture: Bool
    /// Where the inputs are: the output's own file system.
    var fileSystem: FileSystem { output.files }

    /// Nil when an input cannot be identified (then the build always runs).
    func digest() -> String? {
        var lines: [UInt8] = []
        func add(_ text: String) { lines += text.utf8; lines.append(0x0A) }
        // A new blogpager may render differently: the program is an input.
        add("program \(program.text)")
        add("options drafts=\(includeDrafts) future=\(includeFuture)")
        add("output \(output.resolved)")
        add("config \(configPath ?? "-") \(configPath.flatMap { fileSystem.item(at: $0)?.recordText } ?? "-")")
        for part in configParts { add("config part \(part) \(fileSystem.item(at: part)?.recordText ?? "-")") }
        for file in files { add("file \(file) \(fileSystem.item(at: file)?.recordText ?? "-")") }
        add("templates \(templatesFolder ?? "-")")
        if let templatesFolder { walk(templatesFolder, into: &lines) }
        add("content \(fileSystem.resolve(contentFolder))")
        if fileSystem.item(at: contentFolder) != nil {
            Self.add(contentWalk ?? fileSystem.walk(contentFolder), into: &lines)
        } else {
            // Missing (a Jekyll site whose posts are all deeper): its making is a change the fingerprint sees.
            add("content missing")
        }
        for folder in entryFolders {
            add("entries \(folder)")
            walk(folder, into: &lines)
        }
        if let pagesFolder {
            add("pages \(pagesFolder)")
            walk(pagesFolder, into: &lines)
        }
        for folder in staticFolders {
            add("static \(folder.path)")
            walk(folder.path, into: &lines, skipping: FolderWalk.Skipping(
                topLevelNames: folder.excludedNames, underscored: folder.frontMatterFilesArePages,
                resolvedFolders: [output.resolved, fileSystem.resolve(contentFolder)]))
        }
        return StableHash.wideKey(bytes: lines)
    }

    /// Every entry below `folder`, a line each, as `FolderWalk` finds them.
    private func walk(_ folder: String, into lines: inout [UInt8], skipping: FolderWalk.Skipping = FolderWalk.Skipping()) {
        Self.add(fileSystem.walk(folder, skipping: skipping), into: &lines)
    }

    private static func add(_ walk: FolderWalk, into lines: inout [UInt8]) {
        for (path, item) in walk.items {
            switch item {
            case .file(let identity):
                lines += "file ".utf8
                lines += path.utf8
                lines.append(0x20)
                lines += identity.utf8
                lines.append(0x0A)
            case .folder: lines += "folder \(path)\n".utf8
            case .dangling, .gone: lines += "missing \(path)\n".utf8
            case .unreadable: lines += "unreadable \(path)\n".utf8
            }
        }
    }
}
