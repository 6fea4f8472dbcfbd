#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of a record read back: mapped from its file, or held in memory. A rebuild looks
/// up a few blocks of the last build's highlight cache, which grows with the archive; mapped,
/// the file is neither copied nor laid into fresh memory, page by page, to be read once. Only ever read: the build that maps a record replaces it by a rename, or
/// extends it past the last byte it reads (`StateFolder.extend`).
public final class RecordBytes: Sendable {
    /// Where the mapping starts; 0 for bytes held in memory.
    private let address: UInt
    public let count: Int
    private let held: [UInt8]

    public init(_ bytes: [UInt8]) {
        address = 0
        count = bytes.count
        held = bytes
    }

    /// The file at `path`, mapped read-only (read into memory where it cannot be mapped, as on
    /// some network file systems); nil when there is none, or it is empty.
    public init?(mapping path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 else { return nil }
        guard let region = mmap(nil, Int(info.st_size), PROT_READ, MAP_PRIVATE, descriptor, 0),
              region != UnsafeMutableRawPointer(bitPattern: -1) else {
            // Neither mapped nor read: no record, as for one not there (the build does the work it would have saved).
            guard let bytes = try? DiskFile.read(path), !bytes.isEmpty else { return nil }
            address = 0
            count = bytes.count
            held = bytes
            return
        }
        address = UInt(bitPattern: region)
        count = Int(info.st_size)
        held = []
    }

    deinit {
        if address != 0 { munmap(UnsafeMutableRawPointer(bitPattern: address), count) }
    }

    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        guard address != 0 else { return try held.withUnsafeBytes(body) }
        return try body(UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: address), count: count))
    }

    /// How many bytes a walk over a mapped record reads before it hands its pages back
    /// (`releasePages(before:)`): few calls, and a few tens of megabytes resident at most.
    static let releaseInterval = 32 << 20

    /// Hands the mapped pages wholly before `offset` back to the kernel: a walk over a record
    /// of gigabytes (a huge archive's highlight cache) reads each page once, and
    /// would otherwise keep them all resident to the end of the build. A page read again is
    /// read again from the file (the page cache): the mapping is private and never written.
    /// Nothing for bytes held in memory.
    func releasePages(before offset: Int) {
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let length = min(offset, count) / pageSize * pageSize
        guard address != 0, length > 0 else { return }
        _ = madvise(UnsafeMutableRawPointer(bitPattern: address), length, MADV_DONTNEED)
    }

    /// The bytes of `range` as UTF-8 text.
    func text(_ range: Range<Int>) -> String {
        withUnsafeBytes { String(decoding: UnsafeRawBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }
}
