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

    /// An identity as a file system other than the disk gives it (`MemoryFiles`).
    init(device: UInt64, inode: UInt64, size: Int, modifiedSeconds: Int, modifiedNanoseconds: Int, isFolder: Bool, isRegular: Bool) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modifiedSeconds = modifiedSeconds
        self.modifiedNanoseconds = modifiedNanoseconds
        self.isFolder = isFolder
        self.isRegular = isRegular
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

    private(set) var isRegular: Bool

    /// `size seconds.nanoseconds inode`: how the build's records write it.
    public var recordText: String {
        // Written digit by digit into the string's own storage, its one allocation: a rebuild
        // makes one for each source it walks.
        String(unsafeUninitializedCapacity: 4 * 21 + 3) { buffer in
            var at = 0
            func put(_ value: UInt64, negative: Bool = false, then separator: UInt8? = nil) {
                if negative { buffer[at] = UInt8(ascii: "-"); at += 1 }
                var digits = 1
                var rest = value / 10
                while rest > 0 { digits += 1; rest /= 10 }
                var remaining = value
                for index in stride(from: at + digits - 1, through: at, by: -1) {
                    buffer[index] = UInt8(ascii: "0") + UInt8(remaining % 10)
                    remaining /= 10
                }
                at += digits
                if let separator { buffer[at] = separator; at += 1 }
            }
            put(UInt64(size.magnitude), negative: size < 0, then: UInt8(ascii: " "))
            put(UInt64(modifiedSeconds.magnitude), negative: modifiedSeconds < 0, then: UInt8(ascii: "."))
            put(UInt64(modifiedNanoseconds.magnitude), negative: modifiedNanoseconds < 0, then: UInt8(ascii: " "))
            put(inode)
            return at
        }
    }

    /// The size a `recordText` gives (its first field); 0 where it gives none.
    static func size(inRecordText text: String) -> Int {
        Int(text.utf8.prefix { $0 != UInt8(ascii: " ") }.reduce(0) { $0 * 10 + Int($1 &- UInt8(ascii: "0")) })
    }

    /// The size of whatever is at `path`, nil when nothing is there: one `stat`.
    public static func size(at path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }
}
