/// A page that is not an entry (an about page, a colophon): built with the
/// site's layout at its own URL, outside every stream and feed.
public struct StandalonePage: Sendable {
    public var source: SourceFile
    public var title: String
    public var outputPath: OutputPath
    public var url: String
    /// Old addresses that lead here (`aliases`, `redirect_from`): a redirect page is written at each.
    public var redirectsFrom: [OutputPath] = []
}
