/// One top-level `key: value` of a YAML mapping, with where its value sits.
public struct YAMLField: Sendable {
    public var key: String
    public var keyLocation: SourceLocation
    public var valueLocation: SourceLocation
    public var value: FrontMatterValue
    /// For a scalar, the text exactly as written (dates are read from it).
    public var rawText: String?
    /// Locations and raw text of a list's items, for per-item checks.
    public var items: [(location: SourceLocation, rawText: String?)]
}
