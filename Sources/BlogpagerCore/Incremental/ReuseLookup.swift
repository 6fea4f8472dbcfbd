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

    private struct Recorded: Sendable {
        var key: String
        var file: KeptFile
    }

    /// Looks up every recorded output on disk (one `stat` each, over every core).
    init(cache: RenderCache, digests: [String: String], interrupted: Set<String>, output: OutputFolder) {
        generation = cache.generation
        let candidates = cache.slots.filter { _, slot in
            digests[slot.path] == slot.digest && !interrupted.contains(slot.path)
        }.map { ($0.key, $0.value) }
        let found = candidates.parallelMap { name, slot -> (String, Recorded)? in
            guard let dash = slot.digest.utf8.firstIndex(of: UInt8(ascii: "-")),
                  let size = Int(Substring(slot.digest.utf8[..<dash])),
                  FileIdentity.size(at: output.path(ofRecorded: slot.path)) == size,
                  let path = try? OutputPath(slot.path.split(separator: "/").map(String.init))
            else { return nil }
            return (name, Recorded(key: slot.key, file: KeptFile(path: path, digest: slot.digest)))
        }
        intact = Dictionary(found.compactMap { $0 }, uniquingKeysWith: { first, _ in first })
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
