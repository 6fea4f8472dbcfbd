#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder being served, and the one place a request path becomes a file:
/// symlinks are resolved and the result must still lie inside the folder.
public struct SiteFolder: Sendable {
    /// The folder as given, for messages.
    public let path: String
    /// The folder with every symlink resolved.
    public let realPath: String

    public enum Lookup: Equatable, Sendable {
        /// A regular file inside the folder: its real path, and the path as
        /// requested (symlinks unresolved), whose `stat` must keep matching.
        case file(realPath: String, requestedPath: String)
        /// A folder URL without its trailing slash: redirect so relative links work.
        case addSlash
        case notFound
    }

    public init?(path: String) {
        guard let real = Self.realPath(path), Self.isFolder(real) else { return nil }
        self.path = path
        self.realPath = real
    }

    public func lookup(_ request: RequestPath) -> Lookup {
        let joined = request.segments.isEmpty ? realPath : realPath + "/" + request.relativePath
        guard let real = Self.realPath(joined), isInside(real) else {
            // `/posts/name` serves `posts/name.html`, as GitHub Pages and Netlify do (Jekyll's extensionless URLs).
            if !request.endsWithSlash, !request.segments.isEmpty, let page = Self.realPath(joined + ".html"), isInside(page), Self.isRegularFile(page) {
                return .file(realPath: page, requestedPath: joined + ".html")
            }
            return .notFound
        }
        if Self.isFolder(real) {
            guard request.endsWithSlash || request.segments.isEmpty else { return .addSlash }
            // A folder is served by its index.html, never listed.
            guard let index = Self.realPath(real + "/index.html"), isInside(index), Self.isRegularFile(index) else { return .notFound }
            return .file(realPath: index, requestedPath: joined + "/index.html")
        }
        return Self.isRegularFile(real) ? .file(realPath: real, requestedPath: joined) : .notFound
    }

    private func isInside(_ real: String) -> Bool {
        real == realPath || real.hasPrefix(realPath == "/" ? "/" : realPath + "/")
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
