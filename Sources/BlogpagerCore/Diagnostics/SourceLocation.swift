/// A place in an input file, 1-based, as compilers report it.
public struct SourceLocation: Sendable, Hashable, Codable {
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int = 1, column: Int = 1) {
        self.path = path
        self.line = max(1, line)
        self.column = max(1, column)
    }
}

extension SourceLocation: CustomStringConvertible {
    public var description: String { "\(path):\(line):\(column)" }
}
