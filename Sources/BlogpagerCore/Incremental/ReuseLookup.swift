/// Which outputs of the last build this one may keep: those whose recorded
/// key is the key computed now, and whose file is still as written (the
/// files list's digest, the same size on disk, and not one a killed build was
/// writing). The disk is looked at once, when the lookup is made, before
/// anything renders (`Pending`: beside the reading and sorting of the entries);
/// `kept` is then a pure lookup, and rendering never touches the disk.
public struct ReuseLookup: Sendable {
    /// By slot name; a slot's name is its path, but for a fragment's (`RenderCache.Slot`).
    private let intact: [String: Recorded]
    /// What `stat` said of the intact files whose slot is named otherwise than their path.
    private let otherIdentities: [String: FileIdentity]

    private struct Recorded: Sendable {
        var key: String
        var file: KeptFile
        /// What `stat` said of it: for the record of this build's outputs
        /// (`BuildRecord.outputsDigest`), so a file the build does not write again is not looked at twice.
        var identity: FileIdentity
    }

    /// Looks up every recorded output on disk (one `stat` each, over every core).
    init(cache: RenderCache, digests: [String: String], interrupted: Set<String>, output: OutputFolder) {
        let found = output.withOpened { folder in cache.slots.parallelMap { slot -> Recorded? in
            guard let folder, digests[slot.path] == slot.digest, interrupted.isEmpty || !interrupted.contains(slot.path),
                  let dash = slot.digest.utf8.firstIndex(of: UInt8(ascii: "-")),
                  let size = Int(Substring(slot.digest.utf8[..<dash])),
                  let identity = FileIdentity(itemAt: slot.path, under: folder), identity.size == size,
                  let path = try? OutputPath(recorded: slot.path)
            else { return nil }
            return Recorded(key: slot.key, file: KeptFile(path: path, digest: slot.digest), identity: identity)
        } }
        // One map of every output (1.8 million at a million entries), by the slot's name, which is
        // its path for all but the fragments: those few also by path, for `identity(of:)`.
        var intact: [String: Recorded] = [:]
        var otherIdentities: [String: FileIdentity] = [:]
        intact.reserveCapacity(found.count)
        for (slot, recorded) in zip(cache.slots, found) {
            guard let recorded else { continue }
            intact[slot.name] = recorded
            if slot.name != slot.path { otherIdentities[slot.path] = recorded.identity }
        }
        self.intact = intact
        self.otherIdentities = otherIdentities
    }

    /// What `stat` said of the file at `path` when the lookup was made; nil if it was not looked at or not intact.
    func identity(of path: String) -> FileIdentity? {
        if let recorded = intact[path], recorded.file.path.string == path { return recorded.identity }
        return otherIdentities[path]
    }

    /// The file to keep for `slot`, if its key is unchanged and its file intact.
    func kept(_ slot: String, key: String) -> KeptFile? {
        guard let recorded = intact[slot], recorded.key == key else { return nil }
        return recorded.file
    }

    /// A lookup being made on a thread of its own (one `stat` for each of the last build's
    /// outputs: 18,000 at 10,000 entries, a sixth of a rebuild's time on 2 cores), started as
    /// soon as the records are read; the build reads and sorts its entries, and keys its
    /// pages, beside it, and waits for it only where it asks which are kept.
    public struct Pending: Sendable {
        /// The generation (`RenderKeys.generation`) the recorded keys were made under, known at
        /// once from the render cache: a lookup of another generation keeps nothing and is not waited for.
        let generation: String
        private let made: BackgroundValue<ReuseLookup>

        init(cache: RenderCache, digests: [String: String], interrupted: Set<String>, output: OutputFolder) {
            generation = cache.generation
            made = BackgroundValue { ReuseLookup(cache: cache, digests: digests, interrupted: interrupted, output: output) }
        }

        /// The lookup, once made.
        var lookup: ReuseLookup { made.value }

        /// Nil when the outputs were made under another generation: then nothing is kept.
        func matching(generation: String) -> Pending? {
            self.generation == generation ? self : nil
        }
    }
}
