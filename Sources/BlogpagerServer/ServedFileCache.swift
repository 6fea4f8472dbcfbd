import Synchronization

/// Files read once and kept while `stat` says they are unchanged, so a busy
/// page costs one `stat` and no read or compression per request.
public final class ServedFileCache: Sendable {
    /// Past this many bytes, the least recently loaded files are let go.
    public let budget: Int
    private let liveReloadTag: String?
    private let state = Mutex(State())

    private struct State {
        var files: [String: ServedFile] = [:]
        var loadOrder: [String] = []
        var bytes = 0
    }

    public init(budget: Int = 256 << 20, liveReloadTag: String? = nil) {
        self.budget = budget
        self.liveReloadTag = liveReloadTag
    }

    /// The file at a real path, from memory when still current.
    public func file(atRealPath path: String) -> ServedFile? {
        guard let identity = FileIdentity(path: path) else { return nil }
        if let cached = state.withLock({ $0.files[path] }), cached.identity == identity { return cached }
        guard let loaded = ServedFile.load(realPath: path, identity: identity, liveReloadTag: liveReloadTag) else { return nil }
        guard loaded.body != nil else { return loaded }
        state.withLock { state in
            if let old = state.files.updateValue(loaded, forKey: path) {
                state.bytes -= Self.cost(old)
            } else {
                state.loadOrder.append(path)
            }
            state.bytes += Self.cost(loaded)
            while state.bytes > budget, !state.loadOrder.isEmpty {
                let evicted = state.loadOrder.removeFirst()
                if let old = state.files.removeValue(forKey: evicted) { state.bytes -= Self.cost(old) }
            }
        }
        return loaded
    }

    /// Forgets everything (after a rebuild, so live-reload pages are re-read at once).
    public func removeAll() {
        state.withLock { $0 = State() }
    }

    private static func cost(_ file: ServedFile) -> Int {
        (file.body?.readableBytes ?? 0) + (file.gzipBody?.readableBytes ?? 0)
    }
}
