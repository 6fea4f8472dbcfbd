/// A build that could not finish: every problem found, not just the first,
/// and what it did to the output folder before it stopped.
public struct BuildFailure: Error, Sendable {
    public var diagnostics: [Diagnostic]
    /// What the output folder holds now.
    public var output: OutputState = .untouched
    /// True when the build was stopped (its task cancelled: Ctrl-C, SIGTERM), not failed.
    public var wasStopped = false
    /// True when an entry was not read only for want of a date, in a site that builds such a
    /// source as a page (`SiteConfig.reading.undatedEntries`).
    public var isUndatedPage = false

    /// What a build that did not finish left in the output folder.
    public enum OutputState: Sendable, Equatable {
        /// Nothing was written: the folder is byte for byte as before.
        case untouched
        /// Some files were written, each one whole and recorded as the build's
        /// own; the site still serves (indexes name only files that exist), and
        /// the next build finishes the work.
        case partlyWritten
    }

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public init(_ diagnostic: Diagnostic) {
        self.diagnostics = [diagnostic]
    }

    /// A build stopped on request, at a safe point.
    static func stopped(output: OutputState) -> BuildFailure {
        var failure = BuildFailure([])
        failure.output = output
        failure.wasStopped = true
        return failure
    }

    /// An entry not read only for want of a date, in a site that builds such a source as a page.
    static var undatedPage: BuildFailure {
        var failure = BuildFailure([])
        failure.isUndatedPage = true
        return failure
    }

    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
}

extension BuildFailure: CustomStringConvertible {
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
