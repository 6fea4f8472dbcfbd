/// A build that could not finish: every problem found, not just the first.
public struct BuildFailure: Error, Sendable {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public init(_ diagnostic: Diagnostic) {
        self.diagnostics = [diagnostic]
    }

    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
}

extension BuildFailure: CustomStringConvertible {
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
