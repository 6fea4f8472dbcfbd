/// Collects findings while a step goes on, so one bad entry does not hide the next.
public struct DiagnosticLog: Sendable {
    public private(set) var diagnostics: [Diagnostic] = []

    public init() {}

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    public mutating func append(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    public mutating func append(contentsOf other: [Diagnostic]) {
        diagnostics.append(contentsOf: other)
    }

    /// Throws everything collected when any of it is an error.
    public func throwIfErrors() throws(BuildFailure) {
        if hasErrors { throw BuildFailure(diagnostics) }
    }
}
