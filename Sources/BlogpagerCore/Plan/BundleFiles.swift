/// A page bundle's files (Hugo's and Zola's `name/index.md` with its images beside it), as static
/// files beside their entry's page: where they go is known once the entries' URLs are.
enum BundleFiles {
    /// A page bundle's files, beside its entry's page (`posts/name/pic.png` for `posts/name/index.html`).
    static func of(_ entries: [Entry], resources: [String: [BundleResource]], log: inout DiagnosticLog) -> [StaticFile] {
        guard !resources.isEmpty else { return [] }
        var files: [StaticFile] = []
        for entry in entries {
            let segments = entry.source.relativePath.split(separator: "/")
            guard segments.count >= 2, let bundle = resources[segments.dropLast().joined(separator: "/")] else { continue }
            let folder = Array(entry.outputPath.segments.dropLast())
            for resource in bundle {
                do {
                    files.append(StaticFile(path: try OutputPath(folder + resource.name.split(separator: "/").map(String.init)), content: resource.content))
                } catch {
                    log.append(.error(at: SourceLocation(path: entry.sourcePath), "bundle file \(resource.name) has an unsafe name: \(error.message)"))
                }
            }
        }
        return files
    }
}
