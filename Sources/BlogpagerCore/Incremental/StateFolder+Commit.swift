/// The incremental commit: what a finished build leaves for the next one.
extension StateFolder {
    /// What a finished build records.
    struct Records: Sendable {
        var manifest: OutputManifest
        var lastBuild: BuildRecord?
        var renderCache: RenderCache?
        /// Nil when it is as the last build left it (nothing read, nothing gone).
        var entryCache: EntryCache?
        /// Nil when it did not change.
        var highlightCache: HighlightCacheChange? = nil
        /// The Python this build started, when it did; `forgetsPython`: the kept one proved wrong.
        var python: PythonFingerprint? = nil
        var forgetsPython = false
    }

    /// Before a build's first write: until the new records are in, none may
    /// vouch for `out/`. (The journal already says which files are in doubt;
    /// this keeps the records from speaking for a folder in the middle of a change.)
    func invalidate() {
        remove(.lastBuild)
        remove(.renderCache)
    }

    /// The list of our files first, then the journal goes (the list now names
    /// all it did), then the records that let the next build skip work. Every
    /// site file is already in place: a record that cannot be written is a
    /// warning, never a failed build, and the next build does the work it saves.
    func commit(_ records: Records) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        do {
            try records.manifest.write(in: self)
            try clearJournal()
        } catch {
            // The journal stays: the next build still knows every file this one wrote.
            warnings.append(warning(.files, error, "the next build checks every file again"))
        }
        // Encoded side by side (each sorts and copies megabytes at 10,000 entries); nil removes a record.
        // The entry cache first and alone: it spreads its own lines over the cores, which it cannot do inside another's spread.
        var encoded: [(Record, [UInt8]?)] = []
        if let entryCache = records.entryCache { encoded.append((.entryCache, entryCache.bytes())) }
        var encoders: [(Record, @Sendable () -> [UInt8]?)] = [
            (.renderCache, { records.renderCache?.bytes() }), (.lastBuild, { records.lastBuild?.bytes() })]
        if case .replace(let highlightCache) = records.highlightCache { encoders.append((.highlightCache, { highlightCache.encoded() })) }
        // Written only when it says something new: a rebuild that started Python on the same one leaves it.
        if let python = records.python?.encoded(), read(.python) != python { encoders.append((.python, { python })) }
        if records.forgetsPython { remove(.python) }
        encoded += zip(encoders.map(\.0), encoders.parallelMap { $0.1() })
        for (record, bytes) in encoded {
            do {
                guard let bytes else {
                    remove(record)
                    continue
                }
                try replace(record, with: bytes)
            } catch {
                remove(record)
                warnings.append(warning(record, error, "the next build will be a full one"))
            }
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
        do {
            try manifest.write(in: self)
            try clearJournal()
        } catch {
            return
        }
    }

    private func warning(_ record: Record, _ error: any Error, _ consequence: String) -> Diagnostic {
        .warning(at: SourceLocation(path: "\(output.shown)/\(Self.name)/\(record.rawValue)"),
                 "could not write this record (\(ContentScanner.reason(error))); the site is complete, and \(consequence)")
    }
}
