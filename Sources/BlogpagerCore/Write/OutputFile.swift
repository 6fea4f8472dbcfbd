/// One file the build produces, held until the writer puts it in place.
public struct OutputFile: Sendable, Hashable {
    public var path: OutputPath
    public var bytes: [UInt8]

    public init(path: OutputPath, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    public init(path: OutputPath, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }
}

/// A file the build would make exactly as the last build did, left in place:
/// the writer only records it (its digest is the manifest's). Made only from
/// what the last build's list of files says of it, so always one of ours
/// (`OutputSession.finish` counts on it).
public struct KeptFile: Sendable, Hashable {
    public var path: OutputPath
    public var digest: String
}

/// What a build hands the writer at a time: files to write, files kept as they are.
public struct OutputBatch: Sendable {
    public var files: [OutputFile]
    public var kept: [KeptFile]

    public init(files: [OutputFile] = [], kept: [KeptFile] = []) {
        self.files = files
        self.kept = kept
    }
}
