/// What a successful build made: every output file, the index, and warnings.
public struct SiteBuild: Sendable {
    public var files: [OutputFile]
    public var index: CursorIndex
    public var archive: Archive
    /// Entries left out (drafts, future) and other non-fatal findings.
    public var diagnostics: [Diagnostic]
    public var skippedDrafts: Int
    public var skippedFuture: Int
}
