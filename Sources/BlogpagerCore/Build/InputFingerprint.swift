import Foundation

/// A digest of everything a build reads, taken with `stat` alone: the
/// blogpager program itself, the options, the config, every template and
/// every file under the content folder (path, size, modification time,
/// inode). Equal digests mean the build would make the same files, so a
/// build can stop after this walk. Nothing is read but folder listings.
struct InputFingerprint {
    var contentFolder: String
    var configPath: String?
    var templatesFolder: String?
    var outputFolder: String
    var includeDrafts: Bool
    var includeFuture: Bool

    /// Nil when an input cannot be identified (then the build always runs).
    func digest() -> String? {
        var lines: [UInt8] = []
        func add(_ text: String) { lines += text.utf8; lines.append(0x0A) }
        // A new blogpager may render differently: its own file is an input.
        guard let program = Self.identity(of: "/proc/self/exe") else { return nil }
        add("program \(program)")
        add("options drafts=\(includeDrafts) future=\(includeFuture)")
        add("output \(OutputWriter.resolved(outputFolder))")
        add("config \(configPath ?? "-") \(configPath.flatMap(Self.identity) ?? "-")")
        add("templates \(templatesFolder ?? "-")")
        if let templatesFolder { Self.walk(templatesFolder, relative: "", into: &lines) }
        add("content \(OutputWriter.resolved(contentFolder))")
        guard Self.identity(of: contentFolder) != nil else { return nil }
        Self.walk(contentFolder, relative: "", into: &lines)
        return StableHash.digest(lines)
    }

    /// `size mtime inode` of a file or folder (following links), nil when it is not there.
    static func identity(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return identity(of: info)
    }

    static func identity(of info: stat) -> String {
        "\(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_ino)"
    }

    /// Every entry below `folder`, sorted, hidden names skipped as the scanner skips them.
    private static func walk(_ folder: String, relative: String, into lines: inout [UInt8]) {
        guard let directory = opendir(folder) else {
            lines += "unreadable \(relative)\n".utf8
            return
        }
        var names: [String] = []
        while let item = readdir(directory) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        closedir(directory)
        for name in names.sorted() {
            let path = folder + "/" + name
            let shown = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard stat(path, &info) == 0 else {
                lines += "missing \(shown)\n".utf8
                continue
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                lines += "folder \(shown)\n".utf8
                walk(path, relative: shown, into: &lines)
            } else {
                lines += "file \(shown) \(identity(of: info))\n".utf8
            }
        }
    }
}
