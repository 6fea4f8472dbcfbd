import Foundation

/// What the user asked of one build, and what it runs against: the clock and
/// the program, each taken once by the caller and passed in, so a build of the
/// same input under the same options is reproducible.
public struct BuildOptions: Sendable {
    public var includeDrafts = false
    public var includeFuture = false
    /// Entries dated after this are "future".
    public var now: Date
    /// Which blogpager builds: part of the keys of everything a rebuild keeps.
    public var program: ProgramIdentity
    /// Highlights fenced code when the site's config lets it; nil leaves code plain.
    public var highlighter: CodeHighlighter?
    /// A folder where the build may keep what it renders on the disk, not in memory, until
    /// it is written (`ArticleStore`): the output's `.blogpager/`. Nil keeps all in memory.
    public var spillFolder: String?

    public init(includeDrafts: Bool = false, includeFuture: Bool = false, now: Date, program: ProgramIdentity, highlighter: CodeHighlighter? = nil) {
        self.includeDrafts = includeDrafts
        self.includeFuture = includeFuture
        self.now = now
        self.program = program
        self.highlighter = highlighter
    }
}
