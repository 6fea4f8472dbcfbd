import Foundation

/// A digest of everything a build reads, taken with `stat` alone: the
/// blogpager program itself, the options, the config, every template and
/// every file under the content folder (path, size, modification time,
/// inode). Equal digests mean the build would make the same files, so a
/// build can stop after this walk. Nothing is read but folder listings.
struct InputFingerprint {
    var program: ProgramIdentity
    var contentFolder: String
    /// A site root's folders copied as they are (the output folder among them is left out).
    var staticFolders: [SiteLayout.StaticFolder] = []
    /// Where a Hugo or Zola site's pages are, beside its entries' section.
    var pagesFolder: String?
    var configPath: String?
    /// A split config's other files (Hugo's `config/_default/params.toml`).
    var configParts: [String] = []
    /// Folders of entries beside the content folder (Jekyll's `_drafts/`, `work/_posts/`).
    var entryFolders: [String] = []
    /// Other files read (`legacy-pages.yml`), present or not.
    var files: [String] = []
    var templatesFolder: String?
    var output: OutputFolder
    var includeDrafts: Bool
    var includeFuture: Bool

    /// Nil when an input cannot be identified (then the build always runs).
    func digest() -> String? {
        var lines: [UInt8] = []
        func add(_ text: String) { lines += text.utf8; lines.append(0x0A) }
        // A new blogpager may render differently: the program is an input.
        add("program \(program.text)")
        add("options drafts=\(includeDrafts) future=\(includeFuture)")
        add("output \(output.resolved)")
        add("config \(configPath ?? "-") \(configPath.flatMap { FileIdentity(itemAt: $0)?.recordText } ?? "-")")
        for part in configParts { add("config part \(part) \(FileIdentity(itemAt: part)?.recordText ?? "-")") }
        for file in files { add("file \(file) \(FileIdentity(itemAt: file)?.recordText ?? "-")") }
        add("templates \(templatesFolder ?? "-")")
        if let templatesFolder { Self.walk(templatesFolder, relative: "", into: &lines) }
        add("content \(OutputFolder.resolve(contentFolder))")
        guard FileIdentity(itemAt: contentFolder) != nil else { return nil }
        Self.walk(contentFolder, relative: "", into: &lines)
        for folder in entryFolders {
            add("entries \(folder)")
            Self.walk(folder, relative: "", into: &lines)
        }
        if let pagesFolder {
            add("pages \(pagesFolder)")
            Self.walk(pagesFolder, relative: "", into: &lines)
        }
        for folder in staticFolders {
            add("static \(folder.path)")
            Self.walk(folder.path, relative: "", into: &lines, skipping: folder.excludedNames, underscored: folder.frontMatterFilesArePages,
                      excluded: [output.resolved, OutputFolder.resolve(contentFolder)])
        }
        return StableHash.digest(lines)
    }

    /// Every entry below `folder`, sorted, hidden names skipped as the scanner skips them.
    /// `skipping` top-level names, names starting with `_` when `underscored`, and folders whose resolved path is `excluded`.
    private static func walk(_ folder: String, relative: String, into lines: inout [UInt8], skipping: Set<String> = [],
                             underscored: Bool = false, excluded: Set<String> = []) {
        guard let listed = FolderListing.names(in: folder) else {
            lines += "unreadable \(relative)\n".utf8
            return
        }
        let names = listed.filter { name in
            !name.hasPrefix(".") && !(relative.isEmpty && skipping.contains(name)) && !(underscored && name.hasPrefix("_"))
        }
        // Each name's lines on their own, in name order: a large folder's `stat`s and its subfolders go over every core.
        let sorted = names.sorted()
        let each = { (name: String) -> [UInt8] in
            var lines: [UInt8] = []
            let shown = relative.isEmpty ? name : "\(relative)/\(name)"
            guard let identity = FileIdentity(itemAt: "\(folder)/\(name)") else {
                lines += "missing \(shown)\n".utf8
                return lines
            }
            if identity.isFolder {
                if !excluded.isEmpty, excluded.contains(OutputFolder.resolve("\(folder)/\(name)")) { return lines }
                lines += "folder \(shown)\n".utf8
                walk("\(folder)/\(name)", relative: shown, into: &lines, underscored: underscored, excluded: excluded)
            } else {
                lines += "file \(shown) \(identity.recordText)\n".utf8
            }
            return lines
        }
        for chunk in sorted.count >= 16 ? sorted.parallelMap(each) : sorted.map(each) { lines += chunk }
    }
}
