#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Size, modification time and inode of every file under some paths: two
/// snapshots differ exactly when something was added, removed or saved.
/// Hidden files and editor backups (`name~`, `#name#`) are left out, as the
/// content scanner leaves them out.
public struct FolderSnapshot: Equatable, Sendable {
    public struct Stamp: Equatable, Sendable {
        var size: Int64
        var seconds: Int
        var nanoseconds: Int
        var inode: UInt64
    }

    public private(set) var stamps: [String: Stamp] = [:]

    public init(paths: [String]) {
        for path in paths { add(path) }
    }

    private mutating func add(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            guard let folder = opendir(path) else { return }
            defer { closedir(folder) }
            while let item = readdir(folder) {
                let name = withUnsafePointer(to: item.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
                }
                guard !name.hasPrefix("."), !name.hasSuffix("~"), !(name.hasPrefix("#") && name.hasSuffix("#")) else { continue }
                add(path + "/" + name)
            }
        } else {
            #if canImport(Darwin)
            let time = info.st_mtimespec
            #else
            let time = info.st_mtim
            #endif
            stamps[path] = Stamp(size: Int64(info.st_size), seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec), inode: UInt64(info.st_ino))
        }
    }

    /// Paths added, removed or changed since `older`, sorted.
    public func changes(since older: FolderSnapshot) -> [String] {
        var changed = stamps.filter { older.stamps[$0.key] != $0.value }.map(\.key)
        changed += older.stamps.keys.filter { stamps[$0] == nil }
        return changed.sorted()
    }
}
