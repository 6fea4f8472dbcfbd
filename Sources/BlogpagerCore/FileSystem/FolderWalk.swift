import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything below a folder, hidden names left out, with what one `stat`
/// says of each. A build takes the content folder's once and reads it twice:
/// for the inputs' fingerprint (`InputFingerprint`) and for the content scan
/// (`ContentScanner`), so a rebuild looks at each source once, not twice.
struct FolderWalk: Sendable {
    enum Item: Sendable, Equatable {
        /// Anything but a folder, with its identity (`FileIdentity.recordText`).
        case file(identity: String)
        case folder
        /// A link to nothing: listed, so that reading it reports the problem.
        case dangling
        /// Gone between the listing and its `stat`.
        case gone
        /// A folder that could not be listed, with the `errno` that said why.
        case unreadable(errno: Int32)
    }

    /// Which names are left out besides hidden ones.
    struct Skipping: Sendable {
        /// Names left out at the top (a site root's own folders, beside its static ones).
        var topLevelNames: Set<String> = []
        /// Names starting with `_` (Jekyll's `_posts/`, `_layouts/`…), at every depth.
        var underscored = false
        /// Folders left out by their resolved path (the output folder, inside a site's root).
        var resolvedFolders: Set<String> = []
    }

    /// Each item by its path below the folder: a folder's names in sorted order, each
    /// folder before what it holds. The folder itself is `""` when it cannot be listed.
    let items: [(path: String, item: Item)]

    init(_ folder: String, skipping: Skipping = Skipping(), in files: FileSystem = .disk) {
        items = files.isDisk ? Self.walk(folder, relative: "", skipping: skipping) : Self.walk(folder, relative: "", skipping: skipping, in: files)
    }

    /// The same walk through another file system (`FileSystem.memory()`), one name at a time.
    private static func walk(_ folder: String, relative: String, skipping: Skipping, in files: FileSystem) -> [(path: String, item: Item)] {
        let listed: [String]
        do {
            listed = try files.names(in: folder)
        } catch {
            return [(relative, .unreadable(errno: error.code.rawValue))]
        }
        let names = listed.filter { name in
            !name.hasPrefix(".") && !(relative.isEmpty && skipping.topLevelNames.contains(name)) && !(skipping.underscored && name.hasPrefix("_"))
        }.sorted()
        return names.flatMap { name -> [(path: String, item: Item)] in
            let shown = relative.isEmpty ? name : "\(relative)/\(name)"
            let path = "\(folder)/\(name)"
            guard let identity = files.item(at: path) else { return [(shown, .gone)] }
            guard identity.isFolder else { return [(shown, .file(identity: identity.recordText))] }
            if !skipping.resolvedFolders.isEmpty, skipping.resolvedFolders.contains(files.resolve(path)) { return [] }
            return [(shown, .folder)] + walk(path, relative: shown, skipping: skipping, in: files)
        }
    }

    private static func walk(_ folder: String, relative: String, skipping: Skipping) -> [(path: String, item: Item)] {
        guard let listed = FolderListing.names(in: folder) else {
            return [(relative, .unreadable(errno: errno))]
        }
        let names = listed.filter { name in
            !name.hasPrefix(".") && !(relative.isEmpty && skipping.topLevelNames.contains(name))
                && !(skipping.underscored && name.hasPrefix("_"))
        }.sorted()
        // Each name `stat`ed under the folder, opened once (not by a path walked from the root).
        let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if directory >= 0 { close(directory) } }
        // Each name on its own: a large folder's `stat`s and its subfolders go over every core.
        let each = { (name: String) -> [(path: String, item: Item)] in
            let shown = relative.isEmpty ? name : "\(relative)/\(name)"
            var info = stat()
            let found = directory >= 0 ? fstatat(directory, name, &info, 0) : stat("\(folder)/\(name)", &info)
            guard found == 0 else {
                let link = directory >= 0 ? fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) : lstat("\(folder)/\(name)", &info)
                return [(shown, link == 0 ? .dangling : .gone)]
            }
            let identity = FileIdentity(info)
            guard identity.isFolder else { return [(shown, .file(identity: identity.recordText))] }
            let path = "\(folder)/\(name)"
            if !skipping.resolvedFolders.isEmpty, skipping.resolvedFolders.contains(OutputFolder.resolve(path)) { return [] }
            return [(shown, .folder)] + walk(path, relative: shown, skipping: skipping)
        }
        return (names.count >= 16 ? names.parallelMap(each) : names.map(each)).flatMap { $0 }
    }
}
