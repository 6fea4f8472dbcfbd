/// A syntax or render error, located in the template it came from.
public struct LiquidError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var line: Int
    public var column: Int
    /// The include the error happened in, when it was not the page itself.
    public var include: String?

    public init(_ message: String, at position: LiquidPosition, include: String? = nil) {
        self.message = message
        self.line = position.line
        self.column = position.column
        self.include = include
    }

    public var description: String {
        (include.map { "in include \($0): " } ?? "") + "\(line):\(column): \(message)"
    }
}

/// Where a tag or an output starts in its template, 1-based.
public struct LiquidPosition: Sendable, Hashable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}
