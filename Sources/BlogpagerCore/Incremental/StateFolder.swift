import Foundation

/// `out/.blogpager/`: what a build keeps about its output folder, and the
/// only code that reads or writes there.
///
/// - `manifest.json` marks `out/` as blogpager's (the same bytes in every folder);
/// - `files` lists our files with a digest of each (`OutputManifest`);
/// - `last-build`, `render-cache`, `static-files`, `entry-cache` and `highlight-cache` let a rebuild skip work,
///   and `python` (`PythonFingerprint`) starting Python when no code block needs it;
/// - `journal` lists what a build is about to write: there only while a build
///   writes, or after one was killed, so the next one knows those files are its own;
/// - `lock` is held by the build that runs (`BuildLock`).
///
/// All but the marker are lines in one format (`RecordText`). The records a
/// build must not lose to a power cut are written durably.
struct StateFolder: Sendable {
    static let name = ".blogpager"

    enum Record: String, CaseIterable, Sendable {
        case marker = "manifest.json"
        case files
        case lastBuild = "last-build"
        case renderCache = "render-cache"
        case staticFiles = "static-files"
        case entryCache = "entry-cache"
        case highlightCache = "highlight-cache"
        case python
        case journal
        case lock
    }

    let output: OutputFolder

    var path: String { output.path(ofRecorded: Self.name) }

    func path(of record: Record) -> String {
        output.path(ofRecorded: "\(Self.name)/\(record.rawValue)")
    }

    var exists: Bool { FileIdentity(itemAt: path)?.isFolder == true }

    func contains(_ record: Record) -> Bool {
        FileIdentity(itemAt: path(of: record)) != nil
    }

    func read(_ record: Record) -> [UInt8]? {
        DiskFile.contents(path(of: record))
    }

    /// A record mapped from its file (`RecordBytes`), for one read for a few of its parts.
    func map(_ record: Record) -> RecordBytes? {
        RecordBytes(mapping: path(of: record))
    }

    /// Replaces a record whole and durably: after a crash or a power cut it is the old one or the new one.
    func replace(_ record: Record, with bytes: [UInt8]) throws {
        try replace(record) { write in try bytes.withUnsafeBytes(write) }
    }

    /// `replace(_:with:)` for a record made as it is written (`DiskFile.replace(_:producing:)`).
    func replace(_ record: Record, producing produce: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        try DiskFile.makeFolder(path)
        try DiskFile.replace(path(of: record), durable: true, producing: produce)
    }

    /// Writes `bytes` into a record at `offset`, and ends it there: for a record whose
    /// blocks carry their own lengths (the highlight cache), where a write cut short
    /// leaves a last block that its reader passes over and the next write replaces.
    /// Not flushed: it is a cache, and a block lost is work done again.
    func extend(_ record: Record, at offset: Int, with bytes: [UInt8]) throws {
        let descriptor = open(path(of: record), O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw POSIXError.current }
        defer { close(descriptor) }
        guard ftruncate(descriptor, off_t(offset)) == 0, lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else { throw POSIXError.current }
        try DiskFile.writeAll(bytes, to: descriptor)
    }

    func remove(_ record: Record) {
        unlink(path(of: record))
    }

    /// What a killed build may have left here besides the records: a record's temporary
    /// file (`DiskFile.temporaryPath`) and a spill file caught between its `open` and its
    /// `unlink`. Only as the lock is taken (`BuildLock`), before this build makes any of its own.
    func removeLeftovers() {
        for name in FolderListing.names(in: path) ?? [] where name.hasPrefix(".") {
            let isSpill = name.hasPrefix(SpillFile.namePrefix) && name.hasSuffix(SpillFile.nameSuffix)
            if isSpill || name.hasSuffix(DiskFile.temporarySuffix) { unlink(path + "/" + name) }
        }
    }

    // MARK: The journal

    private static let journalFormat = RecordText(kind: "journal", version: 1)

    /// Records that these paths are about to be written, before any of them
    /// is: whatever happens next, the next build takes them for its own. On
    /// the disk before this returns, so not even a power cut loses it.
    func journal(_ paths: [String]) throws {
        guard !paths.isEmpty else { return }
        try DiskFile.makeFolder(path)
        var descriptor = open(path(of: .journal), O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        let created = descriptor >= 0
        if !created {
            guard errno == EEXIST else { throw POSIXError.current }
            descriptor = open(path(of: .journal), O_WRONLY | O_APPEND | O_CLOEXEC)
            guard descriptor >= 0 else { throw POSIXError.current }
        }
        defer { close(descriptor) }
        var bytes = created ? Self.journalFormat.header() : []
        bytes.reserveCapacity(bytes.count + paths.count * 48)
        for path in paths {
            bytes += path.utf8
            bytes.append(0x0A)
        }
        do {
            // One write: a kill cannot cut it, and a line cut short is left out when read.
            try DiskFile.writeAll(bytes, to: descriptor)
            try DiskFile.flushData(descriptor)
            if created { try DiskFile.syncFolder(path) }
        } catch {
            // Nothing of this batch is written: a journal made for it goes (one with lines stays, cut lines and all).
            if created { unlink(path(of: .journal)) }
            throw error
        }
    }

    /// The paths a build that did not finish may have written (none after a finished one).
    func interruptedWrites() -> [String] {
        guard let bytes = read(.journal) else { return [] }
        // A journal cut before its header was complete names nothing written.
        guard let (_, lines) = Self.journalFormat.parse(bytes) else { return [] }
        return lines.compactMap { line in
            (try? OutputPath(recorded: RecordText.string(line)))?.string
        }
    }

    /// Once the files list names everything written, the journal has nothing left to say.
    func clearJournal() throws {
        guard unlink(path(of: .journal)) == 0 || errno == ENOENT else { throw POSIXError.current }
        try DiskFile.syncFolder(path)
    }
}
