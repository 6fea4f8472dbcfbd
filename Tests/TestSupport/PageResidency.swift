#if os(Linux)
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Which of a file's pages the kernel holds in memory (`mincore`), for the tests of what a
/// build hands back to it; and whether a folder's file system can say (tmpfs keeps every page).
public enum PageResidency {
    /// The type `/proc/self/mounts` gives the mount that holds `path`.
    public static func fileSystemType(of path: String) -> String? {
        let real = URL(filePath: path).resolvingSymlinksInPath().path
        let mounts = (try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8)) ?? ""
        let holding = mounts.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }.filter { fields in
            fields.count > 2 && (real == fields[1] || real.hasPrefix(fields[1] == "/" ? "/" : fields[1] + "/"))
        }
        return holding.max { $0[1].count < $1[1].count }?[2]
    }

    /// Whether pages of files in `folder` can leave memory (not on tmpfs, which is memory).
    public static func canDrop(in folder: String) -> Bool {
        fileSystemType(of: folder) != "tmpfs"
    }

    /// Whether the temporary folder's files can leave memory: the condition of the tests that
    /// watch pages go (`.enabled(if:)`, so a machine whose temporary folder is tmpfs reports them skipped).
    public static let temporaryFolderCanDrop: Bool = {
        guard let folder = try? TemporaryFolder() else { return false }
        defer { folder.remove() }
        return canDrop(in: folder.path)
    }()

    /// How many of the file's pages are in memory; -1 where it cannot be told.
    public static func residentPages(_ path: String) -> Int {
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var info = stat()
        guard descriptor >= 0, fstat(descriptor, &info) == 0 else { return -1 }
        return residentPages(descriptor: descriptor, length: Int(info.st_size))
    }

    /// The same for the first `length` bytes of an open file.
    public static func residentPages(descriptor: Int32, length: Int) -> Int {
        guard length > 0 else { return 0 }
        guard let mapped = mmap(nil, length, PROT_READ, MAP_SHARED, descriptor, 0), mapped != MAP_FAILED else { return -1 }
        defer { munmap(mapped, length) }
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        var resident = [UInt8](repeating: 0, count: (length + pageSize - 1) / pageSize)
        guard mincore(mapped, length, &resident) == 0 else { return -1 }
        return resident.filter { $0 & 1 != 0 }.count
    }
}
#endif
