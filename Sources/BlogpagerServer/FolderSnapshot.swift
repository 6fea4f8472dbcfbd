import BlogpagerCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `FileIdentity` (inode, size, modification time) of every file under some paths: two
/// snapshots differ exactly when something was added, removed or saved.
/// Hidden files and editor backups (`name~`, `#name#`) are left out, as the
/// content scanner leaves them out.
public struct FolderSnapshot: Equatable, Sendable {
    public private(set) var stamps: [String: FileIdentity] = [:]

    /// `excluding` folders (absolute paths) are left out with all they hold: the
    /// output folder, when it sits inside a watched site root, changes with every build.
    public init(paths: [String], excluding excluded: Set<String> = []) {
        for path in paths { add(path, excluding: excluded) }
    }

    private mutating func add(_ path: String, excluding excluded: Set<String>) {
        guard let identity = FileIdentity(itemAt: path) else { return }
        if identity.isFolder {
            if !excluded.isEmpty, excluded.contains(URL(fileURLWithPath: path).standardizedFileURL.path) { return }
            for name in FolderListing.names(in: path) ?? [] {
                guard !name.hasPrefix("."), !name.hasSuffix("~"), !(name.hasPrefix("#") && name.hasSuffix("#")) else { continue }
                add(path + "/" + name, excluding: excluded)
            }
        } else {
            stamps[path] = identity
        }
    }

    /// Paths added, removed or changed since `older`, sorted.
    public func changes(since older: FolderSnapshot) -> [String] {
        var changed = stamps.filter { older.stamps[$0.key] != $0.value }.map(\.key)
        changed += older.stamps.keys.filter { stamps[$0] == nil }
        return changed.sorted()
    }
}
