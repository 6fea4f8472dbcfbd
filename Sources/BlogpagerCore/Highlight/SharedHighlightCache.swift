import Foundation

/// The code highlighted by every build of this user, in the user's cache folder
/// (`BLOGPAGER_CACHE_DIR`, else `$XDG_CACHE_HOME/blogpager`, else `~/.cache/blogpager`),
/// as Jekyll keeps `.jekyll-cache` and Hugo its `cacheDir`: a build into a new or
/// emptied output folder, which has no `.blogpager/highlight-cache` of its own,
/// takes the spans of blocks seen before from here instead of running Pygments again.
/// Read only when a block misses the output's own cache; written whole, by a rename,
/// so builds at the same time each leave a whole file (the last one's). Losing it
/// costs time, never output: the spans are keyed by the highlighter's version and
/// the block, as in the output's cache.
public struct SharedHighlightCache: Sendable {
    public let path: String
    /// Where the user's folder is: the disk, or a tree in memory.
    let files: FileSystem

    public init(folder: String, in files: FileSystem) {
        path = (folder.hasSuffix("/") ? String(folder.dropLast()) : folder) + "/highlight-cache"
        self.files = files
    }

    /// The user's cache folder as the environment names it; nil where none can be named.
    public static func folder(environment: [String: String]) -> String? {
        if let folder = environment["BLOGPAGER_CACHE_DIR"], !folder.isEmpty { return folder }
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/blogpager" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/blogpager" }
        return nil
    }

    /// Mapped from its file (`RecordBytes`): another build replaces it by a rename, never in place.
    func read() -> RecordBytes? {
        files.map(path)
    }

    /// Beside the spans, the fingerprint of the Python the user's last build started
    /// (`PythonFingerprint`): a build into a new folder whose code is all here need not start it.
    var pythonPath: String {
        String(path.dropLast("highlight-cache".count)) + "python"
    }

    /// Nil where there is none, or it cannot be read: Python is then started, as without one.
    func readPython() -> [UInt8]? {
        files.probeRead(pythonPath)
    }

    func removePython() {
        files.remove(pythonPath)
    }

    /// Written as the spans are; a failure costs only a start of Python.
    func writePython(_ fingerprint: PythonFingerprint) {
        _ = replace(pythonPath, with: fingerprint.encoded())
    }

    /// Written beside under a name of this process's own, then renamed over the last
    /// one, so two builds writing at once never mix their lines. A folder that cannot be
    /// made or written is left as it is, and the next build highlights again.
    /// `dropsBehind`: its pages leave memory as they reach the disk (`BuildExecution.writesBehind`):
    /// it is read by the next build into a new folder, not by the next into this one.
    func write(_ cache: HighlightCache, dropsBehind: Bool = false) -> Bool {
        // Written as it is encoded: never the whole cache in one buffer.
        replace(path, dropsBehind: dropsBehind) { write in try cache.encode(write) }
    }

    private func replace(_ target: String, with bytes: [UInt8]) -> Bool {
        replace(target, dropsBehind: false) { write in try bytes.withUnsafeBytes(write) }
    }

    private func replace(_ target: String, dropsBehind: Bool, producing produce: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) -> Bool {
        guard let slash = target.lastIndex(of: "/") else { return false }
        let folder = String(target[..<slash])
        do {
            try files.makeFolder(folder)
            removeLeftTemporaries(of: String(target[target.index(after: slash)...]), in: folder)
            try files.replace(target, temporary: target + ".\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp",
                              dropsBehind: dropsBehind, producing: produce)
            return true
        } catch {
            return false
        }
    }

    /// The temporary files (`name.<pid>.<n>.tmp`) of builds killed while they wrote: a
    /// process that is gone, and a file a minute old (a write takes milliseconds; the
    /// process may be another machine's, sharing the folder), so the folder does not fill up.
    private func removeLeftTemporaries(of name: String, in folder: String) {
        let now = time(nil)
        // A folder that cannot be listed has nothing to take away.
        for file in files.probeNames(in: folder) ?? [] where file.hasPrefix(name + ".") && file.hasSuffix(".tmp") {
            let parts = file.dropFirst(name.count + 1).dropLast(4).split(separator: ".")
            guard parts.count == 2, let pid = pid_t(parts[0]), UInt32(parts[1]) != nil, pid > 0, pid != getpid(),
                  kill(pid, 0) != 0, errno == ESRCH,
                  let identity = files.file(at: LocalPath.joined(folder, file)), now - identity.modifiedSeconds > 60 else { continue }
            files.remove(LocalPath.joined(folder, file))
        }
    }
}
