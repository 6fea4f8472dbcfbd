import Foundation

/// The output folder, resolved once: every path under it is made here, from
/// an `OutputPath` or from a path the records kept, never by joining strings
/// elsewhere. `out`, `./out/` and a link to it are one folder.
public struct OutputFolder: Sendable, Hashable {
    /// As the user named it: what messages show.
    public let shown: String
    /// Absolute and free of symbolic links.
    public let resolved: String
    /// Where it is: the disk, or a tree in memory.
    public let files: FileSystem

    public init(_ path: String, in files: FileSystem) {
        shown = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        resolved = files.resolve(path)
        self.files = files
    }

    /// Where `file` is on disk.
    public func path(of file: OutputPath) -> String {
        path(ofRecorded: file.string)
    }

    /// `body` given the folder opened for `FileSystem.item(at:in:)` (nil when it cannot be):
    /// tens of thousands of outputs looked at by paths walked from it, not from the root.
    func withOpened<Result>(_ body: (_ folder: FileSystem.OpenedFolder?) throws -> Result) rethrows -> Result {
        try files.withOpened(resolved, body)
    }

    /// Where a file named in the records (a relative, `/`-separated path) is on disk.
    func path(ofRecorded relative: String) -> String {
        LocalPath.joined(resolved, relative)
    }

    /// The folder that holds `relative`.
    func folder(ofRecorded relative: String) -> String {
        guard let slash = relative.lastIndex(of: "/") else { return resolved }
        return path(ofRecorded: String(relative[..<slash]))
    }

    /// `.blogpager/`, the build's own records about this folder.
    var state: StateFolder { StateFolder(output: self) }

    /// An absolute, symlink-free path on the disk, so two spellings of one folder compare equal.
    static func resolve(_ path: String) -> String {
        var url = URL(fileURLWithPath: path).standardizedFileURL
        url.resolveSymlinksInPath()
        var text = url.path
        while text.count > 1 && text.hasSuffix("/") { text.removeLast() }
        return text
    }
}
