import Foundation

/// Finds the inputs under the content folder: every `*.md` / `*.markdown`
/// (recursively, hidden files and folders skipped) and the files of
/// `static/`, which are copied to `out/` as they are. Hugo's `_index.md`
/// section files describe a folder, not an entry, and are skipped too.
public struct ContentScanner: Sendable {
    public struct Found: Sendable {
        public var sources: [SourceFile] = []
        public var staticFiles: [OutputFile] = []
        public var diagnostics: [Diagnostic] = []
    }

    /// The content folder as the user named it (used in messages).
    public var folder: String

    public init(folder: String) {
        self.folder = folder
    }

    public static let markdownExtensions: Set<String> = ["md", "markdown"]
    public static let staticFolder = "static"
    public static let sectionFileNames: Set<String> = ["_index.md", "_index.markdown"]

    public func scan() -> Found {
        var found = Found()
        let root = URL(fileURLWithPath: folder, isDirectory: true).standardizedFileURL
        let shownRoot = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder), isFolder.boolValue else {
            found.diagnostics.append(.error(at: SourceLocation(path: shownRoot), "content folder does not exist or is not a folder"))
            return found
        }
        // Relative path → the file's `stat` identity (nil for a link to nothing).
        var files: [String: String?] = [:]
        collect(root.path, relative: "", into: &files, diagnostics: &found.diagnostics, shownRoot: shownRoot)
        for relative in files.keys.sorted() {
            let shown = "\(shownRoot)/\(relative)"
            let path = root.path + "/" + relative
            let isStatic = relative.hasPrefix(Self.staticFolder + "/")
            let name = relative.split(separator: "/").last.map(String.init) ?? relative
            let ext = name.split(separator: ".", omittingEmptySubsequences: false).dropFirst().last.map { $0.lowercased() } ?? ""
            guard isStatic || Self.markdownExtensions.contains(ext) else { continue }
            if !isStatic, Self.sectionFileNames.contains(name) { continue }
            guard isStatic else {
                // Entries are read when the build needs them, not held from here.
                let identity = files[relative].flatMap { $0 } ?? "missing"
                found.sources.append(SourceFile(displayPath: shown, relativePath: relative, filePath: path, identity: identity))
                continue
            }
            let url = URL(fileURLWithPath: path)
            let bytes: [UInt8]
            do {
                bytes = Array(try Data(contentsOf: url))
            } catch {
                found.diagnostics.append(.error(at: SourceLocation(path: shown), "cannot read file: \(Self.reason(error))"))
                continue
            }
            do {
                let path = try OutputPath(relative.split(separator: "/").dropFirst().map(String.init))
                found.staticFiles.append(OutputFile(path: path, bytes: bytes))
            } catch {
                found.diagnostics.append(.error(at: SourceLocation(path: shown), "static file has an unsafe name: \(error.message)"))
            }
        }
        return found
    }

    /// One `stat` per name: it tells folders from files and gives each file's identity.
    private func collect(_ folder: String, relative: String, into files: inout [String: String?], diagnostics: inout [Diagnostic], shownRoot: String) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            diagnostics.append(.error(at: SourceLocation(path: relative.isEmpty ? shownRoot : "\(shownRoot)/\(relative)"), "cannot read folder: \(Self.reason(error))"))
            return
        }
        for name in names where !name.hasPrefix(".") {
            let child = folder + "/" + name
            let childRelative = relative.isEmpty ? name : "\(relative)/\(name)"
            var info = stat()
            guard stat(child, &info) == 0 else {
                // A link to nothing: list it, so that reading it reports the problem.
                if lstat(child, &info) == 0 { files[childRelative] = .some(nil) }
                continue
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                collect(child, relative: childRelative, into: &files, diagnostics: &diagnostics, shownRoot: shownRoot)
            } else {
                files[childRelative] = FileIdentity(info).recordText
            }
        }
    }

    static func reason(_ error: Error) -> String {
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        if let cocoa = error as? CocoaError, let underlying = cocoa.userInfo[NSUnderlyingErrorKey] as? NSError {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if let cocoa = error as? CocoaError {
            switch cocoa.code {
            case .fileReadNoPermission: return "permission denied"
            case .fileReadNoSuchFile: return "no such file"
            default: break
            }
        }
        return error.localizedDescription
    }
}
