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
    /// `path:line:column: error: message`, the form editors and CI logs understand: one line,
    /// whatever its path or message holds (a line break or other control character in it is written as an escape).
    public var description: String { Self.oneLine("\(location): \(severity.rawValue): \(message)") }

    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isBreaking) else { return text }
        var written = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": written += "\\n"
            case "\r": written += "\\r"
            case _ where isBreaking(scalar): written += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: written.unicodeScalars.append(scalar)
            }
        }
        return written
    }

    /// A control character other than the tab, or a character that ends a line (U+0085, U+2028, U+2029).
    private static func isBreaking(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F || scalar.value == 0x85 || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
