@testable import BlogpagerCore
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's identity as the build's records write it: `size seconds.nanoseconds inode`.
struct FileIdentityTests {
    private func identity(size: Int, seconds: Int, nanoseconds: Int, inode: UInt64) -> FileIdentity {
        var info = stat()
        info.st_size = off_t(size)
        info.st_ino = ino_t(inode)
        info.st_mode = S_IFREG | 0o644
        #if canImport(Darwin)
        info.st_mtimespec = timespec(tv_sec: seconds, tv_nsec: nanoseconds)
        #else
        info.st_mtim = timespec(tv_sec: seconds, tv_nsec: nanoseconds)
        #endif
        return FileIdentity(info)
    }

    /// Written digit by digit, it reads as the interpolated text did (the records of earlier builds stay valid):
    /// zeros, the largest values, times before 1970, nanoseconds without their leading zeros.
    @Test func recordTextIsSizeTimeAndInode() {
        let cases: [(Int, Int, Int, UInt64)] = [
            (0, 0, 0, 0), (7, 1_700_000_000, 5, 12), (18_194, 1_764_412_453, 575_255_969, 16_670_812),
            (Int.max, Int.max, 999_999_999, UInt64.max), (3, -86_400, 1, 1), (3, Int.min, 0, 9),
        ]
        for (size, seconds, nanoseconds, inode) in cases {
            let made = identity(size: size, seconds: seconds, nanoseconds: nanoseconds, inode: inode)
            #expect(made.recordText == "\(size) \(seconds).\(nanoseconds) \(inode)")
        }
    }

    /// A file on disk: its text says what `stat` says of it.
    @Test func recordTextOfAFileOnDisk() throws {
        let path = NSTemporaryDirectory() + "identity-\(UUID().uuidString)"
        try Data("twelve bytes".utf8).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        var info = stat()
        #expect(stat(path, &info) == 0)
        let found = try #require(FileIdentity(path: path))
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        #expect(found.recordText == "12 \(modified.tv_sec).\(modified.tv_nsec) \(info.st_ino)")
    }
}
