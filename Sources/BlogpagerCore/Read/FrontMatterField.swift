/// One top-level key of an entry's front matter, whichever language it was
/// written in (YAML, TOML or JSON), with where its value sits.
public struct FrontMatterField: Sendable {
    public var key: String
    public var keyLocation: SourceLocation
    public var valueLocation: SourceLocation
    public var value: FrontMatterValue
    /// For a scalar, the text exactly as written (dates are read from it); a
    /// TOML date or datetime is given in RFC 3339, as its language defines it.
    public var rawText: String?
    /// Locations and raw text of a list's items, for per-item checks.
    public var items: [(location: SourceLocation, rawText: String?)]
}
