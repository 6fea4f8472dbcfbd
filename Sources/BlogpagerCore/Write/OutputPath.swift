/// A file's place under `out/`: plain segments, none empty, hidden (but `.well-known`, the web's own
/// place for such files, RFC 8615), `.` or `..`, none holding a separator, so no value of this type can
/// point outside `out/`.
public struct OutputPath: Sendable, Hashable, Comparable {
    /// The relative path, `/`-separated (raw, not percent-encoded). The path is kept as this
    /// string alone: a rebuild makes one for every output the last build left, and asks
    /// its string of each several times, its segments of few.
    public let string: String

    /// The path's segments, split when asked.
    public var segments: [String] {
        string.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    }

    /// The last segment: the file's name.
    public var name: Substring {
        guard let slash = string.utf8.lastIndex(of: UInt8(ascii: "/")) else { return string[...] }
        return string[string.utf8.index(after: slash)...]
    }

    public struct Invalid: Error, Sendable { public var message: String }

    public init(_ segments: [String]) throws(Invalid) {
        guard !segments.isEmpty else { throw Invalid(message: "empty output path") }
        for segment in segments {
            if let problem = Self.problem(with: segment) { throw Invalid(message: problem) }
        }
        string = segments.joined(separator: "/")
    }

    /// A `/`-separated path as the build's records keep it, held to the same rules in one
    /// pass over its bytes: a rebuild makes one for every output the last build left.
    init(recorded string: String) throws(Invalid) {
        var start = string.utf8.startIndex
        var valid = !string.isEmpty
        for index in string.utf8.indices where valid {
            let byte = string.utf8[index]
            // Control characters are single bytes in UTF-8; a `.` first makes a segment hidden, `.` or `..`.
            if byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") {
                valid = false
            } else if byte == UInt8(ascii: "/") {
                valid = Self.isPlain(string.utf8[start..<index])
                start = string.utf8.index(after: index)
            }
        }
        guard valid, Self.isPlain(string.utf8[start...]) else {
            // The checked way, for its message.
            try self.init(string.split(separator: "/", omittingEmptySubsequences: false).map(String.init))
            return
        }
        self.init(checked: string)
    }

    /// The path the segments make, or nil where they make none below `out/`: for a caller to whom
    /// such a path means no file (a record another version wrote, a redirect with no place of its own).
    static func ifValid(_ segments: [String]) -> OutputPath? {
        do { return try OutputPath(segments) } catch { return nil }
    }

    /// A path as a record wrote it, or nil where it is none below `out/` (a damaged record).
    static func ifValid(recorded string: String) -> OutputPath? {
        do { return try OutputPath(recorded: string) } catch { return nil }
    }

    /// This path inside `folders` (a language's root, a stream's folder): segments held to the rules already.
    func below(_ folders: [String]) -> OutputPath {
        folders.isEmpty ? self : OutputPath(checked: folders.joined(separator: "/") + "/" + string)
    }

    /// A path made of parts already held to the rules (a stream's folder and a name of ours);
    /// checked again only in debug builds.
    init(checked string: String) {
        assert(Self.ifValid(string.split(separator: "/", omittingEmptySubsequences: false).map(String.init)) != nil, string)
        self.string = string
    }

    private static func isPlain(_ segment: Substring.UTF8View) -> Bool {
        !segment.isEmpty && (segment.first != UInt8(ascii: ".") || segment.elementsEqual(wellKnown.utf8)) && segment.count <= 255
    }

    /// The one hidden folder a site may publish into (`/.well-known/security.txt`).
    static let wellKnown = ".well-known"

    /// `"page/abc/index.html"`: a literal path of ours, known to be safe.
    public init(literal: String) {
        // Force-try is safe: only called with constants written in this package.
        try! self.init(literal.split(separator: "/").map(String.init))
    }

    /// Why a segment cannot be part of an output path, or nil when it can.
    public static func problem(with segment: String) -> String? {
        if segment.isEmpty { return "an empty path segment" }
        if segment == "." || segment == ".." { return "'\(segment)' would leave the output folder" }
        // Byte tests: Foundation's `contains` on strings goes through NSString.
        if segment.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }) {
            return "'\(segment)' contains a path separator"
        }
        if segment.hasPrefix("."), segment != wellKnown { return "'\(segment)' would be a hidden file" }
        if segment.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "'\(segment)' contains a control character"
        }
        if segment.utf8.count > 255 { return "a path segment is longer than 255 bytes" }
        return nil
    }

    public static func == (lhs: OutputPath, rhs: OutputPath) -> Bool {
        lhs.string == rhs.string
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(string)
    }

    public static func < (lhs: OutputPath, rhs: OutputPath) -> Bool {
        lhs.string.precedesInBytes(rhs.string)
    }

    public func appending(_ segment: String) throws(Invalid) -> OutputPath {
        try OutputPath(segments + [segment])
    }

    /// The URL path that serves this file, percent-encoded, under `basePath`.
    /// `posts/x/index.html` is served as `posts/x/`.
    /// The URL of a file written with `.html` where its URL leaves that out (`/posts/name` for `posts/name.html`, Jekyll's way).
    func urlPath(basePath: String, leavingOutHTML: Bool) -> String {
        let url = urlPath(basePath: basePath)
        return leavingOutHTML ? String(url.dropLast(".html".count)) : url
    }

    public func urlPath(basePath: String) -> String {
        // One pass over the string, not its segments: every page's key asks for several URLs.
        let name = name
        guard name == "index.html" else { return basePath + "/" + URLPathEncoding.encode(path: string[...]) }
        // A folder's page is served as its folder: without its name and the `/` before it.
        guard name.startIndex != string.startIndex else { return basePath + "/" }
        return basePath + "/" + URLPathEncoding.encode(path: string[..<string.utf8.index(before: name.startIndex)]) + "/"
    }
}

extension OutputPath: CustomStringConvertible {
    public var description: String { string }
}
