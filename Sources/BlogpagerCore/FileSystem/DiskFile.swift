import Foundation

/// The few file-system calls the build makes, each as cheap as it can be:
/// Foundation's conveniences `stat` every parent or `fsync` every file,
/// which costs seconds over the ten thousand files of a large build.
enum DiskFile {
    /// Writes beside the target, then renames over it: readers see the old
    /// file or the new one, never a part. `durable` also flushes the file and
    /// its folder to the disk, so a power cut keeps it too: for the build's
    /// own few records, not for the pages (the next build checks those).
    /// `temporary` names the file written first (default `temporaryPath(of:)`,
    /// which a build under the lock of its output may reuse).
    /// Gives what `stat` says of the file now in place: its last write set its size and
    /// time, and the rename keeps them and its inode (the build's records need no second
    /// look at every file it wrote, whose inodes the kernel may no longer hold by then).
    @discardableResult
    static func replace(_ path: String, with bytes: [UInt8], durable: Bool = false, temporary: String? = nil) throws -> FileIdentity {
        try replace(path, durable: durable, temporary: temporary) { write in try bytes.withUnsafeBytes(write) }
    }

    /// `replace(_:with:)` for bytes made as they are written: `produce` hands them to the
    /// function it is given, a run at a time (a record of gigabytes need not be one buffer).
    /// `dropsBehind`: for a file nothing reads again soon, its pages leave memory as they
    /// reach the disk (`WriteBehind`).
    @discardableResult
    static func replace(_ path: String, durable: Bool = false, temporary: String? = nil, dropsBehind: Bool = false,
                        producing produce: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws -> FileIdentity {
        let slash = path.lastIndex(of: "/")!
        let temporary = temporary ?? temporaryPath(of: path)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw POSIXError.current }
        var info = stat()
        do {
            var behind = dropsBehind ? WriteBehind(descriptor: descriptor) : nil
            try produce { bytes in
                try writeAll(bytes, to: descriptor)
                behind?.wrote(bytes.count)
            }
            if durable, fsync(descriptor) != 0 { throw POSIXError.current }
            guard fstat(descriptor, &info) == 0 else { throw POSIXError.current }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let error = POSIXError.current
            unlink(temporary)
            throw error
        }
        if durable { try syncFolder(String(path[..<slash])) }
        return FileIdentity(info)
    }

    /// Where `replace` writes before it renames: a killed build may leave it behind.
    static func temporaryPath(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return ".\(path)\(temporarySuffix)" }
        return String(path[...slash]) + ".\(path[path.index(after: slash)...])\(temporarySuffix)"
    }

    static let temporarySuffix = ".blogpager-tmp"

    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws {
        try bytes.withUnsafeBytes { try writeAll($0, to: descriptor) }
    }

    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws {
        var written = 0
        while written < bytes.count {
            let count = Foundation.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                throw POSIXError.current
            }
            written += count
        }
    }

    /// Puts a file's bytes on the disk (not its times: `fdatasync` where there is one).
    static func flushData(_ descriptor: Int32) throws {
        #if canImport(Darwin)
        guard fsync(descriptor) == 0 else { throw POSIXError.current }
        #else
        guard fdatasync(descriptor) == 0 else { throw POSIXError.current }
        #endif
    }

    /// Makes what a rename or an unlink in the folder did survive a power cut.
    static func syncFolder(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw POSIXError.current }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw POSIXError.current }
    }

    /// Makes a folder and any missing parents with one `mkdir` each; one that
    /// is already there is fine.
    static func makeFolder(_ path: String) throws {
        if mkdir(path, 0o755) == 0 || errno == EEXIST { return }
        guard errno == ENOENT, let slash = path.lastIndex(of: "/"), slash > path.startIndex else { throw POSIXError.current }
        try makeFolder(String(path[..<slash]))
        if mkdir(path, 0o755) != 0 && errno != EEXIST { throw POSIXError.current }
    }

    /// What the build will do with a file's cached pages.
    enum PageAdvice: Sendable {
        /// Read them soon: the kernel starts reading them now.
        case willNeed
        /// Done with them: dropped, those on the disk; a page not yet written has its write
        /// started and stays, so none is lost.
        case dontNeed
    }

    /// Tells the kernel (`posix_fadvise`) what the build will do with the pages of `range` of an
    /// open file, the whole file when nil; an empty range is nothing (`posix_fadvise` would take a
    /// length of 0 for the rest of the file). Where there is no such call (Darwin), nothing.
    static func advise(_ descriptor: Int32, _ range: Range<Int>?, _ advice: PageAdvice) {
        #if os(Linux)
        if let range, range.isEmpty { return }
        let code = switch advice {
        case .willNeed: POSIX_FADV_WILLNEED
        case .dontNeed: POSIX_FADV_DONTNEED
        }
        _ = posix_fadvise(descriptor, off_t(range?.lowerBound ?? 0), off_t(range?.count ?? 0), code)
        #endif
    }

    /// The same for the whole file at `path`; a file that cannot be opened is passed over.
    static func advise(_ path: String, _ advice: PageAdvice) {
        #if os(Linux)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        advise(descriptor, nil, advice)
        close(descriptor)
        #endif
    }

    /// At most the first `count` bytes of the file, or the system's reason it cannot be read:
    /// what a file opens with, without reading the rest (an image's megabytes).
    static func prefix(_ path: String, count: Int) throws(POSIXError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw POSIXError.current }
        defer { close(descriptor) }
        return try filled(count, from: descriptor)
    }

    /// The whole file, or the system's reason it cannot be read. Read straight into the array:
    /// through `Data` each byte was copied twice, with more calls to the system, and a build
    /// reads every source and its records this way.
    static func read(_ path: String) throws(POSIXError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw POSIXError.current }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw POSIXError.current }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw POSIXError((status.st_mode & S_IFMT) == S_IFDIR ? .EISDIR : .EINVAL)
        }
        // One more than the size: a file grown since `fstat` is then read to its end in chunks.
        let capacity = Int(status.st_size) + 1
        var bytes = try filled(capacity, from: descriptor)
        guard bytes.count == capacity else { return bytes }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let read = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress!, $0.count) }
            if read < 0, errno == EINTR { continue }
            if read < 0 { throw POSIXError.current }
            if read == 0 { return bytes }
            bytes += chunk[..<read]
        }
    }

    /// Up to `capacity` bytes read from `descriptor`, fewer where the file ends first.
    private static func filled(_ capacity: Int, from descriptor: Int32) throws(POSIXError) -> [UInt8] {
        var failure: POSIXError?
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            count = 0
            while count < capacity {
                let read = Foundation.read(descriptor, buffer.baseAddress! + count, capacity - count)
                if read < 0, errno == EINTR { continue }
                if read < 0 { failure = POSIXError.current }
                if read <= 0 { break }
                count += read
            }
        }
        if let failure { throw failure }
        return bytes
    }
}

extension POSIXError {
    /// The error `errno` names now.
    static var current: POSIXError { POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
}
