/// The key and the path of every costly output a build rendered or kept: with
/// the digests the writer reports, the next build's `RenderCache`.
public struct RenderedSlots: Sendable {
    public struct Slot: Sendable, Equatable {
        public var key: String
        public var path: String
    }

    public var generation: String
    /// By slot name: an output path, or `<stream folder>#<page id>` for a fragment.
    public var slots: [String: Slot]

    public init(generation: String, slots: [String: Slot] = [:]) {
        self.generation = generation
        self.slots = slots
    }
}
