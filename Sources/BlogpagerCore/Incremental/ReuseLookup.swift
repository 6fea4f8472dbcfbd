/// Which outputs of the last build this one may keep: those whose recorded
/// key is the key computed now, and whose file is still as written (the
/// files list's digest, the same size on disk, and not one a killed build was
/// writing). The disk is looked at once, when the lookup is made, before
/// anything renders; `kept` is then a pure lookup, and rendering never
/// touches the disk.
public struct ReuseLookup: Sendable {
    /// The generation (`RenderKeys.generation`) the recorded keys were made under.
    let generation: String
    private let intact: [String: Recorded]
    /// What `stat` said of each intact file, by recorded path: for the record of
    /// this build's outputs (`BuildRecord.outputsDigest`), so a file the build does
    /// not write again is not looked at twice.
    private let identities: [String: FileIdentity]

    private struct Recorded: Sendable {
        var key: String
        var file: KeptFile
    }

    /// Looks up every recorded output on disk (one `stat` each, over every core).
    init(cache: RenderCache, digests: [String: String], interrupted: Set<String>, output: OutputFolder) {
        generation = cache.generation
        let found = output.withOpened { folder in cache.slots.parallelMap { slot -> (name: String, recorded: Recorded, identity: FileIdentity)? in
            guard let folder, digests[slot.path] == slot.digest, !interrupted.contains(slot.path),
                  let dash = slot.digest.utf8.firstIndex(of: UInt8(ascii: "-")),
                  let size = Int(Substring(slot.digest.utf8[..<dash])),
                  let identity = FileIdentity(itemAt: slot.path, under: folder), identity.size == size,
                  let path = try? OutputPath(recorded: slot.path)
            else { return nil }
            return (slot.name, Recorded(key: slot.key, file: KeptFile(path: path, digest: slot.digest)), identity)
        } }
        // Two maps of every output's path (1.8 million at a million entries): filled side by side.
        (intact, identities) = sideBySide({
            var intact: [String: Recorded] = [:]
            intact.reserveCapacity(found.count)
            for case let (name, recorded, _)? in found { intact[name] = recorded }
            return intact
        }, {
            var identities: [String: FileIdentity] = [:]
            identities.reserveCapacity(found.count)
            for case let (_, recorded, identity)? in found { identities[recorded.file.path.string] = identity }
            return identities
        })
    }

    /// What `stat` said of the file at `path` when the lookup was made; nil if it was not looked at or not intact.
    func identity(of path: String) -> FileIdentity? {
        identities[path]
    }

    /// The file to keep for `slot`, if its key is unchanged and its file intact.
    func kept(_ slot: String, key: String) -> KeptFile? {
        guard let recorded = intact[slot], recorded.key == key else { return nil }
        return recorded.file
    }

    /// Nil when the outputs were made under another generation: then nothing is kept.
    func matching(generation: String) -> ReuseLookup? {
        self.generation == generation ? self : nil
    }
}
