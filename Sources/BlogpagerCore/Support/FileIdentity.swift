#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says about a file's version: its device, inode, size and
/// modification time. When any of it changes, the file may have changed; a
/// file the build leaves alone keeps all of it. One definition for the build's
/// records, the watcher and the server's cache, on Linux and on macOS.
public struct FileIdentity: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int
    public var modifiedSeconds: Int
    public var modifiedNanoseconds: Int
    public var isFolder: Bool

    /// The regular file at `path` (following links); nil for anything else or nothing.
    public init?(path: String) {
        guard let identity = FileIdentity(itemAt: path), !identity.isFolder, identity.isRegular else { return nil }
        self = identity
    }

    /// Whatever is at `path`, a file or a folder (following links); nil when nothing is there.
    public init?(itemAt path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// Whatever is at `relative` under the open folder `folder` (following links): the path is walked
    /// from there, not from the root, for the tens of thousands of outputs a rebuild looks at.
    public init?(itemAt relative: String, under folder: Int32) {
        var info = stat()
        guard fstatat(folder, relative, &info, 0) == 0 else { return nil }
        self.init(info)
    }

    public init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int(info.st_size)
        isFolder = (info.st_mode & S_IFMT) == S_IFDIR
        isRegular = (info.st_mode & S_IFMT) == S_IFREG
        #if canImport(Darwin)
        modifiedSeconds = Int(info.st_mtimespec.tv_sec)
        modifiedNanoseconds = Int(info.st_mtimespec.tv_nsec)
        #else
        modifiedSeconds = Int(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
        #endif
    }

    private var isRegular: Bool

    /// `size seconds.nanoseconds inode`: how the build's records write it.
    public var recordText: String {
        "\(size) \(modifiedSeconds).\(modifiedNanoseconds) \(inode)"
    }

    /// The size of whatever is at `path`, nil when nothing is there: one `stat`.
    public static func size(at path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }
}
