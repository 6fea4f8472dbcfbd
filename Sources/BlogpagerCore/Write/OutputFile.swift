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
