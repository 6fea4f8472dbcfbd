/// Which outputs of the last build this one may keep: those whose recorded
/// key is the key computed now, and whose file is still as written (the
/// files list's digest, the same size on disk, and not one a killed build was
/// writing). The disk is looked at once, when the lookup is made, before
/// anything renders (`Pending`: beside the reading and sorting of the entries);
/// `kept` is then a pure lookup, and rendering never touches the disk.
public struct ReuseLookup: Sendable {
    /// Where in `recorded` each intact output is, by slot name; a slot's name is its path, but
    /// for a fragment's (`RenderCache.Slot`). A map of places, not of the records themselves:
    /// its table has room for twice as many as it holds (about two for each entry), and a
    /// record in each of its slots made it many times larger.
    private let places: [String: Int32]
    /// Each slot's record as the lookup found it, in the render cache's order; nil where its file is not intact.
    private let recorded: [Recorded?]
    /// What `stat` said of the intact files whose slot is named otherwise than their path.
    private let otherIdentities: [String: FileIdentity]

    private struct Recorded: Sendable {
        var key: String
        var file: KeptFile
        /// What `stat` said of it: for the record of this build's outputs
        /// (`BuildRecord.outputsDigest`), so a file the build does not write again is not looked at twice.
        var identity: FileIdentity
    }

    /// Looks up every recorded output on disk (one `stat` each, many in flight: see `parallelMapWaitingOnDisk`).
    init(cache: RenderCache, digests: [String: String], interrupted: Set<String>, output: OutputFolder, execution: any BuildExecution) {
        let found = output.withOpened { folder in execution.statEach(cache.slots) { slot -> Recorded? in
            guard let folder, let listed = digests.index(forKey: slot.path), digests[listed].value == slot.digest,
                  interrupted.isEmpty || !interrupted.contains(slot.path),
                  let dash = slot.digest.utf8.firstIndex(of: UInt8(ascii: "-")),
                  let size = Int(Substring(slot.digest.utf8[..<dash])),
                  let identity = output.files.item(at: slot.path, in: folder), identity.size == size,
                  // The files list's own strings of the path and digest: the render cache's copies go with it.
                  // A path that is no longer one below `out/` keeps nothing: its output is made again.
                  let path = OutputPath.ifValid(recorded: digests[listed].key)
            else { return nil }
            return Recorded(key: slot.key, file: KeptFile(path: path, digest: digests[listed].value), identity: identity)
        } }
        var places: [String: Int32] = [:]
        var otherIdentities: [String: FileIdentity] = [:]
        places.reserveCapacity(found.count)
        for (place, (slot, intact)) in zip(cache.slots, found).enumerated() {
            guard let intact else { continue }
            let namedByPath = slot.name == slot.path
            places[namedByPath ? intact.file.path.string : slot.name] = Int32(place)
            if !namedByPath { otherIdentities[intact.file.path.string] = intact.identity }
        }
        self.places = places
        // Kept as found, gaps and all: a compacted copy would stand beside it while it was made.
        recorded = found
        self.otherIdentities = otherIdentities
    }

    /// What `stat` said of the file at `path` when the lookup was made; nil if it was not looked at or not intact.
    func identity(of path: String) -> FileIdentity? {
        if let place = places[path], let found = recorded[Int(place)], found.file.path.string == path { return found.identity }
        return otherIdentities[path]
    }

    /// The file to keep for `slot`, if its key is unchanged and its file intact.
    func kept(_ slot: String, key: String) -> KeptFile? {
        guard let place = places[slot], let found = recorded[Int(place)], found.key == key else { return nil }
        return found.file
    }

    /// A lookup being made on a thread of its own (one `stat` for each of the last build's
    /// outputs, a large part of a rebuild's time), started as
    /// soon as the records are read; the build reads and sorts its entries, and keys its
    /// pages, beside it, and waits for it only where it asks which are kept.
    public struct Pending: Sendable {
        /// The generation (`RenderKeys.generation`) the recorded keys were made under, known at
        /// once from the render cache: a lookup of another generation keeps nothing and is not waited for.
        let generation: String
        private let made: BackgroundValue<ReuseLookup>

        init(cache: RenderCache, digests: [String: String], interrupted: Set<String>, output: OutputFolder, execution: any BuildExecution) {
            generation = cache.generation
            made = BackgroundValue { ReuseLookup(cache: cache, digests: digests, interrupted: interrupted, output: output, execution: execution) }
        }

        /// The lookup, once made.
        var lookup: ReuseLookup { made.value }

        /// Nil when the outputs were made under another generation: then nothing is kept.
        func matching(generation: String) -> Pending? {
            self.generation == generation ? self : nil
        }
    }
}
