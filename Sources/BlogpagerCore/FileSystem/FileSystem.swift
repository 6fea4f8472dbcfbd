import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Every file the core reads or writes goes through this one value: the disk (`DiskFile`,
/// `FolderWalk`, `FolderListing` and `RecordBytes` are how it does so), or a tree held in
/// memory (`memory()`), where tests build whole sites, records and all. Passed in by who makes
/// a build, never reached for: nothing in the core names the disk on its own.
public struct FileSystem: Sendable, Hashable {
    enum Backing: Sendable, Hashable {
        case disk
        case memory(MemoryFiles)

        static func == (left: Backing, right: Backing) -> Bool {
            switch (left, right) {
            case (.disk, .disk): true
            case (.memory(let a), .memory(let b)): a === b
            default: false
            }
        }

        func hash(into hasher: inout Hasher) {
            switch self {
            case .disk: hasher.combine(0)
            case .memory(let files): hasher.combine(ObjectIdentifier(files))
            }
        }
    }

    let backing: Backing

    /// The machine's own files.
    public static let disk = FileSystem(backing: .disk)

    /// A new, empty tree in memory (only `/`).
    public static func memory() -> FileSystem {
        FileSystem(backing: .memory(MemoryFiles()))
    }

    /// Makes a file or folder of a tree in memory refuse to be read or listed (`MemoryFiles.refuseReading`); nothing on the disk.
    func refuseReading(_ path: String) {
        if case .memory(let files) = backing { files.refuseReading(path) }
    }

    /// How many times a file of a tree in memory was read (`MemoryFiles.readCount`); nil on the disk, which keeps no count.
    func readCount(of path: String) -> Int? {
        if case .memory(let files) = backing { files.readCount(of: path) } else { nil }
    }

    /// Whether this is the disk: the tactics of a large build (`BuildExecution`) need its pages.
    public var isDisk: Bool {
        if case .disk = backing { true } else { false }
    }

    // MARK: Reading

    /// The whole file, or the system's reason it cannot be read.
    public func read(_ path: String) throws(POSIXError) -> [UInt8] {
        switch backing {
        case .disk: try DiskFile.read(path)
        case .memory(let files): try files.read(path)
        }
    }

    /// At most the first `count` bytes of a file: what it opens with, without the rest.
    func prefix(_ path: String, count: Int) throws(POSIXError) -> [UInt8] {
        switch backing {
        case .disk: try DiskFile.prefix(path, count: count)
        case .memory(let files): Array(try files.read(path).prefix(count))
        }
    }

    /// Whatever is at `path`, a file or a folder (following links); nil when nothing is there.
    public func item(at path: String) -> FileIdentity? {
        switch backing {
        case .disk: FileIdentity(itemAt: path)
        case .memory(let files): files.identity(of: path)
        }
    }

    /// The regular file at `path`; nil for a folder, anything else, or nothing.
    public func file(at path: String) -> FileIdentity? {
        guard let identity = item(at: path), !identity.isFolder, identity.isRegular else { return nil }
        return identity
    }

    /// Whether a folder is at `path`.
    public func isFolder(_ path: String) -> Bool {
        item(at: path)?.isFolder == true
    }

    /// The names in a folder (`.` and `..` left out), in the order the system gives them.
    public func names(in folder: String) throws(POSIXError) -> [String] {
        switch backing {
        case .disk:
            guard let names = FolderListing.names(in: folder) else { throw POSIXError.current }
            return names.filter { $0 != "." && $0 != ".." }
        case .memory(let files):
            return try files.names(in: folder)
        }
    }

    // MARK: Probes

    /// A probe for something optional (a folder of collections, a config's parts, an old record):
    /// the names in a folder, or nil where there is none to list, for a caller to whom such a
    /// folder holds nothing. Where a folder that cannot be listed is the user's problem, the scan
    /// of the content reports it; callers that must say why use `names(in:)`.
    func probeNames(in folder: String) -> [String]? {
        do { return try names(in: folder) } catch { return nil }
    }

    /// A probe for an optional file (a record of the last build, a config read before the config
    /// is loaded, which reports its own errors): its bytes, or nil where it cannot be read.
    func probeRead(_ path: String) -> [UInt8]? {
        do { return try read(path) } catch { return nil }
    }

    /// Everything below a folder, hidden names left out (`FolderWalk`).
    func walk(_ folder: String, skipping: FolderWalk.Skipping = FolderWalk.Skipping()) -> FolderWalk {
        FolderWalk(folder, skipping: skipping, in: self)
    }

    /// Whether the file holds exactly `bytes`; one that cannot be read does not, and is written again.
    func hasSameBytes(_ path: String, _ bytes: [UInt8]) -> Bool {
        guard item(at: path)?.size == bytes.count, let existing = probeRead(path) else { return false }
        return existing == bytes
    }

    /// A record's bytes, mapped from its file on the disk; nil when there is none, it is empty, or it
    /// cannot be read (a record is a saving: the build does the work it would have saved).
    func map(_ path: String) -> RecordBytes? {
        switch backing {
        case .disk: return RecordBytes(mapping: path)
        case .memory:
            guard let bytes = probeRead(path), !bytes.isEmpty else { return nil }
            return RecordBytes(bytes)
        }
    }

    /// `path` with links and `..` resolved, as far as it exists (a folder's own name for it).
    public func resolve(_ path: String) -> String {
        switch backing {
        case .disk: return OutputFolder.resolve(path)
        case .memory: return MemoryFiles.normalized(path)
        }
    }

    /// A folder opened once, for the tens of thousands of `item(at:in:)` a rebuild asks below it.
    struct OpenedFolder {
        fileprivate let descriptor: Int32?
        fileprivate let path: String
    }

    /// `body` with the folder opened (nil descriptor where it cannot be: `item(at:in:)` then finds nothing).
    func withOpened<Result>(_ folder: String, _ body: (OpenedFolder?) throws -> Result) rethrows -> Result {
        switch backing {
        case .disk:
            let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            defer { if descriptor >= 0 { close(descriptor) } }
            return try body(descriptor >= 0 ? OpenedFolder(descriptor: descriptor, path: folder) : nil)
        case .memory:
            return try body(isFolder(folder) ? OpenedFolder(descriptor: nil, path: folder) : nil)
        }
    }

    /// Whatever is at `relative` below an opened folder (following links).
    func item(at relative: String, in folder: OpenedFolder) -> FileIdentity? {
        if let descriptor = folder.descriptor { return FileIdentity(itemAt: relative, under: descriptor) }
        return item(at: LocalPath.joined(folder.path, relative))
    }

    // MARK: Writing

    /// Writes beside the target and renames over it (`DiskFile.replace`); gives the file's identity now.
    @discardableResult
    func replace(_ path: String, with bytes: [UInt8], durable: Bool = false, temporary: String? = nil) throws -> FileIdentity {
        switch backing {
        case .disk: try DiskFile.replace(path, with: bytes, durable: durable, temporary: temporary)
        case .memory(let files): try files.write(path, bytes)
        }
    }

    /// The same for bytes made as they are written (`DiskFile.replace(_:producing:)`).
    @discardableResult
    func replace(_ path: String, durable: Bool = false, temporary: String? = nil, dropsBehind: Bool = false,
                 producing produce: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws -> FileIdentity {
        switch backing {
        case .disk:
            return try DiskFile.replace(path, durable: durable, temporary: temporary, dropsBehind: dropsBehind, producing: produce)
        case .memory(let files):
            var bytes: [UInt8] = []
            try produce { bytes += $0 }
            return try files.write(path, bytes)
        }
    }

    /// Makes a folder and any missing parents; one that is there is fine.
    func makeFolder(_ path: String) throws {
        switch backing {
        case .disk: try DiskFile.makeFolder(path)
        case .memory(let files): try files.makeFolder(path)
        }
    }

    /// Removes a file; false when it was not there or could not be removed.
    @discardableResult
    func remove(_ path: String) -> Bool {
        switch backing {
        case .disk: unlink(path) == 0
        case .memory(let files): files.remove(path)
        }
    }

    /// Removes an empty folder; false when it is not there or not empty.
    @discardableResult
    func removeFolder(_ path: String) -> Bool {
        switch backing {
        case .disk: rmdir(path) == 0
        case .memory(let files): files.removeFolder(path)
        }
    }

    /// Removes a folder and everything in it, or a file; nothing there is fine.
    func removeTree(_ path: String) throws {
        switch backing {
        case .disk:
            guard FileIdentity(itemAt: path) != nil else { return }
            try FileManager.default.removeItem(atPath: path)
        case .memory(let files):
            files.removeTree(path)
        }
    }

    /// Appends `bytes` to a file and puts them on the disk before it returns; where the file is
    /// new, `header` goes first and the folder is flushed too. A new file whose write fails is removed.
    func appendDurably(_ path: String, header: [UInt8], _ bytes: [UInt8]) throws {
        switch backing {
        case .disk:
            var descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            let created = descriptor >= 0
            if !created {
                guard errno == EEXIST else { throw POSIXError.current }
                descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
                guard descriptor >= 0 else { throw POSIXError.current }
            }
            defer { close(descriptor) }
            do {
                // One write: a kill cannot cut it, and a line cut short is left out when read.
                try DiskFile.writeAll(created ? header + bytes : bytes, to: descriptor)
                try DiskFile.flushData(descriptor)
                if created, let slash = path.lastIndex(of: "/") { try DiskFile.syncFolder(String(path[..<slash])) }
            } catch {
                if created { unlink(path) }
                throw error
            }
        case .memory(let files):
            let exists = files.identity(of: path) != nil
            _ = try files.append(path, exists ? bytes : header + bytes, creating: true)
        }
    }

    /// Writes `bytes` into a file at `offset`, and ends it there (not flushed: for a cache).
    func extend(_ path: String, at offset: Int, with bytes: [UInt8]) throws {
        switch backing {
        case .disk:
            let descriptor = open(path, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw POSIXError.current }
            defer { close(descriptor) }
            guard ftruncate(descriptor, off_t(offset)) == 0, lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else { throw POSIXError.current }
            try DiskFile.writeAll(bytes, to: descriptor)
        case .memory(let files):
            try files.extend(path, at: offset, with: bytes)
        }
    }

    /// Makes what a rename or an unlink in the folder did survive a power cut.
    func syncFolder(_ path: String) throws {
        if case .disk = backing { try DiskFile.syncFolder(path) }
    }

    /// Tells the kernel what the build will do with a file's cached pages; nothing in memory.
    func advise(_ path: String, _ advice: DiskFile.PageAdvice) {
        if case .disk = backing { DiskFile.advise(path, advice) }
    }
}
