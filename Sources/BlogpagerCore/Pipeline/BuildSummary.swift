/// What a build came to, in the figures the command line prints. Kept with
/// the output, so a build that finds nothing changed can say the same again.
public struct BuildSummary: Sendable, Equatable, Codable {
    public var entries: Int
    public var pages: Int
    public var skippedDrafts: Int
    public var skippedFuture: Int
    /// Findings that did not stop the build (no `base_url`, so no feeds).
    public var warnings: [Diagnostic]
    /// Entries past their expiry date; nil in a record an earlier version wrote.
    public var skippedExpired: Int?
    /// Pages found beside the entries (not built yet); nil in a record an earlier version wrote.
    public var standalonePages: Int?
    /// The code blocks of the bodies this build rendered; nil when highlighting was off.
    public var codeBlocks: CodeBlocks?
    /// How long Pagefind ran, when it did.
    public var searchSeconds: Double?

    public struct CodeBlocks: Sendable, Equatable, Codable {
        public var blocks: Int
        /// Those Pygments highlighted this time; the rest came from the cache (or stayed plain).
        public var highlighted: Int
        public var fromCache: Int
    }

    public init(entries: Int, pages: Int, skippedDrafts: Int, skippedFuture: Int, warnings: [Diagnostic]) {
        self.entries = entries
        self.pages = pages
        self.skippedDrafts = skippedDrafts
        self.skippedFuture = skippedFuture
        self.warnings = warnings
    }
}
