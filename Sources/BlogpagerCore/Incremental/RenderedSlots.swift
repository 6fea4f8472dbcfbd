/// The key and the path of every costly output a build rendered or kept: with
/// the digests the writer reports, the next build's `RenderCache`.
public struct RenderedSlots: Sendable {
    public struct Slot: Sendable, Equatable {
        /// An output path, or `<stream folder>#<page id>` for a fragment.
        public var name: String
        public var key: String
        public var path: String

        public init(name: String, key: String, path: String) {
            self.name = name
            self.key = key
            self.path = path
        }

        /// An output of its own: named by its path.
        public init(path: String, key: String) {
            self.init(name: path, key: key, path: path)
        }
    }

    public var generation: String
    /// In the order the build made them (the same build, the same order): collected as
    /// lists, never a dictionary, and written in that order (no sort of 18,000 names).
    public var slots: [Slot]

    public init(generation: String, slots: [Slot] = []) {
        self.generation = generation
        self.slots = slots
    }
}
