import Foundation
import Synchronization

/// A tree of files and folders held in memory, behind `FileSystem.memory()`: what tests build
/// whole sites in, records and all, without a folder on the disk. It keeps the disk's rules that
/// the build relies on: a file is written into a folder that exists, a rename replaces its target
/// whole, every write gives the file a new time, a locked file cannot be locked again until
/// released. Paths are absolute, `/`-separated.
final class MemoryFiles: Sendable {
    private struct Node {
        /// Nil for a folder.
        var bytes: [UInt8]?
        var inode: UInt64
        var modified: Int
    }

    private struct Tree {
        var nodes: [String: Node] = ["/": Node(bytes: nil, inode: 1, modified: 0)]
        var nextInode: UInt64 = 2
        /// Each write's time: a counter, so two writes never share one.
        var clock = 1
        var locked: Set<String> = []
        /// Files and folders that refuse to be read or listed, as ones without permission do.
        var unreadable: Set<String> = []
        /// How many times each file was read whole or in part, for the tests that count reads.
        var reads: [String: Int] = [:]
    }

    private let tree = Mutex(Tree())

    /// `path` without `.`, `..`, repeated and trailing slashes.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash > path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    func identity(of path: String) -> FileIdentity? {
        let path = Self.normalized(path)
        return tree.withLock { tree in tree.nodes[path].map { Self.identity(of: $0) } }
    }

    private static func identity(of node: Node) -> FileIdentity {
        FileIdentity(device: 0, inode: node.inode, size: node.bytes?.count ?? 0, modifiedSeconds: node.modified / 1_000_000_000,
                     modifiedNanoseconds: node.modified % 1_000_000_000, isFolder: node.bytes == nil, isRegular: node.bytes != nil)
    }

    func read(_ path: String) throws(POSIXError) -> [UInt8] {
        let path = Self.normalized(path)
        let (node, refused) = tree.withLock { tree in
            tree.reads[path, default: 0] += 1
            return (tree.nodes[path], tree.unreadable.contains(path))
        }
        guard let node else { throw POSIXError(.ENOENT) }
        guard !refused else { throw POSIXError(.EACCES) }
        guard let bytes = node.bytes else { throw POSIXError(.EISDIR) }
        return bytes
    }

    /// The names in a folder, sorted.
    func names(in folder: String) throws(POSIXError) -> [String] {
        let folder = Self.normalized(folder)
        let result: Result<[String], POSIXError> = tree.withLock { tree in
            guard let node = tree.nodes[folder] else { return .failure(POSIXError(.ENOENT)) }
            guard node.bytes == nil else { return .failure(POSIXError(.ENOTDIR)) }
            guard !tree.unreadable.contains(folder) else { return .failure(POSIXError(.EACCES)) }
            let prefix = folder == "/" ? "/" : folder + "/"
            return .success(tree.nodes.keys.filter { $0.hasPrefix(prefix) && $0 != folder && !$0.dropFirst(prefix.count).contains("/") }
                .map { String($0.dropFirst(prefix.count)) }.sorted())
        }
        return try result.get()
    }

    /// Writes a whole file into a folder that exists (a new inode, as a rename over it gives).
    @discardableResult
    func write(_ path: String, _ bytes: [UInt8]) throws(POSIXError) -> FileIdentity {
        let path = Self.normalized(path)
        let result: Result<FileIdentity, POSIXError> = tree.withLock { tree in
            guard let parent = tree.nodes[Self.parent(of: path)], parent.bytes == nil else { return .failure(POSIXError(.ENOENT)) }
            if tree.nodes[path]?.bytes == nil, tree.nodes[path] != nil { return .failure(POSIXError(.EISDIR)) }
            let node = Node(bytes: bytes, inode: tree.nextInode, modified: tree.clock)
            tree.nextInode += 1
            tree.clock += 1
            tree.nodes[path] = node
            return .success(Self.identity(of: node))
        }
        return try result.get()
    }

    /// Appends to a file, making it when it is not there (`exclusive`: only then); whether it made it.
    func append(_ path: String, _ bytes: [UInt8], creating: Bool) throws(POSIXError) -> Bool {
        let path = Self.normalized(path)
        let result: Result<Bool, POSIXError> = tree.withLock { tree in
            if var node = tree.nodes[path] {
                guard node.bytes != nil else { return .failure(POSIXError(.EISDIR)) }
                node.bytes! += bytes
                node.modified = tree.clock
                tree.clock += 1
                tree.nodes[path] = node
                return .success(false)
            }
            guard creating, let parent = tree.nodes[Self.parent(of: path)], parent.bytes == nil else { return .failure(POSIXError(.ENOENT)) }
            tree.nodes[path] = Node(bytes: bytes, inode: tree.nextInode, modified: tree.clock)
            tree.nextInode += 1
            tree.clock += 1
            return .success(true)
        }
        return try result.get()
    }

    /// Cuts a file at `offset` and writes `bytes` there.
    func extend(_ path: String, at offset: Int, with bytes: [UInt8]) throws(POSIXError) {
        let path = Self.normalized(path)
        let result: Result<Void, POSIXError> = tree.withLock { tree in
            guard var node = tree.nodes[path], let old = node.bytes else { return .failure(POSIXError(.ENOENT)) }
            node.bytes = Array(old.prefix(offset)) + [UInt8](repeating: 0, count: max(0, offset - old.count)) + bytes
            node.modified = tree.clock
            tree.clock += 1
            tree.nodes[path] = node
            return .success(())
        }
        try result.get()
    }

    /// Makes a folder and its missing parents; one that is there is fine.
    func makeFolder(_ path: String) throws(POSIXError) {
        let path = Self.normalized(path)
        let result: Result<Void, POSIXError> = tree.withLock { tree in
            var missing: [String] = []
            var current = path
            while tree.nodes[current] == nil {
                missing.append(current)
                current = Self.parent(of: current)
            }
            guard tree.nodes[current]?.bytes == nil else { return .failure(POSIXError(.ENOTDIR)) }
            for folder in missing.reversed() {
                tree.nodes[folder] = Node(bytes: nil, inode: tree.nextInode, modified: tree.clock)
                tree.nextInode += 1
            }
            return .success(())
        }
        try result.get()
    }

    /// Removes a file; false when there is none.
    func remove(_ path: String) -> Bool {
        let path = Self.normalized(path)
        return tree.withLock { tree in
            guard tree.nodes[path]?.bytes != nil else { return false }
            tree.nodes[path] = nil
            return true
        }
    }

    /// Removes an empty folder; false when there is none or it is not empty.
    func removeFolder(_ path: String) -> Bool {
        let path = Self.normalized(path)
        return tree.withLock { tree in
            guard path != "/", let node = tree.nodes[path], node.bytes == nil,
                  !tree.nodes.keys.contains(where: { $0.hasPrefix(path + "/") }) else { return false }
            tree.nodes[path] = nil
            return true
        }
    }

    /// Removes a folder and all it holds, or a file.
    func removeTree(_ path: String) {
        let path = Self.normalized(path)
        tree.withLock { tree in
            for key in tree.nodes.keys where key == path || key.hasPrefix(path + "/") { tree.nodes[key] = nil }
        }
    }

    /// Makes a file or folder refuse to be read or listed, as one without permission does: what the
    /// tests of an unreadable input make happen (a test run as root reads every file on the disk).
    func refuseReading(_ path: String) {
        let path = Self.normalized(path)
        tree.withLock { tree in _ = tree.unreadable.insert(path) }
    }

    /// How many times a file was read since the tree was made.
    func readCount(of path: String) -> Int {
        let path = Self.normalized(path)
        return tree.withLock { $0.reads[path] ?? 0 }
    }

    /// Takes the lock of `path` (a file, made if missing); false when it is held.
    func lock(_ path: String) throws(POSIXError) -> Bool {
        let path = Self.normalized(path)
        if identity(of: path) == nil { _ = try append(path, [], creating: true) }
        return tree.withLock { tree in tree.locked.insert(path).inserted }
    }

    func unlock(_ path: String) {
        let path = Self.normalized(path)
        tree.withLock { tree in _ = tree.locked.remove(path) }
    }
}
