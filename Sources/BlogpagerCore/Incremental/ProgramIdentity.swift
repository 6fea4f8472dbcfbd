import Foundation

/// Which blogpager made a build: part of every key of what a rebuild reuses,
/// since another version may render the same input differently. Taken once,
/// by the command line, and passed in; the core never looks for it itself.
public struct ProgramIdentity: Sendable, Hashable {
    public var text: String

    public init(text: String) {
        self.text = text
    }

    /// The running program: the `stat` identity of its executable. Where that
    /// cannot be found, a text no other run shares, so nothing any other
    /// program made is ever taken as this one's (every build is then a full one).
    public static func current(in files: FileSystem) -> ProgramIdentity {
        if let path = Bundle.main.executablePath, let identity = files.file(at: path) {
            return ProgramIdentity(text: "executable \(identity.recordText)")
        }
        return ProgramIdentity(text: "unidentified \(ProcessInfo.processInfo.processIdentifier) \(UUID().uuidString)")
    }
}
