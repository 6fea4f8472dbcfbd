import Foundation

/// `out/.blogpager/render-cache`: for each costly output of the last build
/// (entry pages, fragments, list pages), a key of everything it was made from
/// and where it went. A build that computes the same key for an output, and
/// finds the file still as written, keeps it without rendering it again. The
/// generation covers what every output depends on (the program, config,
/// templates); when it differs, nothing is kept.
public struct RenderCache: Sendable, Equatable {
    static let fileName = "render-cache"
    private static let header = "blogpager render-cache 1"

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

    static func location(in output: String) -> String {
        output + "/" + OutputManifest.folder + "/" + fileName
    }

    static func read(in output: String) -> RenderCache? {
        guard let data = FileManager.default.contents(atPath: location(in: output)) else { return nil }
        // Split as an array: `Data`'s generic split was a tenth of a small rebuild.
        let lines = [UInt8](data).split(separator: 0x0A, omittingEmptySubsequences: true)
        guard lines.count >= 2, String(decoding: lines[0], as: UTF8.self) == header else { return nil }
        let generationLine = String(decoding: lines[1], as: UTF8.self)
        guard generationLine.hasPrefix("generation ") else { return nil }
        var cache = RenderCache(generation: String(generationLine.dropFirst("generation ".count)))
        cache.slots.reserveCapacity(lines.count)
        for line in lines.dropFirst(2) {
            let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
            guard fields.count == 4 else { return nil }
            cache.slots[String(decoding: fields[0], as: UTF8.self)] = Slot(
                key: String(decoding: fields[1], as: UTF8.self), path: String(decoding: fields[2], as: UTF8.self),
                digest: String(decoding: fields[3], as: UTF8.self))
        }
        return cache
    }

    /// Slot names and paths never hold tabs or newlines (`OutputPath` forbids control characters).
    func write(in output: String) throws {
        var text = Self.header + "\ngeneration " + generation + "\n"
        for (name, slot) in slots.sorted(by: { $0.key < $1.key }) {
            text += name + "\t" + slot.key + "\t" + slot.path + "\t" + slot.digest + "\n"
        }
        try OutputWriter.replace(Self.location(in: output), with: Array(text.utf8))
    }

    static func remove(in output: String) {
        unlink(location(in: output))
    }
}
