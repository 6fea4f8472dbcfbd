/// Which outputs of the last build a build may keep: those whose inputs key
/// is the one recorded in the render cache and whose file is still there as
/// written (the manifest's digest, the same size on disk).
public struct OutputReuse: Sendable {
    var cache: RenderCache
    /// The previous manifest's digests, by path.
    var digests: [String: String]
    /// `out/`, resolved.
    var output: String

    public init(cache: RenderCache, digests: [String: String], output: String) {
        self.cache = cache
        self.digests = digests
        self.output = output
    }

    /// The file to keep for `slot`, if its key is unchanged and the file intact.
    func kept(_ slot: String, key: String) -> KeptFile? {
        guard let recorded = cache.slots[slot], recorded.key == key, digests[recorded.path] == recorded.digest,
              let dash = recorded.digest.utf8.firstIndex(of: UInt8(ascii: "-")),
              let size = Int(Substring(recorded.digest.utf8[..<dash])),
              OutputWriter.size(of: output + "/" + recorded.path) == size,
              let path = try? OutputPath(recorded.path.split(separator: "/").map(String.init))
        else { return nil }
        return KeptFile(path: path, digest: recorded.digest)
    }
}
