/// Where an entry lives, from config `permalink` such as `/posts/:slug/` or
/// `/:year/:month/:day/:slug/`. Tokens are whole path segments or parts of one.
public struct PermalinkPattern: Sendable, Hashable {
    public enum Token: Sendable, Hashable {
        case literal(String)
        case year, month, day, slug
    }

    /// One path segment, made of literal text and tokens (`:year-:slug` is allowed).
    public var segments: [[Token]]
    /// True for `/posts/:slug/` (folder with index.html), false for `/posts/:slug.html`.
    public var endsInFolder: Bool
    public var text: String

    public static let `default` = try! PermalinkPattern("/posts/:slug/")

    public struct Invalid: Error, Sendable { public var message: String }

    public init(_ text: String) throws(Invalid) {
        self.text = text
        guard text.hasPrefix("/") else { throw Invalid(message: "permalink must start with '/', as in /posts/:slug/") }
        endsInFolder = text.hasSuffix("/")
        let parts = text.split(separator: "/", omittingEmptySubsequences: true)
        guard !parts.isEmpty else { throw Invalid(message: "permalink must contain :slug") }
        segments = try parts.map { part throws(Invalid) in try Self.tokens(in: String(part)) }
        guard segments.contains(where: { $0.contains(.slug) }) else {
            throw Invalid(message: "permalink '\(text)' must contain :slug so that each entry gets its own URL")
        }
        if !endsInFolder, !(text.hasSuffix(".html")) {
            throw Invalid(message: "permalink must end with '/' or '.html'")
        }
    }

    private static func tokens(in segment: String) throws(Invalid) -> [Token] {
        if segment == "." || segment == ".." { throw Invalid(message: "permalink may not contain '.' or '..' segments") }
        var tokens: [Token] = []
        var literal = ""
        var rest = Substring(segment)
        let names: [(String, Token)] = [(":year", .year), (":month", .month), (":day", .day), (":slug", .slug), (":title", .slug)]
        while let character = rest.first {
            if character == ":", let (name, token) = names.first(where: { rest.hasPrefix($0.0) }) {
                if !literal.isEmpty { tokens.append(.literal(literal)); literal = "" }
                tokens.append(token)
                rest = rest.dropFirst(name.count)
            } else if character == ":" {
                throw Invalid(message: "unknown permalink token in '\(segment)'; known tokens are :year, :month, :day, :slug")
            } else {
                literal.append(character)
                rest = rest.dropFirst()
            }
        }
        if !literal.isEmpty { tokens.append(.literal(literal)) }
        return tokens
    }

    /// The raw (unencoded) path segments for an entry; the last names the file.
    public func outputSegments(slug: String, date: EntryDate) -> [String] {
        let wall = date.local
        let filled = segments.map { segment in
            segment.map { token -> String in
                switch token {
                case .literal(let text): return text
                case .year: return String(wall.year)
                case .month: return wall.month < 10 ? "0\(wall.month)" : String(wall.month)
                case .day: return wall.day < 10 ? "0\(wall.day)" : String(wall.day)
                case .slug: return slug
                }
            }.joined()
        }
        return endsInFolder ? filled + ["index.html"] : filled
    }
}
