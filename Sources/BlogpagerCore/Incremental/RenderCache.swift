/// `out/.blogpager/render-cache`: for each costly output of the last build
/// (entry pages, fragments, list pages), a key of everything it was made from
/// (`RenderKeys`), where it went and the digest of what was written there. A
/// build that computes the same key for an output, and finds the file still as
/// written, keeps it without rendering it again. The generation covers what
/// every output depends on (the program, config, templates): when it differs,
/// nothing is kept.
public struct RenderCache: Sendable, Equatable {
    private static let format = RecordText(kind: "render-cache", version: 2)

    public struct Slot: Sendable, Equatable {
        /// An output path, or `<stream folder>#<page id>` for a fragment (its path holds its hash).
        public var name: String
        /// Digest of the output's inputs.
        public var key: String
        public var path: String
        /// The manifest digest of the bytes written.
        public var digest: String
    }

    public var generation: String
    /// In the record's order (the order the build made them); only ever gone through once, by the reuse lookup.
    public var slots: [Slot]

    public init(generation: String, slots: [Slot] = []) {
        self.generation = generation
        self.slots = slots
    }

    /// The cache in `state`; nil when there is none, or it is of another version or damaged, and
    /// then the warning for a damaged one (`StateFolder.damaged`).
    static func read(in state: StateFolder) -> (cache: RenderCache?, damage: Diagnostic?) {
        guard let bytes = state.read(.renderCache) else { return (nil, nil) }
        guard let (generation, lines) = format.parse(bytes), let generation else {
            return (nil, format.isDamaged(bytes) ? state.damaged(.renderCache) : nil)
        }
        var cache = RenderCache(generation: generation)
        cache.slots.reserveCapacity(lines.count)
        for (number, line) in lines.enumerated() {
            let fields = RecordText.fields(line)
            guard fields.count == 4 else { return (nil, state.damaged(.renderCache, line: number + 2)) }
            let name = RecordText.string(fields[0])
            // A slot's name is its path, but for a fragment's: then one string serves both.
            cache.slots.append(Slot(name: name, key: RecordText.string(fields[1]),
                                    path: fields[2] == fields[0] ? name : RecordText.string(fields[2]),
                                    digest: RecordText.string(fields[3])))
        }
        return (cache, nil)
    }

    /// The next build's cache as this one leaves it: the slots it rendered or kept (`RenderedSlots`),
    /// with the digests the writer reported for their files; written from them, without a
    /// dictionary of its own (they are about two for each entry).
    struct Made: Sendable {
        var rendered: RenderedSlots
        var digests: [String: String]

        /// The record, in runs (`RecordText.hand`). Slot names and paths never hold tabs or
        /// newlines (`OutputPath` forbids control characters).
        func encode(_ write: (UnsafeRawBufferPointer) throws -> Void) rethrows {
            var run = RenderCache.format.header(key: rendered.generation)
            run.reserveCapacity(RecordText.runSize + 4096)
            for slot in rendered.slots {
                guard let digest = digests[slot.path] else { continue }
                // Field by field, without an array of them for each of 18,000 slots.
                run += slot.name.utf8
                run.append(0x09)
                run += slot.key.utf8
                run.append(0x09)
                run += slot.path.utf8
                run.append(0x09)
                run += digest.utf8
                run.append(0x0A)
                try RecordText.hand(&run, to: write)
            }
            try RecordText.hand(&run, to: write, atEnd: true)
        }
    }
}
