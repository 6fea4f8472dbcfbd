import Foundation

/// The incremental commit: what a finished build leaves for the next one.
extension StateFolder {
    /// What a finished build records once it has removed what it no longer makes, besides the
    /// list of its files (`startListing`).
    struct Records: Sendable {
        var lastBuild: BuildRecord?
        /// Nil when it did not change.
        var highlightCache: HighlightCacheChange? = nil
        /// The Python this build started, when it did; `forgetsPython`: the kept one proved wrong.
        var python: PythonFingerprint? = nil
        var forgetsPython = false
    }

    /// The records that vouch for no file on their own: the render cache and the static files'
    /// record keep a file only when the files list gives it the same digest, and the entry cache
    /// speaks of sources. They are written as soon as every site file is in place (`startWriting`),
    /// beside the removal of what the build no longer makes and the digest of its outputs.
    struct EarlyRecords: Sendable {
        var renderCache: RenderCache.Made?
        var staticFiles: StaticFileCache.Made? = nil
        /// Nil when it is as the last build left it (nothing read, nothing gone).
        var entryCache: EntryCache?
    }

    /// Records being written: where the execution says so (`BuildExecution.writesRecordsBeside`),
    /// each on a thread of its own (`BackgroundValue`), as their flushes then overlap beside the
    /// rest of the build; else one after the other, at once.
    struct PendingRecords: Sendable {
        private enum Write: Sendable {
            case running(BackgroundValue<(any Error)?>)
            case done((any Error)?)
        }

        private let writes: [(Record, Write)]

        fileprivate init(_ writers: [(Record, @Sendable () -> (any Error)?)], beside: Bool) {
            writes = writers.map { record, writer in (record, beside ? .running(BackgroundValue(writer)) : .done(writer())) }
        }

        /// Once every one is written: what each writer said, in the order they were given, so the
        /// same failures give the same warnings.
        fileprivate func results() -> [(Record, (any Error)?)] {
            writes.map { record, write in
                switch write {
                case .running(let value): (record, value.value)
                case .done(let error): (record, error)
                }
            }
        }
    }

    /// Starts writing `records` (`EarlyRecords`).
    func startWriting(_ records: EarlyRecords, execution: any BuildExecution) -> PendingRecords {
        // Each record is written as it is encoded, in runs (`RecordText.hand`): a huge archive's
        // are gigabytes, which were in memory beside the build's own.
        var writers: [(Record, @Sendable () -> (any Error)?)] = [
            (.renderCache, { [self] in write(.renderCache, records.renderCache.map { made in { try made.encode($0) } }) }),
            (.staticFiles, { [self] in write(.staticFiles, records.staticFiles.map { made in { try made.encode($0) } }) })]
        if let entryCache = records.entryCache {
            writers.append((.entryCache, { [self] in write(.entryCache, entryCache.hasKey ? { try entryCache.encode($0) } : nil) }))
        }
        return PendingRecords(writers, beside: execution.writesRecordsBeside)
    }

    /// Starts writing the list of our files, then removing the journal (the list now names all it
    /// did), on a thread of its own, as soon as the build has removed what it no longer makes: the
    /// digest of the outputs and the other records are made beside it. The list is made and sorted
    /// there too: it waits for no other record.
    func startListing(execution: any BuildExecution, _ manifest: @escaping @Sendable () -> OutputManifest) -> PendingRecords {
        PendingRecords([(.files, { [self] in
            do {
                try list(manifest())
                return nil
            } catch {
                return error
            }
        })], beside: execution.writesRecordsBeside)
    }

    /// The list of our files, then the journal goes: the list now names every file it did.
    private func list(_ manifest: OutputManifest) throws {
        try manifest.write(in: self)
        try clearJournal()
    }

    /// Before a build's first write: until the new records are in, none may
    /// vouch for `out/`. (The journal already says which files are in doubt;
    /// this keeps the records from speaking for a folder in the middle of a change.)
    func invalidate() {
        remove(.lastBuild)
        remove(.renderCache)
        remove(.staticFiles)
    }

    /// The records that let the next build skip work, which vouch for no file while the journal
    /// names it (`ReuseLookup`, `PreviousBuild.unchanged`) and were removed before the first write
    /// (`invalidate`), written beside the list of our files (`startListing`); then the wait for
    /// the list and the early records (`startWriting`). Every site file is already in place: a
    /// record that cannot be written is a warning, never a failed build, and the next build
    /// does the work it saves.
    func commit(_ records: Records, listing: PendingRecords, besides early: PendingRecords?, execution: any BuildExecution) -> [Diagnostic] {
        var writers: [(Record, @Sendable () -> (any Error)?)] = [
            (.lastBuild, { [self] in write(.lastBuild, records.lastBuild.map { record in { try record.encode($0) } }) })]
        if case .replace(let highlightCache) = records.highlightCache {
            writers.append((.highlightCache, { [self] in write(.highlightCache) { try highlightCache.encode($0) } }))
        }
        // Written only when it says something new: a rebuild that started Python on the same one leaves it.
        if let python = records.python?.encoded(), read(.python) != python {
            writers.append((.python, { [self] in write(.python) { write in try python.withUnsafeBytes(write) } }))
        }
        if records.forgetsPython { remove(.python) }
        let others = PendingRecords(writers, beside: execution.writesRecordsBeside)
        var warnings: [Diagnostic] = []
        let written = listing.results() + (early?.results() ?? []) + others.results()
        for case let (record, error?) in written {
            let consequence = switch record {
            // The journal stays: the next build still knows every file this one wrote.
            case .files: "the next build checks every file again"
            case .highlightCache: "the next build will highlight its code again"
            default: "the next build will be a full one"
            }
            warnings.append(warning(record, error, consequence))
        }
        if case .append(let blocks, let end) = records.highlightCache {
            do {
                try extend(.highlightCache, at: end, with: blocks)
            } catch {
                remove(.highlightCache)
                warnings.append(warning(.highlightCache, error, "the next build will highlight its code again"))
            }
        }
        return warnings
    }

    /// After a build that stopped part-way: the list of our files names what it
    /// wrote too, so the next build need not compare their bytes. If even that
    /// fails, the journal still names them.
    func commitPartial(_ manifest: OutputManifest) {
        try? list(manifest)
    }

    /// Replaces a record with what `produce` makes as it is written (nil: there is none, and the
    /// old one goes); the error when it could not be written, and then no record is left to speak
    /// for the folder.
    private func write(_ record: Record, _ produce: (((UnsafeRawBufferPointer) throws -> Void) throws -> Void)?) -> (any Error)? {
        guard let produce else {
            remove(record)
            return nil
        }
        do {
            try replace(record, producing: produce)
            return nil
        } catch {
            remove(record)
            return error
        }
    }

    private func warning(_ record: Record, _ error: any Error, _ consequence: String) -> Diagnostic {
        .warning(at: SourceLocation(path: "\(output.shown)/\(Self.name)/\(record.rawValue)"),
                 "could not write this record (\(SystemErrorText.reason(error))); the site is complete, and \(consequence)")
    }
}
