/// The build's step for the files published as they are (static files, page
/// bundles' files): each copy the last build made is kept where its source is
/// unchanged and the copy intact (`StaticFileLookup`); the others are read, over
/// every core, to be written. Either way every image's size is known, for the
/// pages' `<img>` tags.
struct StaticFileCopies: Sendable {
    /// The files to write, read now.
    var written: [OutputFile] = []
    /// The copies left in place.
    var kept: [KeptFile] = []
    var imageSizes: [(path: OutputPath, size: ImageSize)] = []
    /// Every file copied from disk or kept, for the next build's `StaticFileCache`.
    var copied: [StaticFileCache.Copied] = []

    /// A file that cannot be read is an error in `log`, all of them in one run.
    init(_ files: [StaticFile], lookup: StaticFileLookup?, log: inout DiagnosticLog) {
        enum Outcome: Sendable {
            case kept(KeptFile, ImageSize?)
            case read([UInt8], ImageSize?)
            case unreadable(Diagnostic)
        }
        let outcomes = files.parallelMap { file -> Outcome in
            let isImage = ImageSizes.isImage(file.path)
            switch file.content {
            case .bytes(let bytes):
                return .read(bytes, isImage ? ImageSize(bytes) : nil)
            case .file(let source):
                if let (kept, size) = lookup?.kept(file.path, sourceIdentity: source.identity) { return .kept(kept, size) }
                do {
                    let bytes = try source.files.read(source.filePath)
                    return .read(bytes, isImage ? ImageSize(bytes) : nil)
                } catch {
                    return .unreadable(.error(at: SourceLocation(path: source.shownPath), "cannot read file: \(SystemErrorText.reason(error))"))
                }
            }
        }
        for (file, outcome) in zip(files, outcomes) {
            let size: ImageSize?
            switch outcome {
            case .kept(let kept, let imageSize):
                self.kept.append(kept)
                size = imageSize
            case .read(let bytes, let imageSize):
                written.append(OutputFile(path: file.path, bytes: bytes))
                size = imageSize
            case .unreadable(let diagnostic):
                log.append(diagnostic)
                continue
            }
            if let size { imageSizes.append((file.path, size)) }
            if let source = file.source { copied.append(StaticFileCache.Copied(path: file.path, sourceIdentity: source.identity, imageSize: size)) }
        }
    }
}
