import Foundation

/// What a Hugo config says of where the site's own files are, read before the config itself is
/// loaded (it decides which folders are input): `module.mounts` (the folders mounted as content,
/// per language, and as static files, each with its `includeFiles` and `excludeFiles`), and
/// `ignoreFiles`. As Hugo 0.168 reads them (`hugo config mounts` shows the same list): a mount
/// of a folder that does not exist is dropped; where no mount targets `content` (or `static`),
/// Hugo mounts `contentDir` (`content/`) and `static/` itself.
public struct HugoMounts: Sendable, Equatable {
    public struct Mount: Sendable, Equatable {
        /// Below the site's root (`src/content`).
        public var source: String
        /// `content`, `static`, or a folder below one (`content/blog`).
        public var target: String
        /// The language whose files these are (`lang`); nil for the default's.
        public var language: String?
        public var filter = HugoFileFilter()
    }

    public var mounts: [Mount] = []
    /// `ignoreFiles`: regular expressions over a content file's absolute path.
    public var ignoreFiles: [String] = []

    /// The mounts that give the site's content, static files, or (`others`) what only Hugo's layouts read.
    public var content: [Mount] { mounts.filter { Self.component(of: $0.target) == "content" } }
    public var statics: [Mount] { mounts.filter { Self.component(of: $0.target) == "static" } }
    public var others: [Mount] { mounts.filter { !["content", "static"].contains(Self.component(of: $0.target)) } }

    private static func component(of target: String) -> String {
        String(target.split(separator: "/").first ?? "")
    }

    /// The mounts and patterns a config's merged top-level values name (keys lowercased), keeping
    /// only mounts of folders that exist below `root`.
    static func read(_ byKey: [String: FrontMatterValue], root: String, in files: FileSystem) -> HugoMounts {
        var found = HugoMounts()
        if case .list(let patterns)? = byKey["ignorefiles"] {
            found.ignoreFiles = patterns.compactMap(\.scalarText)
        } else if let pattern = byKey["ignorefiles"]?.scalarText {
            found.ignoreFiles = [pattern]
        }
        guard case .list(let mounts)? = byKey["module"]?.value(forKeyIgnoringCase: "mounts") else { return found }
        for mount in mounts {
            guard let source = mount.value(forKeyIgnoringCase: "source")?.scalarText.flatMap(Self.cleaned),
                  let target = mount.value(forKeyIgnoringCase: "target")?.scalarText.flatMap(Self.cleaned),
                  files.isFolder("\(root)/\(source)") else { continue }
            let language = mount.value(forKeyIgnoringCase: "lang")?.scalarText?.lowercased()
            let filter = HugoFileFilter(includeFiles: Self.texts(mount.value(forKeyIgnoringCase: "includefiles")),
                                        excludeFiles: Self.texts(mount.value(forKeyIgnoringCase: "excludefiles")))
            found.mounts.append(Mount(source: source, target: target, language: language?.isEmpty == true ? nil : language, filter: filter))
        }
        return found
    }

    private static func texts(_ value: FrontMatterValue?) -> [String] {
        switch value {
        case .list(let items)?: items.compactMap(\.scalarText)
        case let value?: value.scalarText.map { [$0] } ?? []
        case nil: []
        }
    }

    /// A folder below the root, as a mount names it; nil for one that would leave it.
    private static func cleaned(_ written: String) -> String? {
        var folder = written
        while folder.hasSuffix("/") { folder.removeLast() }
        while folder.hasPrefix("./") { folder.removeFirst(2) }
        guard !folder.isEmpty, !folder.hasPrefix("/"), !folder.split(separator: "/").contains("..") else { return nil }
        return folder
    }
}

/// Which of a mounted folder's files Hugo reads: a mount's `includeFiles` and `excludeFiles`
/// (globs over the file's path from the mount's root, starting with `/`, lowercased, `**` across
/// folders), and the site's `ignoreFiles` (regular expressions over the file's absolute path).
public struct HugoFileFilter: Sendable, Equatable {
    public var includeFiles: [String] = []
    public var excludeFiles: [String] = []
    public var ignoreFiles: [String] = []

    public var isEmpty: Bool { includeFiles.isEmpty && excludeFiles.isEmpty && ignoreFiles.isEmpty }

    /// The patterns made once for a scan; `unreadable` holds those that could not be made (a warning each).
    public struct Compiled {
        let includes: [NSRegularExpression]
        let excludes: [NSRegularExpression]
        let ignores: [NSRegularExpression]
        public let unreadable: [String]

        /// Whether Hugo leaves out the file at `absolutePath`, `relativePath` below its mount's root.
        public func skips(absolutePath: String, relativePath: String) -> Bool {
            func matches(_ expression: NSRegularExpression, _ text: String) -> Bool {
                expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            }
            if ignores.contains(where: { matches($0, absolutePath) }) { return true }
            let mounted = "/" + relativePath.lowercased()
            if !includes.isEmpty, !includes.contains(where: { matches($0, mounted) }) { return true }
            return excludes.contains { matches($0, mounted) }
        }
    }

    public func compiled() -> Compiled {
        var unreadable: [String] = []
        func made(_ patterns: [String], _ make: (String) throws -> NSRegularExpression) -> [NSRegularExpression] {
            patterns.compactMap { pattern in
                do { return try make(pattern) } catch {
                    unreadable.append(pattern)
                    return nil
                }
            }
        }
        return Compiled(includes: made(includeFiles, Self.glob), excludes: made(excludeFiles, Self.glob),
                        ignores: made(ignoreFiles) { try NSRegularExpression(pattern: $0) }, unreadable: unreadable)
    }

    /// A glob as Hugo matches it (gobwas/glob with `/` as the separator), anchored at both ends.
    static func glob(_ pattern: String) throws -> NSRegularExpression {
        var written = pattern.lowercased()
        if !written.hasPrefix("/") { written = "/" + written }
        var expression = "^"
        var characters = Array(written)[...]
        var inAlternatives = false
        while let character = characters.popFirst() {
            switch character {
            case "*" where characters.first == "*":
                characters.removeFirst()
                expression += ".*"
            case "*": expression += "[^/]*"
            case "?": expression += "[^/]"
            case "{": inAlternatives = true; expression += "(?:"
            case "}" where inAlternatives: inAlternatives = false; expression += ")"
            case "," where inAlternatives: expression += "|"
            case "[", "]": expression.append(character)
            case "!" where expression.hasSuffix("["): expression += "^"
            case "\\":
                if let next = characters.popFirst() { expression += NSRegularExpression.escapedPattern(for: String(next)) }
            default: expression += NSRegularExpression.escapedPattern(for: String(character))
            }
        }
        return try NSRegularExpression(pattern: expression + "$")
    }
}
