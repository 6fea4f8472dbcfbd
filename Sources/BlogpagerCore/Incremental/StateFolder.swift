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

    var files: FileSystem { output.files }

    var exists: Bool { files.isFolder(path) }

    func contains(_ record: Record) -> Bool {
        files.item(at: path(of: record)) != nil
    }

    /// A record's bytes; nil where there is none, or it cannot be read: a record is a saving, and
    /// one not read is work the build does again (each record's reader says so where it matters).
    func read(_ record: Record) -> [UInt8]? {
        files.probeRead(path(of: record))
    }

    /// The warning for a record that is there but cannot be read (`RecordText.isDamaged`), at the
    /// line where it goes wrong where that is known: the build does the work it would have saved.
    func damaged(_ record: Record, line: Int? = nil) -> Diagnostic {
        .warning(at: SourceLocation(path: "\(output.shown)/\(Self.name)/\(record.rawValue)", line: line ?? 1),
                 "this record of the last build is damaged and is not read; this build does again the work it would have saved")
    }

    /// A record mapped from its file (`RecordBytes`), for one read for a few of its parts.
    func map(_ record: Record) -> RecordBytes? {
        files.map(path(of: record))
    }

    /// Replaces a record whole and durably: after a crash or a power cut it is the old one or the new one.
    func replace(_ record: Record, with bytes: [UInt8]) throws {
        try replace(record) { write in try bytes.withUnsafeBytes(write) }
    }

    /// `replace(_:with:)` for a record made as it is written (`DiskFile.replace(_:producing:)`).
    func replace(_ record: Record, producing produce: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        try files.makeFolder(path)
        try files.replace(path(of: record), durable: true, producing: produce)
    }

    /// Writes `bytes` into a record at `offset`, and ends it there: for a record whose
    /// blocks carry their own lengths (the highlight cache), where a write cut short
    /// leaves a last block that its reader passes over and the next write replaces.
    /// Not flushed: it is a cache, and a block lost is work done again.
    func extend(_ record: Record, at offset: Int, with bytes: [UInt8]) throws {
        try files.extend(path(of: record), at: offset, with: bytes)
    }

    func remove(_ record: Record) {
        files.remove(path(of: record))
    }

    /// What a killed build may have left here besides the records: a record's temporary
    /// file (`DiskFile.temporaryPath`) and a spill file caught between its `open` and its
    /// `unlink`. Only as the lock is taken (`BuildLock`), before this build makes any of its own.
    func removeLeftovers() {
        // A folder that cannot be listed holds nothing we could remove.
        for name in files.probeNames(in: path) ?? [] where name.hasPrefix(".") {
            let isSpill = name.hasPrefix(SpillFile.namePrefix) && name.hasSuffix(SpillFile.nameSuffix)
            if isSpill || name.hasSuffix(DiskFile.temporarySuffix) { files.remove(LocalPath.joined(path, name)) }
        }
    }

    // MARK: The journal

    private static let journalFormat = RecordText(kind: "journal", version: 1)

    /// Records that these paths are about to be written, before any of them
    /// is: whatever happens next, the next build takes them for its own. On
    /// the disk before this returns, so not even a power cut loses it.
    func journal(_ paths: [String]) throws {
        guard !paths.isEmpty else { return }
        try files.makeFolder(path)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(paths.count * 48)
        for path in paths {
            bytes += path.utf8
            bytes.append(0x0A)
        }
        // A journal made for a batch that failed goes (one with lines stays, cut lines and all).
        try files.appendDurably(path(of: .journal), header: Self.journalFormat.header(), bytes)
    }

    /// The paths a build that did not finish may have written (none after a finished one).
    func interruptedWrites() -> [String] {
        guard let bytes = read(.journal) else { return [] }
        // A journal cut before its header was complete names nothing written.
        guard let (_, lines) = Self.journalFormat.parse(bytes) else { return [] }
        // A line that names no path below `out/` (cut by a kill, or not ours) names no file we wrote.
        return lines.compactMap { line in
            OutputPath.ifValid(recorded: RecordText.string(line))?.string
        }
    }

    /// Once the files list names everything written, the journal has nothing left to say.
    func clearJournal() throws {
        if !files.remove(path(of: .journal)), contains(.journal) { throw POSIXError.current }
        try files.syncFolder(path)
    }
}
