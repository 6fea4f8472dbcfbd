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
    /// How the build is carried out: plain, or with the tactics of a large archive (`BuildExecution`).
    public var execution: any BuildExecution
    /// Where the stages' time is recorded (`--timings`); nil: not measured.
    public var timings: BuildTimings?
    /// Where the build says how far it is (`BuildProgress`); nil: nowhere.
    public var progress: BuildProgress?

    public init(includeDrafts: Bool = false, includeFuture: Bool = false, now: Date, program: ProgramIdentity, highlighter: CodeHighlighter? = nil,
                execution: any BuildExecution = PlainExecution(), timings: BuildTimings? = nil) {
        self.includeDrafts = includeDrafts
        self.includeFuture = includeFuture
        self.now = now
        self.program = program
        self.highlighter = highlighter
        self.execution = execution
        self.timings = timings
    }
}
