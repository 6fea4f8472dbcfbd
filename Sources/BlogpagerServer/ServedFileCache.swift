import BlogpagerCore
import Synchronization

/// Files read once and kept while `stat` says they are unchanged, so a busy
/// page costs one `stat` and no read or compression per request. Entries are
/// found by the raw request path; the full check (decoding, symlinks resolved
/// and kept inside the folder) runs once, and a hit is only taken while the
/// requested path still names the very same file (device, inode, size, time).
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

    /// The file for a request, from memory when still current; `resolve` does
    /// the full lookup and runs only on a miss.
    public func file(forRequest key: String, resolve: () -> SiteFolder.Lookup) -> ServedFile? {
        if let cached = state.withLock({ $0.files[key] }), FileIdentity(path: cached.requestedPath) == cached.identity {
            return cached
        }
        guard case .file(let realPath, let requestedPath) = resolve() else { return nil }
        return file(forKey: key, realPath: realPath, requestedPath: requestedPath)
    }

    private func file(forKey key: String, realPath: String, requestedPath: String) -> ServedFile? {
        guard let identity = FileIdentity(path: realPath),
              let loaded = ServedFile.load(realPath: realPath, requestedPath: requestedPath, identity: identity, liveReloadTag: liveReloadTag)
        else { return nil }
        // Changed between the two looks: send it, but keep nothing.
        guard loaded.plain.body != nil, FileIdentity(path: requestedPath) == identity else { return loaded }
        state.withLock { state in
            if let old = state.files.updateValue(loaded, forKey: key) {
                state.bytes -= Self.cost(old)
            } else {
                state.loadOrder.append(key)
            }
            state.bytes += Self.cost(loaded)
            while state.bytes > budget, !state.loadOrder.isEmpty {
                let evicted = state.loadOrder.removeFirst()
                if let old = state.files.removeValue(forKey: evicted) { state.bytes -= Self.cost(old) }
            }
        }
        return loaded
    }

    private static func cost(_ file: ServedFile) -> Int {
        (file.plain.body?.readableBytes ?? 0) + (file.gzip?.body?.readableBytes ?? 0)
    }
}
