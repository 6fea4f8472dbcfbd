/// One finding about the input, with where it is; only the CLI prints them.
public struct Diagnostic: Error, Sendable, Hashable, Codable {
    public enum Severity: String, Sendable, Hashable, Codable {
        case error, warning, note
    }

    public var location: SourceLocation
    public var severity: Severity
    public var message: String

    public init(_ severity: Severity, at location: SourceLocation, _ message: String) {
        self.location = location
        self.severity = severity
        self.message = message
    }

    public static func error(at location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.error, at: location, message)
    }

    public static func warning(at location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.warning, at: location, message)
    }

    public static func note(at location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.note, at: location, message)
    }
}

extension Diagnostic: CustomStringConvertible {
    /// `path:line:column: error: message`, the form editors and CI logs understand.
    public var description: String { "\(location): \(severity.rawValue): \(message)" }
}
