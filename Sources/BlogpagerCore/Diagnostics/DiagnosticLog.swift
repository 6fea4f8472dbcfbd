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

    /// The findings sorted by file (byte order), line and column, as a reader
    /// goes through them; each note stays right after the finding it explains.
    /// Findings at one place keep the order they were found in.
    public func sortedByLocation() -> DiagnosticLog {
        var groups: [[Diagnostic]] = []
        for diagnostic in diagnostics {
            if diagnostic.severity == .note, !groups.isEmpty {
                groups[groups.count - 1].append(diagnostic)
            } else {
                groups.append([diagnostic])
            }
        }
        let order = groups.indices.sorted { a, b in
            let (left, right) = (groups[a][0].location, groups[b][0].location)
            if left.path != right.path { return left.path.precedesInBytes(right.path) }
            if left.line != right.line { return left.line < right.line }
            if left.column != right.column { return left.column < right.column }
            return a < b
        }
        var sorted = DiagnosticLog()
        for index in order { sorted.append(contentsOf: groups[index]) }
        return sorted
    }
}
