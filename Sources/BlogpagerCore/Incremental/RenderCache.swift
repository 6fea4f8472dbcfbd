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
        /// Digest of the output's inputs.
        public var key: String
        public var path: String
        /// The manifest digest of the bytes written.
        public var digest: String
    }

    public var generation: String
    /// By slot: an output path, or `<stream folder>#<page id>` for a fragment (its path holds its hash).
    public var slots: [String: Slot]

    public init(generation: String, slots: [String: Slot] = [:]) {
        self.generation = generation
        self.slots = slots
    }

    /// What a build rendered or kept (`RenderedSlots`), with the digests the writer reported for its files.
    init(_ rendered: RenderedSlots, digests: [String: String]) {
        generation = rendered.generation
        slots = [:]
        slots.reserveCapacity(rendered.slots.count)
        for (name, slot) in rendered.slots {
            guard let digest = digests[slot.path] else { continue }
            slots[name] = Slot(key: slot.key, path: slot.path, digest: digest)
        }
    }

    /// The cache in `state`; nil when there is none, or it is of another version or damaged.
    static func read(in state: StateFolder) -> RenderCache? {
        guard let bytes = state.read(.renderCache), let (generation, lines) = format.parse(bytes), let generation else { return nil }
        var cache = RenderCache(generation: generation)
        cache.slots.reserveCapacity(lines.count)
        for line in lines {
            let fields = RecordText.fields(line)
            guard fields.count == 4 else { return nil }
            cache.slots[RecordText.string(fields[0])] = Slot(
                key: RecordText.string(fields[1]), path: RecordText.string(fields[2]), digest: RecordText.string(fields[3]))
        }
        return cache
    }

    /// Slot names and paths never hold tabs or newlines (`OutputPath` forbids control characters).
    func bytes() -> [UInt8] {
        var bytes = Self.format.header(key: generation)
        bytes.reserveCapacity(slots.count * 128)
        // The names alone are sorted: moving whole slots about cost more than writing them.
        for name in slots.keys.sorted(by: { $0.precedesInBytes($1) }) {
            let slot = slots[name]!
            for field in [name, slot.key, slot.path] {
                bytes += field.utf8
                bytes.append(0x09)
            }
            bytes += slot.digest.utf8
            bytes.append(0x0A)
        }
        return bytes
    }
}
